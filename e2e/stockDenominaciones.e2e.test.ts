import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2e } from './support/app';
import { pageAs } from './support/admin';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

/** Moves inside the app (no reload: what was already loaded stays in the page's cache). */
const irA = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

async function billetesDelTauser(page: Page) {
  await irA(page, '/configuracion-tausers');
  await page.getByRole('row').filter({ hasText: 'TAU-ASU-01' }).getByRole('button', { name: 'Ver' }).click();
  const select = page.getByRole('dialog').locator('#stock-billete');
  await select.locator('option', { hasText: 'USD 100' }).waitFor({ state: 'attached' });
  const opciones = await select.locator('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return opciones.filter((o) => o.startsWith('USD'));
}

async function denominacionesUsd(page: Page) {
  await irA(page, '/divisas?search=USD');
  await page.getByRole('row').filter({ hasText: 'USD' }).getByRole('button', { name: 'Gestionar denominaciones' }).click();
  return page.getByRole('dialog');
}

describe("a Tauser's stock follows the currencies' notes at once", () => {
  it("a note created is offered in a Tauser's Billete list right after, and no longer once taken out of use (no reload)", async () => {
    const page = await pageAs(e, '/configuracion-tausers');
    expect(await billetesDelTauser(page)).not.toContain('USD 1.000');

    const modal = await denominacionesUsd(page);
    await modal.getByLabel('Nueva denominación').fill('1.000');
    await modal.getByRole('button', { name: 'Agregar' }).click();
    await modal.getByRole('row').filter({ hasText: 'US$ 1.000' }).waitFor();
    await page.keyboard.press('Escape');
    // The modal first shows what was loaded before and then the refreshed list: wait for the condition.
    await expect.poll(() => billetesDelTauser(page)).toContain('USD 1.000');

    const otra = await denominacionesUsd(page);
    await otra.getByRole('row').filter({ hasText: 'US$ 1.000' }).getByRole('button', { name: 'Desactivar' }).click();
    await otra.getByRole('row').filter({ hasText: 'US$ 1.000' }).getByRole('button', { name: 'Activar' }).waitFor();
    await page.keyboard.press('Escape');
    // Out of use with none in the terminal: nothing left to load or withdraw, so it is no longer offered.
    await expect.poll(async () => (await billetesDelTauser(page)).filter((o) => o.startsWith('USD 1.000'))).toEqual([]);
    await page.close();
  });

  it("a load at a Tauser shows in Reportes' stock table right after (no reload)", async () => {
    const page = await pageAs(e, '/reportes');
    const fila = () => page.getByRole('table', { name: 'Stock por Tauser y divisa' }).getByRole('row').filter({ hasText: 'TAU-ENC-01' });
    const usd = async () => {
      const encabezados = await page.getByRole('table', { name: 'Stock por Tauser y divisa' }).getByRole('columnheader').allInnerTexts();
      return (await fila().getByRole('cell').allInnerTexts())[encabezados.indexOf('USD')];
    };
    await fila().waitFor();
    const antes = await usd();

    await irA(page, '/configuracion-tausers');
    await page.getByRole('row').filter({ hasText: 'TAU-ENC-01' }).getByRole('button', { name: 'Ver' }).click();
    const modal = page.getByRole('dialog');
    const billete = modal.locator('#stock-billete');
    await billete.locator('option', { hasText: 'USD 100' }).waitFor({ state: 'attached' });
    await billete.selectOption({ label: 'USD 100' });
    await modal.getByLabel('Cantidad', { exact: true }).fill('10');
    await modal.getByLabel('Motivo', { exact: true }).fill('Carga de prueba');
    await modal.getByRole('button', { name: 'Guardar movimiento' }).click();
    await page.getByText('Stock actualizado', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');

    await irA(page, '/reportes');
    await expect.poll(usd).not.toBe(antes);
    expect(await usd()).toBe('10.300');
    await page.close();
  });

  it("the new note's example fits the currency: '200.000' for guaraníes, '100' for dollars", async () => {
    const page = await pageAs(e, '/divisas');
    const ejemplo = async (codigo: string) => {
      await page.getByRole('row').filter({ hasText: codigo }).getByRole('button', { name: 'Gestionar denominaciones' }).click();
      const p = await page.getByRole('dialog').getByLabel('Nueva denominación').getAttribute('placeholder');
      await page.keyboard.press('Escape');
      return p;
    };
    expect(await ejemplo('PYG')).toBe('200.000');
    expect(await ejemplo('USD')).toBe('100');
    await page.close();
  });
});
