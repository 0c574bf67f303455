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

  it("asks before rotating or revoking the terminal's key (either ends the kiosk's session), and Volver changes nothing", async () => {
    const page = await e.newPage({ width: 1366, height: 900 });
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Ver Tauser Villa Morra' }).click();
    const d = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    const hash = async () =>
      (await e.server.database.db.selectFrom('tausers').select('secret_hash').where('codigo', '=', 'TAU-ASU-02').executeTakeFirstOrThrow()).secret_hash;
    // A terminal without a key gets one at once: nothing to lose.
    await d.getByRole('button', { name: 'Generar clave' }).click();
    const clave = d.getByRole('status').filter({ hasText: 'se muestra una sola vez' }).locator('code');
    await clave.waitFor();
    const primera = await clave.innerText();
    const antes = await hash();
    expect(antes).not.toBeNull();

    await d.getByRole('button', { name: 'Rotar clave' }).click();
    const rotar = page.getByRole('dialog', { name: '¿Rotar la clave del terminal?' });
    await rotar.getByText('cierra su sesión').waitFor();
    await rotar.getByRole('button', { name: 'Volver' }).click();
    await rotar.waitFor({ state: 'hidden' });
    expect(await hash()).toBe(antes);
    expect(await clave.innerText()).toBe(primera);

    await d.getByRole('button', { name: 'Rotar clave' }).click();
    await rotar.getByRole('button', { name: 'Rotar clave' }).click();
    await expect.poll(() => clave.innerText()).not.toBe(primera);
    await expect.poll(hash).not.toBe(antes);

    await d.getByRole('button', { name: 'Revocar clave' }).click();
    const revocar = page.getByRole('dialog', { name: '¿Revocar la clave del terminal?' });
    await revocar.getByRole('button', { name: 'Volver' }).click();
    await revocar.waitFor({ state: 'hidden' });
    expect(await hash()).not.toBeNull();
    await d.getByRole('button', { name: 'Revocar clave' }).click();
    await revocar.getByRole('button', { name: 'Revocar clave' }).click();
    await d.getByText('El terminal no tiene clave: no puede iniciar sesión.').waitFor();
    expect(await hash()).toBeNull();
    await page.context().close();
  });
});
