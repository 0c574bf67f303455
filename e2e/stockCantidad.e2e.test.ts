import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { CANTIDAD_MSG, MONTO_TEXTO_MSG } from '../src/shared/montoEsPy';
import { TERMINAL_MSG } from '../src/shared/schemas/terminal';

/** A Tauser's stock count is typed in the shared amount field: es-PY thousands, refusals with the reason. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(() => e?.close());

describe('stock count', () => {
  it('reads 1.000 as a thousand notes and refuses -3 and 2,5 with the reason', async () => {
    const page = await e.newPage({ width: 1366, height: 900 });
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Ver Tauser Centro Asunción' }).click();
    const d = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    const form = d.getByRole('form', { name: 'Cargar o retirar billetes' });
    await form.waitFor();
    const cantidad = form.getByLabel('Cantidad');
    const error = form.getByTestId('stock-cantidad-error');
    await cantidad.fill('-3');
    expect(await error.textContent()).toBe(CANTIDAD_MSG.negativo);
    await cantidad.fill('2,5');
    expect(await error.textContent()).toBe(CANTIDAD_MSG.sinDecimales);
    await cantidad.fill('1e3');
    expect(await error.textContent()).toBe(MONTO_TEXTO_MSG.exponente);
    await form.getByLabel('Billete').selectOption({ index: 1 });
    await cantidad.fill('1.000');
    expect(await error.count()).toBe(0);
    await form.getByLabel('Motivo').fill('Carga inicial');
    const sent = page.waitForRequest((r) => r.url().includes('/trpc/') && r.method() === 'POST' && (r.postData() ?? '').includes('"cantidad"'));
    await form.getByRole('button', { name: 'Guardar movimiento' }).click();
    expect(JSON.parse((await sent).postData()!)).toMatchObject({ cantidad: 1000 });
    await page.context().close();
  });

  it('says in Spanish what is missing (no browser bubble) and a saved movement leaves a clean form', async () => {
    const page = await e.newPage({ width: 1366, height: 900 });
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Ver Tauser Centro Asunción' }).click();
    const d = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    const form = d.getByRole('form', { name: 'Cargar o retirar billetes' });
    await form.waitFor();
    const guardar = form.getByRole('button', { name: 'Guardar movimiento' });
    const cantidadError = form.getByTestId('stock-cantidad-error');
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    await guardar.click();
    await form.getByText(TERMINAL_MSG.elegiBillete).waitFor();
    await form.getByText(TERMINAL_MSG.motivoRequerido).waitFor();
    expect(await cantidadError.textContent()).toBe(CANTIDAD_MSG.vacio);
    // Choosing a note forgets its message.
    await form.getByLabel('Billete').selectOption({ index: 1 });
    expect(await form.getByText(TERMINAL_MSG.elegiBillete).count()).toBe(0);
    await form.getByLabel('Cantidad').fill('2');
    await form.getByLabel('Cantidad').blur();
    await form.getByLabel('Motivo').fill('Carga de prueba');
    await guardar.click();
    await page.locator('[role="status"]', { hasText: TERMINAL_MSG.stockActualizado }).waitFor();
    await expect.poll(() => form.getByLabel('Cantidad').inputValue()).toBe('');
    expect(await form.getByLabel('Motivo').inputValue()).toBe('');
    expect(await cantidadError.count()).toBe(0);
    expect(await form.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it("lists the terminal's note movements, newest first: when, which note, how many, before and after, who and why", async () => {
    const page = await e.newPage({ width: 1366, height: 900 });
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Ver Tauser Itá' }).click();
    const d = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    const tabla = d.getByRole('table', { name: 'Movimientos de billetes' });
    // The demo's first load: 50 of every active note, by the system, more than one page of them.
    await tabla.getByRole('cell', { name: 'Carga inicial de demostración' }).first().waitFor();
    expect(await tabla.getByRole('row').count()).toBe(11);
    await d.getByText(/^Página 1 de \d+$/).waitFor();
    const form = d.getByRole('form', { name: 'Cargar o retirar billetes' });
    await form.getByLabel('Billete').selectOption({ label: 'USD 100' });
    await form.getByLabel('Cantidad').fill('1.000');
    await form.getByLabel('Motivo').fill('Reposición semanal');
    await form.getByRole('button', { name: 'Guardar movimiento' }).click();
    const primera = tabla.getByRole('row').nth(1);
    await primera.getByRole('cell', { name: 'Reposición semanal' }).waitFor();
    const celdas = await primera.getByRole('cell').allInnerTexts();
    const hoy = new Intl.DateTimeFormat('es-PY', { dateStyle: 'short', timeZone: 'America/Asuncion' }).format(new Date());
    expect(celdas[0]).toContain(hoy);
    expect(celdas.slice(1)).toEqual(['USD 100', '+1.000', '50', '1.050', ADMIN.username, 'Reposición semanal']);
    await d.getByRole('button', { name: 'Siguiente' }).click();
    await d.getByText(/^Página 2 de \d+$/).waitFor();
    await page.context().close();
  });
});
