import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { OP_MSG } from '../src/shared/transacciones';
import { formatAmount, formatRate } from '../src/shared/format';
import { MONTO_MSG } from '../src/shared/schemas/operaciones';
import { MONTO_TEXTO_MSG } from '../src/shared/montoEsPy';
import { OPERACION_MSG } from '../src/client/features/operaciones/wizardMsg';
import { txDeUrl } from './support/wizard';

/** The exchange screens as the demo customer: simulation, operation (three payment paths), history, client change. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(async () => {
  await e?.close();
});

async function customerPage(width = 1280) {
  const page = await e.newPage({ width, height: 900 });
  await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
  return page;
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${e.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** Moves the USD base price by `delta` guaraníes as the admin, through the REST API. */
async function moverPrecioUsd(delta: number) {
  const token = await adminToken();
  const auth = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${e.url}/api/cotizaciones/?all=true`, { headers: auth })).json()) as {
    id: number;
    divisa_detalle: { codigo: string };
    precioBase: string;
    comisionBaseCompra: string;
    comisionBaseVenta: string;
  }[];
  const usd = list.find((c) => c.divisa_detalle.codigo === 'USD');
  expect(usd).toBeDefined();
  const res = await fetch(`${e.url}/api/cotizaciones/${usd!.id}/`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      precioBase: String(Number(usd!.precioBase) + delta),
      comisionBaseCompra: usd!.comisionBaseCompra,
      comisionBaseVenta: usd!.comisionBaseVenta,
    }),
  });
  expect(res.status).toBe(200);
}

/** Step 1: the customer sells 100 USD for guaraníes. */
async function paso1(page: Page, monto = '100') {
  await expect.poll(() => page.getByLabel('Entregas').locator('option').count()).toBeGreaterThan(2);
  await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
  await page.getByLabel('Monto').fill(monto);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** A sale of `monto` USD in cash, on step 3 with TAU-ASU-01 chosen. */
async function hastaTerminal(page: Page, monto: string) {
  await page.goto(`${e.url}/operacion-compra-venta`);
  await paso1(page, monto);
  await page.getByRole('heading', { name: 'Método de Cobro' }).waitFor();
  await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
}

async function hastaResumen(page: Page, monto = '100', vende = true) {
  await page.goto(`${e.url}/operacion-compra-venta`);
  await page.getByRole('heading', { name: 'Operación de Compra y Venta' }).waitFor();
  if (vende) await paso1(page, monto);
  else {
    await expect.poll(() => page.getByLabel('Entregas').locator('option').count()).toBeGreaterThan(2);
    await page.getByLabel('Monto').fill(monto);
    await page.getByRole('button', { name: 'Continuar' }).click();
  }
  await page.getByRole('heading', { name: vende ? 'Método de Cobro' : 'Método de Pago' }).waitFor();
  await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
  // Every option says the commission it charges (a card may charge another than its method's).
  expect(await page.locator('label:has(input[name="metodo"])').getByText(/^Comisión \d+,\d{2} %$/).count()).toBe(await page.locator('input[name="metodo"]').count());
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
  const continuar = page.getByRole('button', { name: 'Continuar' });
  expect(await continuar.isDisabled()).toBe(true);
  await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
  await continuar.click();
  await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
  await page.getByText('Revisa los detalles antes de proceder').waitFor();
  await page.getByText('Terminal: Tauser Centro Asunción').waitFor();
}

/** Reconfirmation requests the server refused during the page's life. */
function refusedReconfirmations(page: Page) {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('reconfirmarTasa') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  return refused;
}

async function aTerminos(page: Page) {
  await page.getByRole('button', { name: 'Revisar Términos' }).click();
  await page.getByRole('heading', { name: 'Términos y Condiciones' }).waitFor();
  const boton = page.getByRole('button', { name: 'Acepta los Términos' });
  expect(await boton.isDisabled()).toBe(true);
  await page.getByLabel('He leído y acepto los términos y condiciones').check();
  await page.getByRole('button', { name: 'Pagar' }).click();
}

describe('amounts in the operation wizard', () => {
  it('refuses what is not an amount with the reason and keeps Continuar off', async () => {
    const page = await customerPage();
    await page.goto(`${e.url}/operacion-compra-venta`);
    await expect.poll(() => page.getByLabel('Entregas').locator('option').count()).toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    const monto = page.getByLabel('Monto');
    const error = page.getByTestId('monto-error');
    const continuar = page.getByRole('button', { name: 'Continuar' });
    for (const [texto, mensaje] of [
      ['1e5', MONTO_TEXTO_MSG.exponente],
      ['-50', MONTO_TEXTO_MSG.negativo],
      ['₲ 100', MONTO_TEXTO_MSG.caracteres],
      ['100,555', MONTO_MSG.decimales('USD', 2)],
    ]) {
      await monto.fill(texto);
      expect(await monto.inputValue()).toBe(texto);
      expect(await error.textContent()).toBe(mensaje);
      expect(await continuar.isDisabled()).toBe(true);
    }
    await page.context().close();
  });

  it('100,50 USD is a hundred dollars and fifty cents, refused as cash the terminal cannot take; 1.000.000 PYG is a million guaraníes', async () => {
    const page = await customerPage();
    await hastaTerminal(page, '100,50');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Terminals take notes only: back at the amount, with the reason and the amount that would do.
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await expect.poll(() => page.getByTestId('monto-error').textContent()).toContain('Los terminales reciben solo billetes: el monto en USD tiene que poder entregarse con billetes de US$');
    expect(await page.getByTestId('monto-error').textContent()).toContain('Por ejemplo, US$ 100.');
    expect(await e.server.database.db.selectFrom('transacciones').select('id').where('monto_origen', '=', '100.5').execute()).toEqual([]);
    await hastaResumen(page, '100');
    expect(await page.getByTestId('monto-origen').textContent()).toBe('100,00 USD');
    // It asks first, naming the operation it cancels; Volver keeps it.
    await page.getByRole('button', { name: 'Modificar Terminal' }).click();
    const codigo = (await e.server.database.db.selectFrom('transacciones').select('codigo').where('id', '=', txDeUrl(page)).executeTakeFirstOrThrow()).codigo;
    await page.getByRole('dialog').getByText(OPERACION_MSG.cambiarTerminal(codigo)).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await e.server.database.db.selectFrom('transacciones').select('estado').where('codigo', '=', codigo).executeTakeFirstOrThrow()).estado).toBe('pendiente');
    await page.getByRole('button', { name: 'Modificar Terminal' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cambiar de terminal' }).click();
    await hastaResumen(page, '1.000.000', false);
    expect(await page.getByTestId('monto-origen').textContent()).toBe('1.000.000 PYG');
    await page.context().close();
  });
});

describe('one quote: the stored one; one operation per attempt', () => {
  it('a lost answer during the creation retried gives the same operation; the summary shows its stored figures; payment sends the key and the rate shown', async () => {
    const page = await customerPage();
    const claves: Record<string, string[]> = { crear: [], pagar: [] };
    page.on('request', (r) => {
      const k = r.headers()['idempotency-key'];
      if (r.url().includes('/trpc/transacciones.crear')) claves.crear.push(k);
      if (r.url().includes('/trpc/transacciones.confirmarPago')) claves.pagar.push(k);
    });
    // the first creation reaches the server, its answer never reaches the browser
    let cortadas = 0;
    await page.route('**/trpc/transacciones.crear*', async (route) => {
      if (cortadas++ === 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await hastaTerminal(page, '123');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(OP_MSG.operacionError).first().waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(claves.crear).toHaveLength(2);
    expect(claves.crear[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claves.crear[1]).toBe(claves.crear[0]);
    const db = e.server.database.db;
    const filas = await db.selectFrom('transacciones').select(['tasa_aplicada', 'monto_destino']).where('monto_origen', '=', '123').execute();
    expect(filas).toHaveLength(1);
    // what is shown is what was stored
    expect(await page.getByTestId('tc-final').textContent()).toBe(`₲ ${formatRate(filas[0].tasa_aplicada, 4, 1)}`);
    expect(await page.getByTestId('monto-destino').textContent()).toContain(formatAmount(filas[0].monto_destino, 0));
    await aTerminos(page);
    await page.getByText(OP_MSG.pagoConfirmado).waitFor();
    expect(claves.pagar).toHaveLength(1);
    expect(claves.pagar[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claves.pagar[0]).not.toBe(claves.crear[0]);
    await page.context().close();
  });

  it('offline, Continuar says so at once (no endless spinner); back online the retry stores one operation', async () => {
    const page = await customerPage();
    await hastaTerminal(page, '124');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(OP_MSG.operacionError).first().waitFor({ timeout: 5_000 });
    expect(await page.getByText('Creando Transacción...').count()).toBe(0);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(await e.server.database.db.selectFrom('transacciones').select('id').where('monto_origen', '=', '124').execute()).toHaveLength(1);
    await page.context().close();
  });
});

describe('exchange screens', () => {
  it('simulates a sale for the current client up to the result and back', async () => {
    const page = await customerPage();
    await page.goto(`${e.url}/simulacion-operacion`);
    await page.getByRole('heading', { name: 'Simulación de Operación' }).waitFor();
    expect(await page.locator('section#convert').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
    await paso1(page);
    await page.getByRole('heading', { name: 'Método de Cobro' }).waitFor();
    await page.getByText('Método genérico: sin una cuenta guardada').first().waitFor();
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    await page.getByRole('heading', { name: 'Resultado' }).waitFor();
    const resumen = page.getByTestId('resumen-cotizacion');
    expect(await resumen.textContent()).toContain('100,00 USD');
    expect(await resumen.textContent()).toContain('PYG');
    expect(await resumen.textContent()).toContain('VIP');
    await page.getByRole('button', { name: 'Modificar Datos' }).click();
    await page.getByRole('button', { name: 'Simular Operación' }).waitFor();
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    await page.getByRole('button', { name: 'Nueva Simulación' }).click();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    expect(await page.getByLabel('Monto').inputValue()).toBe('');
    await page.context().close();
  });

  it("a simulation keeps its choices through adding an account, a reload and the browser's Back", async () => {
    const page = await customerPage();
    await page.goto(`${e.url}/simulacion-operacion`);
    await expect.poll(() => page.getByLabel('Entregas').locator('option').count()).toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    // Typing replaces the page's history entry: Back leaves the simulation, Forward brings the amount back.
    await page.getByLabel('Monto').pressSequentially('150,50');
    await expect.poll(() => new URL(page.url()).searchParams.get('monto')).toBe('150,50');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/simulacion-operacion');
    await page.goForward();
    await expect.poll(() => page.getByLabel('Monto').inputValue()).toBe('150,50');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Método de Cobro' }).waitFor();
    await page.getByRole('link', { name: 'Agregar una cuenta o billetera' }).click();
    await page.getByRole('heading', { name: 'Mis Métodos Financieros' }).waitFor();
    await page.getByRole('link', { name: '← Volver a la simulación' }).click();
    await page.getByRole('heading', { name: 'Método de Cobro' }).waitFor();
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    const resumen = page.getByTestId('resumen-cotizacion');
    await expect.poll(() => resumen.textContent()).toContain('150,50 USD');
    // A reload of the result asks again from the method step, with the same choices.
    await page.reload();
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    await expect.poll(() => resumen.textContent()).toContain('150,50 USD');
    await page.goBack();
    await page.getByRole('button', { name: 'Atrás' }).click();
    expect(await page.getByLabel('Monto').inputValue()).toBe('150,50');

    // Another simulation, then Back to the first one's result: its method step, never the other's figures.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    await expect.poll(() => resumen.textContent()).toContain('150,50 USD');
    await page.getByRole('button', { name: 'Nueva Simulación' }).click();
    await page.getByLabel('Monto').fill('1.000.000');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    await expect.poll(() => resumen.textContent()).toContain('1.000.000 PYG');
    for (let i = 0; i < 3; i++) await page.goBack();
    await page.getByRole('button', { name: 'Simular Operación' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Resultado' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Simular Operación' }).click();
    await expect.poll(() => resumen.textContent()).toContain('150,50 USD');
    await page.context().close();
  });

  it('pays an operation at an unchanged rate and shows the code to present at the terminal', async () => {
    const page = await customerPage();
    const refused = refusedReconfirmations(page);
    await hastaResumen(page);
    await aTerminos(page);
    await page.getByText(OP_MSG.pagoConfirmado).waitFor();
    const codigo = (await page.getByTestId('codigo-transaccion').textContent())!.trim();
    expect(codigo.length).toBeGreaterThan(3);
    // Confirmed, not paid: the dollars are handed in at the terminal, with the operation's own figures;
    // the guaraníes go to the customer's account (the method chosen), not out of the terminal.
    const confirmacion = page.getByTestId('confirmacion');
    const texto = (await confirmacion.textContent())!;
    expect(texto).toContain('Operación confirmada: completala en el terminal');
    // Said once: the card below does not repeat the banner's steps while the wizard starts anew.
    expect(await page.getByTestId('en-el-terminal').count()).toBe(1);
    expect(texto).not.toMatch(/pagad/i);
    const fila = await e.server.database.db.selectFrom('transacciones').select(['monto_destino']).where('codigo', '=', codigo).executeTakeFirstOrThrow();
    expect(await confirmacion.getByTestId('en-el-terminal').textContent()).toBe(
      `Ingresá el código ${codigo} en el terminal Tauser Centro Asunción (Palma 452 esq. 14 de Mayo, Asunción).` +
        `Entregá US$ 100,00 en efectivo.Recibís ${formatAmount(fila.monto_destino, 0, '₲')} en Transferencia bancaria · Mi cuenta en Itaú cuando el terminal reciba tus billetes.`,
    );
    // the wizard resets after 2 s; the confirmation stays
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await page.getByRole('link', { name: 'Ver en el historial' }).click();
    const detalle = page.getByTestId('detalle-transaccion');
    await detalle.waitFor();
    expect(await detalle.textContent()).toContain(codigo);
    expect(await detalle.textContent()).toContain('EN PROCESO');
    // Every transaction has its receipt, reached from the history detail.
    await page.getByRole('link', { name: 'Ver comprobante' }).click();
    await page.waitForURL(/\/comprobante\/\d+$/);
    await page.getByText(codigo).first().waitFor();
    // A paid transaction's rate is never asked to be reconfirmed (the server would refuse it).
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('accepts a changed rate and the transaction goes on, in process, in the history', async () => {
    const page = await customerPage();
    const refused = refusedReconfirmations(page);
    await hastaResumen(page);
    const mostrada = await page.getByTestId('tc-final').textContent();
    await moverPrecioUsd(25);
    // The rates stream reaches the open summary: the change is told before paying.
    const aviso = page.getByTestId('aviso-cotizacion');
    await aviso.waitFor({ timeout: 10_000 });
    expect(await aviso.textContent()).toContain('La cotización cambió');
    const enviadas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/trpc/transacciones.confirmarPago')) enviadas.push((JSON.parse(r.postData() ?? '{}') as { tasa_aceptada: string }).tasa_aceptada);
    });
    await aTerminos(page);
    const modal = page.getByRole('dialog', { name: 'La cotización cambió' });
    await modal.getByRole('heading', { name: 'La cotización cambió' }).waitFor();
    // the payment sent the rate on the screen; the dialog compares it with the new one
    expect(`₲ ${formatRate(enviadas[0], 4)}`).toBe(mostrada);
    expect(await page.getByTestId('tasa-anterior').textContent()).toBe(mostrada);
    expect(await page.getByTestId('tasa-anterior').textContent()).not.toBe(await page.getByTestId('tasa-actual').textContent());
    await modal.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText(OP_MSG.nuevaCotizacionAceptada).waitFor();
    const codigo = (await page.getByTestId('codigo-transaccion').textContent())!.trim();
    expect(refused).toEqual([]);

    // the navbar's user menu leads to the history
    await page.locator('button:visible').filter({ hasText: /^M\s*María$/ }).click();
    await page.getByRole('menuitem', { name: 'Historial' }).click();
    await page.waitForURL(`${e.url}/historial-transacciones`);
    await page.getByLabel(/^Estado/).selectOption('en_proceso');
    await page.waitForURL(/estado=en_proceso/);
    await page.getByRole('columnheader', { name: 'Método financiero' }).waitFor();
    await page.getByRole('cell', { name: 'EN PROCESO' }).first().waitFor();
    // the two paid operations (this one and the previous test's), and only in-process rows, once the
    // filtered list has replaced the unfiltered one
    await expect.poll(() => page.getByRole('cell', { name: 'PENDIENTE' }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'EN PROCESO' }).count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: `Ver transacción ${codigo}` }).click();
    const detalle = page.getByTestId('detalle-transaccion');
    await detalle.waitFor();
    expect(await detalle.textContent()).toContain('EN PROCESO');
    expect(await detalle.textContent()).toContain('Tauser Centro Asunción');
    await page.context().close();
  });

  it('closing the changed-rate dialog keeps the operation; cancelling it is its own button and asks first', async () => {
    const page = await customerPage();
    await hastaResumen(page);
    const tx = Number(new URL(page.url()).searchParams.get('tx'));
    const estado = async () => (await e.server.database.db.selectFrom('transacciones').select('estado').where('id', '=', tx).executeTakeFirstOrThrow()).estado;
    const refused = refusedReconfirmations(page);
    await moverPrecioUsd(-40);
    await aTerminos(page);
    const modal = page.getByRole('dialog', { name: 'La cotización cambió' });
    await modal.getByRole('heading', { name: 'La cotización cambió' }).waitFor();
    // × only closes it: the operation stays pending, and paying again shows the dialog again.
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByText(OP_MSG.canceladaPorCambio).count()).toBe(0);
    expect(await estado()).toBe('pendiente');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await modal.getByRole('heading', { name: 'La cotización cambió' }).waitFor();
    // Escape too.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await estado()).toBe('pendiente');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await modal.getByRole('heading', { name: 'La cotización cambió' }).waitFor();
    expect(await modal.getByRole('button', { name: 'Cancelar', exact: true }).count()).toBe(0);
    // The destructive choice says what it does and asks first; 'Volver' keeps everything.
    await modal.getByRole('button', { name: 'Cancelar la operación' }).click();
    const confirmar = page.getByRole('dialog', { name: '¿Cancelar la operación?' });
    await confirmar.getByRole('button', { name: 'Volver' }).click();
    await confirmar.waitFor({ state: 'hidden' });
    expect(await estado()).toBe('pendiente');
    await modal.getByRole('button', { name: 'Cancelar la operación' }).click();
    await confirmar.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByText(OP_MSG.canceladaPorCambio).waitFor();
    expect(await estado()).toBe('cancelada');
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    // A cancelled transaction has no rate to reconfirm: its check is not asked again.
    expect(refused).toEqual([]);
    await page.goto(`${e.url}/historial-transacciones?estado=cancelada`);
    await page.getByRole('cell', { name: 'CANCELADA' }).first().waitFor();
    await page.context().close();
  });

  it('staff with the view permission see every transaction with a client filter', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/historial-transacciones`);
    await page.getByRole('cell', { name: 'EN PROCESO' }).first().waitFor();
    const cliente = page.locator('label', { hasText: /^Cliente/ }).locator('select');
    await expect.poll(() => cliente.locator('option').count()).toBeGreaterThan(2);
    await cliente.selectOption({ label: 'Importadora Guaraní S.A.' });
    await page.waitForURL(/cliente=/);
    await page.getByRole('columnheader', { name: 'Fecha de inicio' }).waitFor();
    // The detail gives an expiry only where one still applies.
    const db = e.server.database.db;
    const cerrada = await db.selectFrom('transacciones').select('id').where('estado', 'in', ['completada', 'cancelada', 'fallida']).executeTakeFirstOrThrow();
    const abierta = await db.selectFrom('transacciones').select('id').where('estado', '=', 'en_proceso').executeTakeFirstOrThrow();
    for (const [id, vence] of [[cerrada.id, 0], [abierta.id, 1]] as const) {
      await page.goto(`${e.url}/historial-transacciones?ver=${id}`);
      const detalle = page.getByRole('dialog');
      await detalle.getByText('Fecha de inicio').waitFor();
      // A date reads 'Vence el …' ('Expira en' is for a span of time, as the wizard's countdown).
      expect(await detalle.getByText('Vence el', { exact: true }).count(), String(id)).toBe(vence);
      expect(await detalle.getByText('Expira en', { exact: true }).count(), String(id)).toBe(0);
    }
    await page.context().close();
  });

  it('resets the wizard when the navbar client changes', async () => {
    const page = await customerPage();
    // the navbar shows both wizards to a customer
    await page.getByRole('link', { name: 'Simulación de Operaciones' }).first().waitFor();
    await page.getByRole('link', { name: 'Operaciones', exact: true }).first().waitFor();
    await page.goto(`${e.url}/operacion-compra-venta`);
    await paso1(page);
    await page.getByRole('heading', { name: 'Método de Cobro' }).waitFor();
    await page.getByTestId('cliente-selector').click();
    await page.getByRole('option', { name: /Importadora Guaraní/ }).click();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    expect(await page.getByLabel('Monto').inputValue()).toBe('');
    await page.getByText('Cliente: Importadora Guaraní S.A.').waitFor();
    await page.context().close();
  });
});
