import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, retenerLlamadas, startE2e, trpcFailure, type E2e } from './support/app';
import { clienteId, makeUser } from './support/admin';
import { atras, continuar, monto, pasosDelAsistente } from './support/wizard';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { OP_MSG } from '../src/shared/transacciones';

/** The customer's path around the operation: refusals, links that lead nowhere, failed loads, 'Actualizar'. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(async () => {
  await e?.close();
});

const db = () => e.server.database.db;

async function customerPage(who: { username: string; password: string } = DEMO_CUSTOMER) {
  const page = await e.newPage({ width: 1366, height: 900 });
  await login(page, e.url, who.username, who.password);
  return page;
}

const param = (p: Page, k: string) => new URL(p.url()).searchParams.get(k);
const toastCon = (p: Page, texto: string) => p.locator('[role="status"]').filter({ hasText: texto });
const { abrir, hastaMetodo, hastaTerminal, hastaResumen } = pasosDelAsistente(() => e.url);

const usuarioDemo = () => db().selectFrom('users').select(['id', 'cliente_actual_id']).where('username', '=', DEMO_CUSTOMER.username).executeTakeFirstOrThrow();

describe('the wizard forgets what belongs to a step left behind', () => {
  it('a refusal on the terminal step goes on Atrás, on the browser\'s Back and when the client changes', async () => {
    const page = await customerPage();
    await page.route('**/trpc/transacciones.crear**', (r) => r.fulfill(trpcFailure(400, 'BAD_REQUEST')));
    const rechazo = page.getByTestId('rechazo');

    await hastaTerminal(page);
    await continuar(page).click();
    await rechazo.waitFor();
    await atras(page).click();
    await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
    expect(await rechazo.count()).toBe(0);

    // The browser's Back leaves the step too: coming forward again, the refusal is gone.
    await continuar(page).click();
    await rechazo.waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
    expect(await rechazo.count()).toBe(0);

    // Another client chosen elsewhere (another tab, staff): the refusal was for the previous one.
    const u = await usuarioDemo();
    await continuar(page).click();
    await rechazo.waitFor();
    try {
      await db().updateTable('users').set({ cliente_actual_id: await clienteId(e, 'Importadora Guaraní S.A.') }).where('id', '=', u.id).execute();
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await page.getByText('Cliente: Importadora Guaraní S.A.').waitFor();
      await expect.poll(() => rechazo.count()).toBe(0);
    } finally {
      await db().updateTable('users').set({ cliente_actual_id: u.cliente_actual_id }).where('id', '=', u.id).execute();
    }
    await page.context().close();
  });

  it('Atrás from the method step forgets the method chosen', async () => {
    const page = await customerPage();
    await hastaMetodo(page);
    const radios = page.locator('input[name="metodo"]');
    expect(await radios.count()).toBeGreaterThan(1);
    const primero = param(page, 'metodo');
    await radios.nth(1).check();
    await expect.poll(() => param(page, 'metodo')).not.toBe(primero);
    await atras(page).click();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    expect(param(page, 'metodo')).toBeNull();
    await continuar(page).click();
    await expect.poll(() => param(page, 'metodo')).toBe(primero);
    await page.context().close();
  });

  it('the summary asks to review the details before proceeding', async () => {
    const page = await customerPage();
    await hastaTerminal(page);
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    await page.getByText('Revisa los detalles antes de proceder', { exact: true }).waitFor();
    await db().updateTable('transacciones').set({ estado: 'cancelada' }).where('id', '=', Number(param(page, 'tx'))).execute();
    await page.context().close();
  });
});

