import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { DEMO_TERMINAL } from '../src/server/db/seed/terminal';
import { TERMINAL_MSG, type Entrega } from '../src/shared/schemas/terminal';
import { formatAmount } from '../src/shared/format';
import { totalDesglose } from '../src/shared/desglose';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
}, 120_000);
afterAll(() => e2e?.close());

async function rest(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${e2e.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** A PYG → USD cash transaction (or a USD sale credited to the customer's account) at the demo terminal, created and paid by the demo customer through REST. */
async function transaccionEnProceso(venta = false) {
  const db = e2e.server.database.db;
  const token = (await rest('/token/', { method: 'POST', body: { username: DEMO_CUSTOMER.username, password: DEMO_CUSTOMER.password } })).body.access as string;
  const cliente = await db
    .selectFrom('user_clientes as uc')
    .innerJoin('users as u', 'u.id', 'uc.user_id')
    .innerJoin('clientes as c', 'c.id_cliente', 'uc.cliente_id')
    .select('uc.cliente_id')
    .where('u.username', '=', DEMO_CUSTOMER.username)
    .where('c.is_active', '=', true)
    .executeTakeFirstOrThrow();
  const divisa = async (codigo: string) => (await db.selectFrom('divisas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow()).id;
  const efectivo = (await db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'EFECTIVO').executeTakeFirstOrThrow()).id;
  const tauser = (await db.selectFrom('tausers').select('id_tauser').where('codigo', '=', DEMO_TERMINAL.codigo).executeTakeFirstOrThrow()).id_tauser;
  const cuenta = (await db.selectFrom('metodo_financiero_detalle').select('id').where('cliente_id', '=', cliente.cliente_id).where('is_active', '=', true).executeTakeFirstOrThrow()).id;
  const body = venta
    ? { divisa_origen: await divisa('USD'), divisa_destino: await divisa('PYG'), monto: '100', detalle_metodo_id: cuenta }
    : { divisa_origen: await divisa('PYG'), divisa_destino: await divisa('USD'), monto: '1000000', metodo_id: efectivo };
  const c = await rest('/operaciones/crear-transaccion/', { method: 'POST', token, body: { cliente_id: cliente.cliente_id, tauser_id: tauser, ...body } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const p = await rest(`/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { method: 'PATCH', token, body: { terminos_aceptados: true } });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return { id: c.body.id as number, codigo: c.body.codigo as string };
}

const adminToken = async () => (await rest('/token/', { method: 'POST', body: { username: ADMIN.username, password: ADMIN.password } })).body.access as string;
const demoTauserId = async () =>
  (await e2e.server.database.db.selectFrom('tausers').select('id_tauser').where('codigo', '=', DEMO_TERMINAL.codigo).executeTakeFirstOrThrow()).id_tauser;

/** A kiosk page signed in with the demo terminal's key, showing the operation of `codigo`. */
async function kioskoCon(codigo: string) {
  const page = await e2e.newPage({ width: 1080, height: 1920 });
  await page.goto(`${e2e.url}/terminal`);
  await activar(page);
  await page.getByLabel('Ingresá el código de tu transacción').fill(codigo);
  await page.getByRole('button', { name: 'Continuar' }).click();
  return page;
}

/** Signs the kiosk in with the demo terminal's key. */
async function activar(page: Page) {
  await page.getByLabel('Código del Tauser').fill(DEMO_TERMINAL.codigo);
  await page.getByLabel('Clave del terminal').fill(DEMO_TERMINAL.secreto);
  await page.getByRole('button', { name: 'Activar terminal' }).click();
}

describe('terminal kiosk and receipt', () => {
  it('the kiosk signs in once and completes a transaction with its code', async () => {
    const tx = await transaccionEnProceso();
    const page = await e2e.newPage({ width: 1080, height: 1920 });
    await page.goto(`${e2e.url}/terminal`);
    await page.getByLabel('Código del Tauser').fill(DEMO_TERMINAL.codigo);
    expect(await page.locator('nav').count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);
    await page.getByLabel('Clave del terminal').fill(DEMO_TERMINAL.secreto);
    await page.getByRole('button', { name: 'Activar terminal' }).click();
    await page.getByLabel('Ingresá el código de tu transacción').fill(tx.codigo);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Entregás').waitFor();
    // How it is paid, before any money goes in: the same notes the completion then hands out.
    const antes = await page.getByLabel('Cómo se paga').getByLabel('Billetes en USD').locator('li').allTextContents();
    expect(antes.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Ya inserté el dinero' }).click();
    await page.getByRole('heading', { name: 'Transacción completada' }).waitFor();
    expect(await page.getByLabel('Entrega', { exact: true }).getByLabel('Billetes en USD').locator('li').allTextContents()).toEqual(antes);
    await page.getByLabel('Comprobante').getByText(tx.codigo).first().waitFor();
    const row = await e2e.server.database.db.selectFrom('transacciones').select(['estado', 'fecha_fin']).where('id', '=', tx.id).executeTakeFirstOrThrow();
    expect(row.estado).toBe('completada');
    expect(row.fecha_fin).not.toBeNull();
    // The customer gets the receipt by mail (real SMTP), the PDF attached.
    const correo = () => e2e.smtp.mails.find((m) => m.to === DEMO_CUSTOMER.email && m.raw.includes(`comprobante-${tx.codigo}.pdf`));
    await expect.poll(correo, { timeout: 10_000 }).toBeDefined();
    expect(correo()!.raw).toMatch(/Content-Type: application\/pdf; name=comprobante-\w+\.pdf/);
    // The token survives a reload (signed in once).
    await page.reload();
    await page.getByLabel('Ingresá el código de tu transacción').waitFor();
    await page.context().close();
  }, 120_000);

  it("a paid purchase names the notes and the guaraníes for the cents that the kiosk then hands out", async () => {
    const tx = await transaccionEnProceso();
    const cliente = await e2e.newPage({ width: 1366, height: 900 });
    await login(cliente, e2e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await cliente.goto(`${e2e.url}/operacion-compra-venta?paso=4&tx=${tx.id}`);
    const dice = (await cliente.getByTestId('en-el-terminal').textContent())!;
    await cliente.context().close();

    const page = await kioskoCon(tx.codigo);
    await page.getByRole('button', { name: 'Ya inserté el dinero' }).click();
    await page.getByRole('heading', { name: 'Transacción completada' }).waitFor();
    const retiro = (await page.getByRole('region', { name: 'Entrega' }).textContent())!;
    await page.context().close();
    const { entrega } = await e2e.server.database.db.selectFrom('transacciones').select('entrega').where('id', '=', tx.id).executeTakeFirstOrThrow();
    const pagado = entrega as Entrega;
    expect(Number(pagado.resto_pyg)).toBeGreaterThan(0);
    // The kiosk names the same guaraníes as one figure before the notes and coins that make them up.
    expect(retiro).toContain(`Por lo que no llega al billete más chico: PYG ${formatAmount(pagado.resto_pyg, 0)}`);
    // In coins alone it says so on that line, not again below it.
    if (pagado.notas_pyg.length === 0) expect(retiro).toContain(`PYG ${formatAmount(pagado.resto_pyg, 0)} en monedas`);
    expect(retiro.includes('Monedas:')).toBe(pagado.notas_pyg.length > 0 && pagado.monedas_pyg !== '0');
    expect(dice).toContain(
      `Retirá ${formatAmount(String(totalDesglose(pagado.notas)), 0, 'US$')} en billetes y ${formatAmount(pagado.resto_pyg, 0, '₲')} por lo que no llega al billete más chico.`,
    );
  }, 120_000);

  it('the receipt page opens and its PDF downloads', async () => {
    const tx = await transaccionEnProceso();
    const page = await e2e.newPage();
    await login(page, e2e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e2e.url}/comprobante/${tx.id}`);
    const recibo = page.getByLabel('Comprobante');
    await recibo.getByText(tx.codigo).first().waitFor();
    await recibo.getByText('EN PROCESO').waitFor();
    await recibo.getByRole('img', { name: `Código QR ${tx.codigo}` }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`comprobante-${tx.codigo}.pdf`);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    // Staff mark it failed with a reason; the receipt shows the new state and the reason.
    await page.getByLabel('Motivo del fallo').fill('Terminal sin billetes');
    await page.getByRole('button', { name: 'Marcar como fallida' }).click();
    await recibo.getByText('FALLIDA').waitFor();
    await recibo.getByText('Terminal sin billetes').waitFor();
    await page.context().close();
  }, 120_000);

  it('staff see the notes reserved for a paid operation and cannot withdraw them', async () => {
    const tx = await transaccionEnProceso();
    const db = e2e.server.database.db;
    const { reserva } = await db.selectFrom('transacciones').select('reserva').where('id', '=', tx.id).executeTakeFirstOrThrow();
    const [primera] = reserva as { denominacion_id: number; cantidad: number }[];
    const den = await db.selectFrom('denominaciones as d').innerJoin('divisas as v', 'v.id', 'd.divisa_id').select(['d.denominacion', 'v.codigo']).where('d.id', '=', primera.denominacion_id).executeTakeFirstOrThrow();
    const page = await e2e.newPage({ width: 1366, height: 900 });
    await login(page, e2e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e2e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Ver Tauser Centro Asunción' }).click();
    const d = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    const tabla = d.getByRole('table', { name: `Stock ${den.codigo}` });
    await tabla.waitFor();
    const fila = tabla.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`\\s${den.denominacion.toLocaleString('es-PY')}$`) }) });
    const celdas = await fila.getByRole('cell').allTextContents();
    const reservados = Number(celdas[2].replace(/\./g, ''));
    expect(reservados).toBeGreaterThanOrEqual(primera.cantidad);
    const enTerminal = Number(celdas[1].replace(/\./g, ''));
    const form = d.getByRole('form', { name: 'Cargar o retirar billetes' });
    await form.getByLabel('Billete').selectOption({ label: `${den.codigo} ${den.denominacion.toLocaleString('es-PY')}` });
    await form.getByLabel('Operación').selectOption('retirar');
    await form.getByLabel('Cantidad').fill(String(enTerminal));
    await form.getByLabel('Motivo').fill('Retiro para depósito');
    await form.getByRole('button', { name: 'Guardar movimiento' }).click();
    await d.getByText(/reservad.* para operaciones pagadas que se retiran en este terminal/).waitFor();
    await page.context().close();
  }, 120_000);

  it('a sale credited to the customer\'s account: the kiosk takes the dollars and pays no guaraní note', async () => {
    const tx = await transaccionEnProceso(true);
    const page = await e2e.newPage({ width: 1080, height: 1920 });
    await page.goto(`${e2e.url}/terminal`);
    await activar(page);
    await page.getByLabel('Ingresá el código de tu transacción').fill(tx.codigo);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(/^en Transferencia bancaria · .+, cuando el terminal reciba tus billetes$/).waitFor();
    // The rate says what it is: guaraníes per dollar, as on the receipt.
    await page.getByText(/^Tasa aplicada: ₲ [\d.]+(,\d+)? por USD$/).waitFor();
    expect(await page.getByLabel('Cómo se paga').count()).toBe(0);
    await page.getByRole('button', { name: 'Ya inserté el dinero' }).click();
    const entrega = page.getByLabel('Entrega', { exact: true });
    await entrega.getByText(/^Te acreditamos ₲ [\d.]+ en Transferencia bancaria · /).waitFor();
    expect(await entrega.getByText('Retirá tu dinero:').count()).toBe(0);
    await page.getByLabel('Comprobante').getByText('Acreditado en').waitFor();
    await page.context().close();
  }, 120_000);

  it('the kiosk keeps the focus where the customer acts, and a refused completion cannot be pressed again', async () => {
    const tx = await transaccionEnProceso();
    const page = await e2e.newPage({ width: 768, height: 1024 });
    await page.goto(`${e2e.url}/terminal`);
    // The sign-in starts in its first field.
    await expect.poll(() => page.getByLabel('Código del Tauser').evaluate((el) => document.activeElement === el)).toBe(true);
    await activar(page);
    const campo = page.getByLabel('Ingresá el código de tu transacción');
    // A wrong code: the field takes the focus back with its text selected, so the next scan replaces it.
    await campo.fill('NOEXISTE');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('alert').waitFor();
    await expect.poll(() => campo.evaluate((el: HTMLInputElement) => document.activeElement === el && el.selectionStart === 0 && el.selectionEnd === el.value.length)).toBe(true);
    await page.keyboard.type(tx.codigo);
    await page.keyboard.press('Enter');
    // The transaction's heading holds the focus (the pressed button is gone).
    const titulo = page.getByRole('heading', { name: `Transacción ${tx.codigo}` });
    await titulo.waitFor();
    await expect.poll(() => titulo.evaluate((el) => document.activeElement === el)).toBe(true);
    // The notes are found short after the screen was shown: the completion is refused (409) and the
    // button stays off instead of repeating the refusal.
    const db = e2e.server.database.db;
    const { tauser_id } = await db.selectFrom('transacciones').select('tauser_id').where('id', '=', tx.id).executeTakeFirstOrThrow();
    const stock = await db.selectFrom('tauser_stock').select(['denominacion_id', 'cantidad']).where('tauser_id', '=', tauser_id).execute();
    await db.updateTable('tauser_stock').set({ cantidad: 0 }).where('tauser_id', '=', tauser_id).execute();
    const confirmar = page.getByRole('button', { name: 'Ya inserté el dinero' });
    await confirmar.click();
    await page.getByRole('alert').filter({ hasText: 'no se completó' }).waitFor();
    // The customer is told to take back the notes they put in: the terminal did not take them.
    await page.getByRole('alert').filter({ hasText: TERMINAL_MSG.retiraTuDinero }).waitFor();
    expect(await confirmar.isDisabled()).toBe(true);
    // Leaving the screen does not cancel the paid operation, and the button does not say it does.
    expect(await page.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Volver' }).click();
    await campo.waitFor();
    for (const r of stock) await db.updateTable('tauser_stock').set({ cantidad: r.cantidad }).where('tauser_id', '=', tauser_id).where('denominacion_id', '=', r.denominacion_id).execute();
    await page.context().close();
  }, 120_000);

  it('a kiosk left alone goes back to the code step, and offers no PDF to leave on its disk', async () => {
    const [completa, abandonada] = [await transaccionEnProceso(), await transaccionEnProceso(true)];
    const page = await e2e.newPage({ width: 1080, height: 1920 });
    await page.clock.install();
    await page.goto(`${e2e.url}/terminal`);
    await activar(page);
    const campo = page.getByLabel('Ingresá el código de tu transacción');
    await campo.fill(completa.codigo);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Ya inserté el dinero' }).click();
    const hecho = page.getByRole('heading', { name: 'Transacción completada' });
    await hecho.waitFor();
    await page.getByLabel('Comprobante').getByText(completa.codigo).first().waitFor();
    expect(await page.getByRole('button', { name: 'Descargar PDF' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Imprimir' }).waitFor();
    // The terminal's printer is an 80 mm roll: no paper-size choice for the customer.
    expect(await page.getByLabel('Ticket 80 mm').count()).toBe(0);
    expect(await page.getByLabel('Comprobante').getAttribute('class')).toContain('comprobante-80');
    // The customer walks away: their receipt does not stay for the next person.
    await page.clock.fastForward(60_000);
    expect(await hecho.isVisible()).toBe(true);
    await page.clock.fastForward(31_000);
    await campo.waitFor();
    expect(await hecho.count()).toBe(0);
    // Nor does a transaction shown and never completed, with its button.
    await campo.fill(abandonada.codigo);
    await page.getByRole('button', { name: 'Continuar' }).click();
    const boton = page.getByRole('button', { name: 'Ya inserté el dinero' });
    await boton.waitFor();
    await page.clock.fastForward(91_000);
    await campo.waitFor();
    expect(await boton.count()).toBe(0);
    // Nor a refused code and its message.
    await campo.fill('NOEXISTE');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('alert').waitFor();
    await page.clock.fastForward(91_000);
    await expect.poll(() => campo.inputValue()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('the receipt prints at the kiosk as one ticket: a kiosk-size button, a named page 80 mm wide and as tall as the receipt', async () => {
    const tx = await transaccionEnProceso();
    const page = await kioskoCon(tx.codigo);
    await page.getByRole('button', { name: 'Ya inserté el dinero' }).click();
    const recibo = page.getByLabel('Comprobante');
    await recibo.getByRole('img', { name: `Código QR ${tx.codigo}` }).waitFor();
    const imprimir = page.getByRole('button', { name: 'Imprimir' });
    // As large as the kiosk's other buttons (64 px at least), not the office screens' small one.
    expect((await imprimir.boundingBox())!.height).toBeGreaterThanOrEqual(64);
    // The print dialog itself is the browser's: count the calls, then print the page as the printer would.
    await page.evaluate(() => {
      (window as unknown as { impresiones: number }).impresiones = 0;
      window.print = () => void (window as unknown as { impresiones: number }).impresiones++;
    });
    await imprimir.click();
    expect(await page.evaluate(() => (window as unknown as { impresiones: number }).impresiones)).toBe(1);
    const altoMm = ((await recibo.boundingBox())!.height * 25.4) / 96;
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const paginas = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])].map((pt) => (pt * 25.4) / 72));
    expect(paginas, JSON.stringify({ paginas, altoMm })).toHaveLength(1);
    const [[ancho, alto]] = paginas;
    expect(ancho).toBeCloseTo(80, 0);
    expect(alto).toBeGreaterThanOrEqual(altoMm);
    expect(alto).toBeLessThan(altoMm + 8);
    expect(pdf).toContain('/Type /Page');
    // The copy made for the printer is not a second receipt on screen.
    expect(await recibo.count()).toBe(1);
    await page.context().close();
  }, 120_000);

  it('the kiosk checks its session every 30 s, says when the server does not answer, and tells a completed code apart', async () => {
    const admin = await adminToken();
    const db = e2e.server.database.db;
    const tauser = await demoTauserId();
    const hecha = await transaccionEnProceso();
    const login = await rest('/tauser/terminal/login/', { method: 'POST', body: { codigo: DEMO_TERMINAL.codigo, secreto: DEMO_TERMINAL.secreto } });
    expect((await rest(`/tauser/terminal/transacciones/${hecha.codigo}/procesar/`, { method: 'POST', token: login.body.token as string, body: {} })).status).toBe(200);

    const page = await e2e.newPage({ width: 1080, height: 1920 });
    await page.clock.install();
    await page.goto(`${e2e.url}/terminal`);
    // Activar waits for both fields.
    const activar = page.getByRole('button', { name: 'Activar terminal' });
    expect(await activar.isDisabled()).toBe(true);
    await page.getByLabel('Código del Tauser').fill(DEMO_TERMINAL.codigo);
    expect(await activar.isDisabled()).toBe(true);
    await page.getByLabel('Clave del terminal').fill(DEMO_TERMINAL.secreto);
    expect(await activar.isDisabled()).toBe(false);
    await activar.click();
    const campo = page.getByLabel('Ingresá el código de tu transacción');

    // A completed operation's code: its own screen, not an error under the field.
    await campo.fill(hecha.codigo);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Esta operación ya fue completada' }).waitFor();
    await page.getByRole('button', { name: 'Nueva operación' }).click();
    await campo.waitFor();

    // The server stops answering: the banner shows at the next check and goes once it answers again.
    const banner = page.getByRole('status').filter({ hasText: 'Sin conexión' });
    expect(await banner.count()).toBe(0);
    await page.route('**/api/tauser/terminal/yo/', (r) => r.abort('connectionrefused'));
    await page.clock.fastForward(30_000);
    await banner.waitFor();
    await page.unroute('**/api/tauser/terminal/yo/');
    await page.clock.fastForward(5_000);
    await banner.waitFor({ state: 'detached' });

    // Staff deactivate the terminal: within 30 s the kiosk is back at its activation screen, saying why.
    // (A terminal where paid operations wait cannot be deactivated: those of the tests above are made overdue.)
    await db.updateTable('transacciones').set({ expira_en: new Date(Date.now() - 60_000) }).where('tauser_id', '=', tauser).where('estado', '=', 'en_proceso').execute();
    expect((await rest(`/tauser/${tauser}/`, { method: 'PATCH', token: admin, body: { isActive: false } })).status).toBe(200);
    try {
      await page.clock.fastForward(30_000);
      await page.getByRole('heading', { name: 'Activar terminal' }).waitFor();
      await page.getByRole('alert').filter({ hasText: TERMINAL_MSG.terminalDesactivada }).waitFor();
      // Signing in again with the right key says the same, not "wrong credentials".
      await page.getByLabel('Código del Tauser').fill(DEMO_TERMINAL.codigo);
      await page.getByLabel('Clave del terminal').fill(DEMO_TERMINAL.secreto);
      await activar.click();
      await page.getByRole('alert').filter({ hasText: TERMINAL_MSG.terminalDesactivada }).waitFor();
      expect(await page.getByText(TERMINAL_MSG.credencialesInvalidas).count()).toBe(0);
    } finally {
      expect((await rest(`/tauser/${tauser}/`, { method: 'PATCH', token: admin, body: { isActive: true } })).status).toBe(200);
    }
    await page.context().close();
  }, 120_000);

  it('a session ended while the customer pays says to take the money back from the tray', async () => {
    const admin = await adminToken();
    const db = e2e.server.database.db;
    const tauser = await demoTauserId();
    const tx = await transaccionEnProceso();
    const page = await kioskoCon(tx.codigo);
    const confirmar = page.getByRole('button', { name: 'Ya inserté el dinero' });
    await confirmar.waitFor();
    // Staff give the terminal a new key while the customer inserts the guaraníes (the last test of this file: the key stays changed).
    expect((await rest(`/tauser/${tauser}/secreto/`, { method: 'POST', token: admin, body: {} })).status).toBe(200);
    await confirmar.click();
    await page.getByRole('heading', { name: 'Activar terminal' }).waitFor();
    await page.getByRole('alert').filter({ hasText: TERMINAL_MSG.retiraTuDinero }).waitFor();
    expect((await db.selectFrom('transacciones').select('estado').where('id', '=', tx.id).executeTakeFirstOrThrow()).estado).toBe('en_proceso');
    await page.context().close();
  }, 60_000);
});
