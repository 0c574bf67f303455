import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startE2e, type E2e } from './support/app';
import { pageAs } from './support/admin';
import { pasosDelAsistente } from './support/wizard';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

/** A customer on a phone (375 px): the ☰ panel after leaving a page, figures that must not break across lines. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(() => e?.close());

const PHONE = { width: 375, height: 812 };
const { hastaResumen } = pasosDelAsistente(() => e.url);

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

describe('figures inside a sentence stay whole at 375 px', () => {
  it("the rate-change notice never splits '₲' from its rate nor an amount from its currency", async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    await hastaResumen(page);
    const auth = { authorization: `Bearer ${await adminToken()}` };
    const tasas = (await (await fetch(`${e.url}/api/cotizaciones/?all=true`, { headers: auth })).json()) as { id: number; divisa_detalle: { codigo: string }; precioBase: string }[];
    const usd = tasas.find((t) => t.divisa_detalle.codigo === 'USD')!;
    const res = await fetch(`${e.url}/api/cotizaciones/${usd.id}/`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ precioBase: String(Number(usd.precioBase) + 100) }),
    });
    expect(res.status).toBe(200);
    const aviso = page.getByTestId('aviso-cotizacion');
    await aviso.waitFor({ timeout: 10_000 });
    const cifras = aviso.locator('[data-cifra]');
    expect(await cifras.count()).toBe(4);
    // One line box each: the sentence wraps around the figures.
    const lineas = await cifras.evaluateAll((els) => els.map((el) => el.getClientRects().length));
    expect(lineas).toEqual([1, 1, 1, 1]);
    expect(await aviso.textContent()).toMatch(/la tasa pasa de ₲ [\d.,]+ a ₲ [\d.,]+ y recibirías [\d.,]+ USD en lugar de [\d.,]+ USD\./);
    await page.context().close();
  });
});

async function adminToken(): Promise<string> {
  const res = await fetch(`${e.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  return ((await res.json()) as { access: string }).access;
}
