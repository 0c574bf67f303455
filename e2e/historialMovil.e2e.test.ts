import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { OP_MSG } from '../src/shared/transacciones';

/** The history at 375 px (cards) and 1366 px (table); the receipt it leads to and back. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(() => e?.close());

async function pageOf(username: string, password: string, width: number) {
  const page = await e.newPage({ width, height: 850 });
  await login(page, e.url, username, password);
  return page;
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Every visible control of the locator is at least 24 × 24 CSS px (WCAG 2.2, 2.5.8). */
async function targetsAtLeast24(scope: Locator) {
  const small = await scope.locator('button:visible, a:visible, select:visible, input:visible').evaluateAll((els) =>
    els
      .map((el) => ({ el: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim(), r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 24 || r.height < 24)
      .map(({ el, r }) => `${el} ${r.width}×${r.height}`),
  );
  expect(small).toEqual([]);
}

async function cardsInView(page: Page) {
  const cards = page.getByRole('list', { name: 'Transacciones' }).getByRole('listitem');
  await cards.first().waitFor();
  expect(await page.getByRole('table', { name: 'Transacciones' }).isVisible()).toBe(false);
  expect(await noSideScroll(page)).toBe(true);
  for (const card of await cards.all()) {
    for (const part of [card.getByTestId('estado'), card.getByRole('button', { name: /^Ver transacción/ })]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
  }
  return cards;
}

describe('history on a phone', () => {
  it('a customer sees cards with state and action in view, guaraníes without decimals; the receipt goes back to the history', async () => {
    const page = await pageOf(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password, 375);
    await page.goto(`${e.url}/historial-transacciones?estado=completada`);
    const cards = await cardsInView(page);
    const text = await page.getByRole('list', { name: 'Transacciones' }).innerText();
    expect(text).toContain('1.000.000 PYG');
    expect(text).not.toMatch(/,\d\d PYG/);
    expect(text).toContain('COMPLETADA');
    await targetsAtLeast24(page.getByRole('main'));
    await page.screenshot({ path: '/tmp/wt27b-historial-cliente-375.png', fullPage: true });

    await cards.filter({ hasText: '1.000.000 PYG' }).getByRole('button', { name: /^Ver transacción/ }).click();
    const detalle = page.getByTestId('detalle-transaccion');
    await detalle.waitFor();
    expect(await detalle.innerText()).toMatch(/Comisión del método\s+\d+,\d\d %/);
    expect(await detalle.innerText()).toMatch(/Equivalente en guaraníes\s+1\.000\.000 PYG/);
    // The house's margin has the wizard's name, which the discount line refers to ('del margen').
    expect(await detalle.innerText()).toMatch(/Margen de venta por USD\s+₲ [\d.,]+/);
    await page.screenshot({ path: '/tmp/wt27b-detalle-375.png' });
    await page.getByRole('link', { name: 'Ver comprobante' }).click();
    await page.waitForURL(/\/comprobante\/\d+$/);
    const comprobante = page.getByRole('article', { name: 'Comprobante' });
    await comprobante.waitFor();
    const recibo = await comprobante.innerText();
    expect(recibo).toContain('Realizada por');
    expect(recibo).not.toContain('Operador');
    expect(recibo).toMatch(/Comisión del método\s+\d+,\d\d % \(/);
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: '/tmp/wt27b-comprobante-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL(`${e.url}/historial-transacciones?estado=completada`);
    await cardsInView(page);
    await page.context().close();
  });

  it('a receipt opened directly goes back to the history', async () => {
    const page = await pageOf(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password, 375);
    await page.goto(`${e.url}/historial-transacciones`);
    await page.getByRole('list', { name: 'Transacciones' }).getByRole('listitem').first().waitFor();
    const nueva = await page.context().newPage();
    const id = await page.evaluate(async () => {
      const res = await fetch('/api/operaciones/transacciones/?page=1', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await res.json()) as { results: { id: number }[] }).results[0].id;
    });
    await nueva.goto(`${e.url}/comprobante/${id}`);
    await nueva.getByRole('article', { name: 'Comprobante' }).waitFor();
    await nueva.getByRole('button', { name: 'Volver' }).click();
    await nueva.waitForURL(`${e.url}/historial-transacciones`);
    await page.context().close();
  });

  it('staff see every transaction as cards at 375 px and as the table at 1366 px', async () => {
    const movil = await pageOf(ADMIN.username, ADMIN.password, 375);
    await movil.goto(`${e.url}/historial-transacciones`);
    await cardsInView(movil);
    await targetsAtLeast24(movil.getByRole('main'));
    await movil.screenshot({ path: '/tmp/wt27b-historial-staff-375.png', fullPage: true });
    await movil.context().close();

    const page = await pageOf(ADMIN.username, ADMIN.password, 1366);
    await page.goto(`${e.url}/historial-transacciones`);
    await page.getByRole('columnheader', { name: 'Método financiero' }).waitFor();
    expect(await page.getByRole('list', { name: 'Transacciones' }).isVisible()).toBe(false);
    expect(await noSideScroll(page)).toBe(true);
    await targetsAtLeast24(page.getByRole('main'));
    expect(await page.getByRole('table', { name: 'Transacciones' }).innerText()).not.toMatch(/,\d\d PYG/);
    await page.screenshot({ path: '/tmp/wt27b-historial-staff-1366.png', fullPage: true });
    await page.context().close();
  });

  it('finds a transaction by its code and by currency; the filters stay in the URL across a reload', async () => {
    const db = e.server.database.db;
    const eur = await db.selectFrom('divisas').select('id').where('codigo', '=', 'EUR').executeTakeFirstOrThrow();
    const otra = await db.selectFrom('transacciones').select('codigo').where('divisa_origen_id', '!=', eur.id).where('divisa_destino_id', '!=', eur.id).executeTakeFirstOrThrow();
    const page = await pageOf(ADMIN.username, ADMIN.password, 1366);
    await page.goto(`${e.url}/historial-transacciones`);
    const tabla = page.getByRole('table', { name: 'Transacciones' });
    await page.getByRole('button', { name: `Ver transacción ${otra.codigo}` }).waitFor();

    await page.getByLabel('Divisa').selectOption('EUR');
    await page.waitForURL(/divisa=EUR/);
    await page.getByRole('button', { name: `Ver transacción ${otra.codigo}` }).waitFor({ state: 'detached' });
    const filas = await tabla.locator('tbody tr').allInnerTexts();
    expect(filas.length).toBeGreaterThan(0);
    for (const fila of filas) expect(fila).toContain('EUR');

    await page.getByLabel('Divisa').selectOption('');
    await page.getByRole('searchbox', { name: 'Buscar por código…' }).fill(otra.codigo.toLowerCase());
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(new RegExp(`search=${otra.codigo.toLowerCase()}`));
    await expect.poll(() => tabla.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: `Ver transacción ${otra.codigo}` }).waitFor();
    // The row shows the code it was found by (under the operation, as on a phone's card).
    expect(await tabla.locator('tbody tr [data-codigo-transaccion]').innerText()).toBe(otra.codigo);

    await page.reload();
    await page.getByRole('button', { name: `Ver transacción ${otra.codigo}` }).waitFor();
    expect(await tabla.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'Buscar por código…' }).inputValue()).toBe(otra.codigo.toLowerCase());
    await page.context().close();

    const movil = await pageOf(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password, 375);
    await movil.goto(`${e.url}/historial-transacciones?divisa=EUR`);
    const cards = await cardsInView(movil);
    for (const card of await cards.allInnerTexts()) expect(card).toContain('EUR');
    expect(await movil.getByLabel('Divisa').inputValue()).toBe('EUR');
    await targetsAtLeast24(movil.getByRole('main'));
    await movil.context().close();
  });

  it('a detail opened by its link (?ver=) closes without leaving a step behind: Back returns to the page before', async () => {
    const page = await pageOf(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password, 1366);
    await page.goto(`${e.url}/historial-transacciones?estado=completada`);
    await page.getByRole('table', { name: 'Transacciones' }).getByRole('cell', { name: 'COMPLETADA' }).first().waitFor();
    const t = await e.server.database.db.selectFrom('transacciones').select('id').where('estado', '=', 'en_proceso').executeTakeFirstOrThrow();
    await page.goto(`${e.url}/historial-transacciones?ver=${t.id}`);
    const dialogo = page.getByRole('dialog', { name: 'Detalle de la transacción' });
    await dialogo.getByTestId('detalle-transaccion').waitFor();
    await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await page.waitForURL(`${e.url}/historial-transacciones`);
    await page.goBack();
    await page.waitForURL(`${e.url}/historial-transacciones?estado=completada`);
    expect(await dialogo.count()).toBe(0);
    await page.context().close();
  });

  it("offers to resume a pending operation only for the current client: another client's is resumed after choosing it", async () => {
    const page = await pageOf(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password, 375);
    const pendientes = await e.server.database.db
      .selectFrom('transacciones as t')
      .innerJoin('clientes as c', 'c.id_cliente', 't.cliente_id')
      .select(['t.id', 't.codigo', 'c.nombre'])
      .where('t.estado', '=', 'pendiente')
      .execute();
    const propia = pendientes.find((t) => t.nombre === 'María González')!;
    const otra = pendientes.find((t) => t.nombre === 'Importadora Guaraní S.A.')!;
    // The navbar's current client is María González.
    await page.goto(`${e.url}/historial-transacciones?ver=${otra.id}`);
    const dialogo = page.getByRole('dialog', { name: 'Detalle de la transacción' });
    await dialogo.getByTestId('retomar-otro-cliente').waitFor();
    expect(await dialogo.getByTestId('retomar-otro-cliente').textContent()).toBe(OP_MSG.retomarOtroCliente('Importadora Guaraní S.A.'));
    expect(await dialogo.getByRole('link', { name: `Retomar ${otra.codigo}` }).count()).toBe(0);
    await page.goto(`${e.url}/historial-transacciones?ver=${propia.id}`);
    await dialogo.getByRole('link', { name: `Retomar ${propia.codigo}` }).waitFor();
    expect(await dialogo.getByTestId('retomar-otro-cliente').count()).toBe(0);

    // The wizard opened with the other client's operation (a hand-made link, or Back after changing
    // the navbar's client) neither shows it under María González's name nor offers to pay it.
    await page.goto(`${e.url}/operacion-compra-venta?paso=4&tx=${otra.id}`);
    const aviso = page.getByTestId('de-otro-cliente');
    await aviso.waitFor();
    expect(await aviso.textContent()).toContain(otra.codigo);
    expect(await aviso.textContent()).toContain(OP_MSG.retomarOtroCliente('Importadora Guaraní S.A.'));
    expect(await page.getByRole('heading', { name: 'Resumen de tu Operación' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Pagar|Continuar/ }).count()).toBe(0);
    await page.goto(`${e.url}/operacion-compra-venta?paso=4&tx=${propia.id}`);
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(await page.getByTestId('de-otro-cliente').count()).toBe(0);
    await page.context().close();
  });
});
