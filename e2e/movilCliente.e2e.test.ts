import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2e } from './support/app';
import { pageAs } from './support/admin';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

/** A customer on a phone (375 px): the ☰ panel after leaving a page. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(() => e?.close());

const PHONE = { width: 375, height: 812 };

async function abrirMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const panel = page.getByTestId('mobile-panel');
  await panel.waitFor();
  return panel;
}

describe('the ☰ panel closes when the page changes', () => {
  it('after Cerrar sesión: the home page shows, not the guest menu over it', async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, PHONE);
    const panel = await abrirMenu(page);
    await panel.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.getByRole('link', { name: 'Crear cuenta' }).waitFor();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('after Cerrar sesión on the home page itself (no change of address)', async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    const panel = await abrirMenu(page);
    await panel.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('link', { name: 'Crear cuenta' }).waitFor();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("after tapping the logo or going back in the browser", async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, PHONE);
    let panel = await abrirMenu(page);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: /Cambio/ }).click();
    await page.waitForURL(`${e.url}/`);
    await panel.waitFor({ state: 'detached' });
    panel = await abrirMenu(page);
    await page.goBack();
    await page.waitForURL(`${e.url}/historial-transacciones`);
    await panel.waitFor({ state: 'detached' });
    // The button still opens it on the new page.
    await abrirMenu(page);
    await page.context().close();
  });
});