describe('links that lead nowhere', () => {
  it('a bad or unknown ?tx= says so and offers a new operation; no answer offers Reintentar', async () => {
    const page = await customerPage();
    for (const tx of ['abc', '987654']) {
      await page.goto(`${e.url}/operacion-compra-venta?paso=4&tx=${tx}`);
      await page.getByText('No encontramos esta operación', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Nueva operación' }).click();
      await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
      expect(param(page, 'tx')).toBeNull();
    }
    // The server does not answer: not "not found", but a message with Reintentar.
    await page.route('**/trpc/transacciones.get**', (r) => r.abort());
    await page.goto(`${e.url}/operacion-compra-venta?paso=4&tx=987654`);
    await page.getByText('No pudimos cargar la operación: el servidor no respondió.').waitFor();
    await page.unroute('**/trpc/transacciones.get**');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByText('No encontramos esta operación', { exact: false }).waitFor();
    await page.context().close();
  });

  it('a hand-typed amount in a link reads as Paraguayans write it (1.500 is one thousand five hundred)', async () => {
    const page = await customerPage();
    await page.goto(`${e.url}/operacion-compra-venta?monto=1.500`);
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await expect.poll(() => monto(page).inputValue()).toBe('1.500');
    await page.context().close();
  });

  it('an unknown address shows a Spanish 404 with a way home', async () => {
    const page = await customerPage();
    await page.goto(`${e.url}/esto-no-existe`);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.context().close();
  });

  it('a receipt or a history detail of a bad id, or of another client\'s operation, says it was not found', async () => {
    // An operation of María González's…
    const maria = await customerPage();
    await hastaTerminal(maria);
    await continuar(maria).click();
    await maria.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    const ajena = Number(param(maria, 'tx'));
    await maria.context().close();
    await db().updateTable('transacciones').set({ estado: 'cancelada' }).where('id', '=', ajena).execute();
    // …read by a customer of another client.
    const otro = await makeUser(e, [], { clientes: [await clienteId(e, 'Importadora Guaraní S.A.')] });
    const page = await customerPage(otro);
    for (const id of ['abc', String(ajena)]) {
      await page.goto(`${e.url}/comprobante/${id}`);
      await page.getByText('No encontramos este comprobante.').waitFor();
      await page.getByRole('link', { name: 'Ir al historial' }).waitFor();
      // One main landmark: the layout's (the receipt page does not nest another).
      expect(await page.getByRole('main').count()).toBe(1);
    }
    for (const ver of ['abc', String(ajena)]) {
      await page.goto(`${e.url}/historial-transacciones?ver=${ver}`);
      await page.getByRole('dialog').getByText('No encontramos esta transacción', { exact: false }).waitFor();
      await page.getByRole('dialog').getByText('Cerrar', { exact: true }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    await page.context().close();
  });
});

describe('a failed load of the methods can be retried', () => {
  it('the home simulator says the spec\'s message when the answer brings none, and loads them again when the currencies change', async () => {
    const page = await e.newPage({ width: 1366, height: 900 });
    const sinTexto = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { message: '', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }) };
    await page.route('**/trpc/simulacion.metodosDisponibles**', (r) => r.fulfill(sinTexto));
    await page.goto(`${e.url}/`);
    await page.getByTestId('metodos-error').getByText(OP_MSG.metodosDisponiblesError).waitFor();
    await page.unroute('**/trpc/simulacion.metodosDisponibles**');
    const otra = await page.getByLabel('Divisa de destino').evaluate((sel: HTMLSelectElement) => [...sel.options].find((o) => o.value && !/^(USD|PYG)/.test(o.text))!.value);
    await page.getByLabel('Divisa de destino').selectOption(otra);
    await expect.poll(() => page.getByLabel('Método', { exact: true }).locator('option').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('metodos-error').count()).toBe(0);
    await page.context().close();
  });

  it('the wizard\'s method step', async () => {
    const page = await customerPage();
    await page.route('**/trpc/simulacion.metodosCliente**', (r) => r.fulfill(trpcFailure(500, 'INTERNAL_SERVER_ERROR')));
    await abrir(page);
    await monto(page).fill('1.000.000');
    await continuar(page).click();
    // The answer's own text is what it says (spec 001 §8).
    await page.getByTestId('metodos-error').getByText('fallo').waitFor();
    expect(await page.getByText('No hay métodos disponibles').count()).toBe(0);
    expect(await continuar(page).isDisabled()).toBe(true);
    await page.unroute('**/trpc/simulacion.metodosCliente**');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
    await page.context().close();
  });

  it('Mis métodos financieros', async () => {
    const page = await customerPage();
    await page.route('**/trpc/metodos.cuentas.list**', (r) => r.fulfill(trpcFailure(500, 'INTERNAL_SERVER_ERROR')));
    await page.goto(`${e.url}/metodos-financieros-cliente`);
    await page.getByText('No se pudieron cargar los datos.').waitFor();
    await page.unroute('**/trpc/metodos.cuentas.list**');
    await page.getByRole('main').getByRole('button', { name: 'Reintentar' }).click();
    await expect.poll(() => page.getByText('No se pudieron cargar los datos.').count()).toBe(0);
    await page.getByRole('button', { name: 'Agregar Cuenta' }).waitFor();
    await page.context().close();
  });
});

describe('Mis métodos financieros chooses the client in place', () => {
  it('a customer with several clients switches there; one with a single client sees no selector', async () => {
    const u = await usuarioDemo();
    const page = await customerPage();
    try {
      await page.goto(`${e.url}/metodos-financieros-cliente`);
      await page.getByText('Cliente: María González').waitFor();
      const sel = page.getByTestId('cliente-selector-inline');
      expect(await sel.locator('option').allTextContents()).toEqual(expect.arrayContaining(['María González', 'Importadora Guaraní S.A.']));
      const importadora = await clienteId(e, 'Importadora Guaraní S.A.');
      await sel.selectOption(importadora);
      await page.getByText('Cliente: Importadora Guaraní S.A.').waitFor();
      await expect.poll(async () => (await usuarioDemo()).cliente_actual_id).toBe(importadora);
      // the navbar follows
      await page.getByTestId('cliente-selector').getByText('Importadora Guaraní S.A.').waitFor();
    } finally {
      await db().updateTable('users').set({ cliente_actual_id: u.cliente_actual_id }).where('id', '=', u.id).execute();
      await page.context().close();
    }
    const solo = await makeUser(e, [], { clientes: [await clienteId(e, 'Importadora Guaraní S.A.')] });
    const p2 = await customerPage(solo);
    await p2.goto(`${e.url}/metodos-financieros-cliente`);
    await p2.getByText('Cliente: Importadora Guaraní S.A.').waitFor();
    await p2.getByRole('button', { name: 'Actualizar' }).waitFor();
    expect(await p2.getByTestId('cliente-selector-inline').count()).toBe(0);
    await p2.context().close();
  });
});

describe('Actualizar says what changed', () => {
  it('Mis métodos: no change, a change, a failure with Reintentar that stays on screen', async () => {
    const page = await customerPage();
    await page.goto(`${e.url}/metodos-financieros-cliente`);
    await page.getByRole('button', { name: 'Agregar Cuenta' }).waitFor();
    const actualizar = page.getByRole('button', { name: 'Actualizar' });
    await actualizar.click();
    await toastCon(page, 'Sin cambios').waitFor();
    expect(await toastCon(page, 'Datos actualizados').count()).toBe(0);

    const maria = await clienteId(e, 'María González');
    const cuenta = await db()
      .selectFrom('cuentas_bancarias as c')
      .innerJoin('metodo_financiero_detalle as d', 'd.id', 'c.metodo_financiero_detalle_id')
      .select(['c.id', 'c.titular'])
      .where('d.cliente_id', '=', maria)
      .orderBy('c.id')
      .executeTakeFirst();
    if (!cuenta) throw new Error('María González no tiene cuentas bancarias en los datos de prueba');
    try {
      await db().updateTable('cuentas_bancarias').set({ titular: 'Titular cambiado' }).where('id', '=', cuenta.id).execute();
      await actualizar.click();
      await toastCon(page, 'Datos actualizados').waitFor();
    } finally {
      await db().updateTable('cuentas_bancarias').set({ titular: cuenta.titular }).where('id', '=', cuenta.id).execute();
    }

    await page.route('**/trpc/metodos.cuentas.list**', (r) => r.abort());
    await actualizar.click();
    const error = toastCon(page, 'No se pudieron actualizar los datos.');
    await error.waitFor();
    await page.unroute('**/trpc/metodos.cuentas.list**');
    await error.getByRole('button', { name: 'Reintentar' }).click();
    await expect.poll(() => error.count()).toBe(0);
    await expect.poll(async () => (await toastCon(page, 'Sin cambios').count()) + (await toastCon(page, 'Datos actualizados').count())).toBeGreaterThan(0);
    await page.context().close();
  });

  it('the live quote of the wizard: no change, a change, a failure with Reintentar', async () => {
    const page = await customerPage();
    await abrir(page);
    await monto(page).fill('1.000.000');
    const cotizacion = page.getByTestId('cotizacion-en-vivo');
    await cotizacion.waitFor();
    const actualizar = cotizacion.getByRole('button', { name: 'Actualizar' });
    await expect.poll(() => actualizar.isDisabled()).toBe(false);
    await actualizar.click();
    await toastCon(page, 'Sin cambios').waitFor();

    // The house moved its rate meanwhile: the next quote differs.
    await page.route('**/trpc/simulacion.privada**', async (r) => {
      const res = await r.fetch();
      const body = (await res.json()) as { result: { data: { monto_destino: string } } };
      body.result.data.monto_destino = '1.00';
      await r.fulfill({ response: res, body: JSON.stringify(body) });
    });
    await actualizar.click();
    await toastCon(page, 'Cotización actualizada').waitFor();
    await page.unroute('**/trpc/simulacion.privada**');

    await page.route('**/trpc/simulacion.privada**', (r) => r.abort());
    await actualizar.click();
    const error = toastCon(page, 'No se pudieron actualizar los datos.');
    await error.waitFor();
    await page.unroute('**/trpc/simulacion.privada**');
    await error.getByRole('button', { name: 'Reintentar' }).click();
    await toastCon(page, 'Cotización actualizada').waitFor();
    await page.context().close();
  });
});

describe('an operation just paid', () => {
  it('is not offered as pending to pay or cancel while the list of pending ones refetches', async () => {
    const page = await customerPage();
    const tx = await hastaResumen(page);
    const { codigo } = await db().selectFrom('transacciones').select('codigo').where('id', '=', tx).executeTakeFirstOrThrow();
    // A slow network: the pending list's refetch after the payment has not answered yet.
    const lista = await retenerLlamadas(page, 'transacciones.list');
    await page.getByRole('button', { name: 'Revisar Términos' }).click();
    await page.getByLabel('He leído y acepto los términos y condiciones').check();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.getByText('Operación confirmada: completala en el terminal').waitFor();
    await expect.poll(() => lista.retenidas).toBeGreaterThan(0);
    expect(await page.getByTestId('pendientes').filter({ hasText: codigo }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Retomar ${codigo}` }).count()).toBe(0);
    await lista.quitar();
    expect((await db().selectFrom('transacciones').select('estado').where('id', '=', tx).executeTakeFirstOrThrow()).estado).toBe('en_proceso');
    await page.context().close();
  });
});

describe('foreign cash the terminals cannot take in notes', () => {
  it('is refused on step 1, under the amount, before a method or a terminal is chosen', async () => {
    const page = await customerPage();
    await abrir(page);
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    await monto(page).fill('100,50');
    await page.getByTestId('monto-error').filter({ hasText: 'Los terminales reciben solo billetes' }).waitFor();
    expect(await continuar(page).isDisabled()).toBe(true);
    await monto(page).fill('100');
    await expect.poll(() => continuar(page).isEnabled()).toBe(true);
    expect(await page.getByTestId('monto-error').count()).toBe(0);
    await page.context().close();
  });
});
