import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { clienteId, makeUser, selector } from './support/admin';
import { P } from '../src/shared/permissions';
import { MA } from '../src/shared/messagesAdmin';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { OP_MSG } from '../src/shared/transacciones';
import { continuar, monto, pasosDelAsistente, txDeUrl } from './support/wizard';
import { usadoPyg } from '../src/server/modules/transacciones/transacciones.repository';

/** The customer's operation path: limits where the amount is typed, progress kept in the URL, live quotes. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(async () => {
  await e?.close();
});

const db = () => e.server.database.db;
const setLimites = (diario: string | null, mensual: string | null = null) =>
  db().updateTable('limite_config').set({ limite_diario: diario, limite_mensual: mensual }).where('id', '=', 1).execute();
afterEach(async () => {
  await setLimites(null, null);
});

async function customerPage(width = 1366) {
  const page = await e.newPage({ width, height: 900 });
  await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
  return page;
}

const { abrir, hastaResumen } = pasosDelAsistente(() => e.url);

const estadoDe = async (id: number) => (await db().selectFrom('transacciones').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;

describe('the terminal step offers only terminals whose notes can pay', () => {
  it('a terminal without the notes says so and cannot be chosen; a chosen one that cannot pay keeps Continuar off with the reason', async () => {
    const { id_tauser } = await db()
      .insertInto('tausers')
      .values({ codigo: 'TAU-NUEVO-01', nombre: 'Tauser Nuevo', direccion: 'Calle Nueva 1', ciudad: 'Asunción', departamento: 'Capital', latitud: '-25.300000', longitud: '-57.600000', is_active: true })
      .returning('id_tauser')
      .executeTakeFirstOrThrow();
    try {
      const page = await customerPage();
      const aTerminal = async (gs: string) => {
        await abrir(page);
        await monto(page).fill(gs);
        await continuar(page).click();
        await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
        await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
        await continuar(page).click();
        await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
      };
      await aTerminal('1.000.000');
      // A new terminal holds no notes: told on its card, and choosing it does nothing.
      const nuevo = page.locator('[data-tauser-card="TAU-NUEVO-01"]');
      const centro = page.locator('[data-tauser-card="TAU-ASU-01"]');
      await nuevo.getByText('Sin billetes suficientes').waitFor();
      await centro.getByText('Puede pagar este monto').waitFor();
      await nuevo.click({ force: true });
      expect(await nuevo.locator('input[type="radio"]').isDisabled()).toBe(true);
      expect(await page.locator('input[name="tauser"]:checked').count()).toBe(0);
      expect(await continuar(page).isDisabled()).toBe(true);
      await centro.click();
      await expect.poll(() => continuar(page).isDisabled()).toBe(false);
      // ₲ 150.000.000 buy some US$ 20.000, more than TAU-ASU-01 holds: the chosen terminal cannot pay them.
      await page.getByRole('button', { name: 'Atrás' }).click();
      await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
      await page.getByRole('button', { name: 'Atrás' }).click();
      await monto(page).fill('150.000.000');
      await continuar(page).click();
      await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
      await continuar(page).click();
      await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
      await centro.getByText('Sin billetes suficientes').waitFor();
      expect(await page.getByTestId('terminal-sin-billetes').textContent()).toBe('Este terminal no tiene billetes suficientes para pagar esta operación. Elegí otro terminal.');
      expect(await continuar(page).isDisabled()).toBe(true);
      expect(await db().selectFrom('transacciones').select('id').where('monto_origen', '=', '150000000').execute()).toEqual([]);
      await page.context().close();
    } finally {
      await db().updateTable('tausers').set({ is_active: false }).where('id_tauser', '=', id_tauser).execute();
    }
  });
});

describe('limits and refusals where the amount is typed', () => {
  it('says at step 1 which limit an amount passes and keeps Continuar off, for guaraníes and for a sale', async () => {
    await setLimites('2700000');
    const page = await customerPage();
    await abrir(page);
    const error = page.getByTestId('monto-error');
    await monto(page).fill('3.000.000');
    await expect.poll(() => error.textContent()).toMatch(/^Supera el límite diario: disponible ₲ [\d.]+$/);
    expect(await continuar(page).isDisabled()).toBe(true);
    await monto(page).fill('1.000');
    await expect.poll(() => error.count()).toBe(0);
    expect(await continuar(page).isDisabled()).toBe(false);
    // selling 500 USD brings about ₲ 3.600.000: known once the live quote answers
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    await monto(page).fill('500');
    await expect.poll(() => error.textContent()).toMatch(/^Supera el límite diario/);
    expect(await continuar(page).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/wt27-limite-1366.png', fullPage: true });
    await page.context().close();
  });

  it('a refusal of the creation for the limit goes back to the amount and says why there', async () => {
    const page = await customerPage();
    await abrir(page);
    await monto(page).fill('2.000.000');
    await continuar(page).click();
    await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
    await continuar(page).click();
    await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
    await setLimites('1500000'); // staff lower the limit meanwhile
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await expect.poll(() => page.getByTestId('monto-error').textContent()).toMatch(/^Supera el límite diario: disponible ₲ [\d.]+$/);
    expect(await monto(page).inputValue()).toBe('2.000.000');
    await page.context().close();
  });
});

describe('a refusal of the amount that no longer holds', () => {
  it('goes once the pending operation holding the limit is cancelled: the same amount can go on', async () => {
    const page = await customerPage();
    const primera = await hastaResumen(page, '2.000.000');
    // Back to the amount (a phone's back gesture): the first operation stays pending and holds ₲ 2.000.000.
    for (let i = 0; i < 3; i++) await page.goBack();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    // ₲ 1.000.000 left today, whatever this client had already done.
    const { cliente_id } = await db().selectFrom('transacciones').select('cliente_id').where('id', '=', primera).executeTakeFirstOrThrow();
    const { dia } = await usadoPyg(db(), cliente_id, e.env.tzBusiness);
    await setLimites(String(BigInt(dia) + 1_000_000n));
    await monto(page).fill('1.500.000');
    await continuar(page).click();
    await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
    await continuar(page).click();
    await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    const error = page.getByTestId('monto-error');
    await expect.poll(() => error.textContent()).toMatch(/^Supera el límite diario: disponible ₲ 1\.000\.000$/);
    expect(await continuar(page).isDisabled()).toBe(true);
    // The first one cancelled from the banner: ₲ 3.000.000 left, and 1.500.000 goes on.
    const codigo = (await db().selectFrom('transacciones').select('codigo').where('id', '=', primera).executeTakeFirstOrThrow()).codigo;
    await page.getByRole('button', { name: `Cancelar ${codigo}` }).click();
    await page.getByRole('button', { name: 'Sí, cancelar' }).click();
    await expect.poll(() => estadoDe(primera)).toBe('cancelada');
    await expect.poll(() => error.count()).toBe(0);
    expect(await continuar(page).isDisabled()).toBe(false);
    await page.context().close();
  });
});

describe('a refused payment says why on the terms step', () => {
  it('a limit lowered before the payment shows the server\'s reason above Pagar, no toast alone', async () => {
    const page = await customerPage();
    await hastaResumen(page, '2.000.000');
    await page.screenshot({ path: '/tmp/wt27-paso4-1366.png', fullPage: true });
    await page.getByRole('button', { name: 'Revisar Términos' }).click();
    await page.getByLabel('He leído y acepto los términos y condiciones').check();
    await setLimites('1000000');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect.poll(() => page.getByTestId('rechazo').textContent()).toMatch(/^Supera el límite diario: disponible ₲ [\d.]+$/);
    await page.screenshot({ path: '/tmp/wt27-paso5-1366.png', fullPage: true });
    await page.context().close();
  });
});

describe('progress that survives', () => {
  it('back and forward move between steps; a reload at the summary shows the same transaction', async () => {
    const page = await customerPage();
    const id = await hastaResumen(page);
    expect(id).toBeGreaterThan(0);
    const figura = await page.getByTestId('monto-destino').textContent();
    // Buying USD: the summary says the part below the smallest note comes in guaraníes.
    expect(await page.getByTestId('resto-en-guaranies').textContent()).toContain('billetes de USD');
    await page.reload();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(txDeUrl(page)).toBe(id);
    expect(await page.getByTestId('monto-destino').textContent()).toBe(figura);
    expect(await page.getByTestId('vencimiento').textContent()).toMatch(/^Vence en (23|24):\d\d:\d\d$/);
    await page.goBack();
    await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    expect(await monto(page).inputValue()).toBe('1.000.000');
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(txDeUrl(page)).toBe(id);
    await page.context().close();
  });

  it('a pending transaction left behind is resumed at its summary or cancelled from the wizard', async () => {
    const page = await customerPage();
    const id = await hastaResumen(page, '1.234.000');
    await abrir(page);
    const codigo = (await db().selectFrom('transacciones').select('codigo').where('id', '=', id).executeTakeFirstOrThrow()).codigo;
    const pendientes = page.getByTestId('pendientes');
    await pendientes.getByText(codigo).waitFor();
    await pendientes.getByRole('button', { name: `Retomar ${codigo}` }).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(txDeUrl(page)).toBe(id);
    expect(await page.getByTestId('monto-origen').textContent()).toBe('1.234.000 PYG');
    await abrir(page);
    await pendientes.getByRole('button', { name: `Cancelar ${codigo}` }).click();
    // It asks first: going back changes nothing.
    const confirmar = page.getByRole('dialog', { name: '¿Cancelar la operación?' });
    await confirmar.getByRole('button', { name: 'Volver' }).click();
    expect(await estadoDe(id)).toBe('pendiente');
    await pendientes.getByRole('button', { name: `Cancelar ${codigo}` }).click();
    await confirmar.getByRole('button', { name: 'Sí, cancelar' }).click();
    await expect.poll(() => estadoDe(id)).toBe('cancelada');
    // Said, as every cancellation is; and gone from the banner.
    await page.getByText(OP_MSG.cancelada(codigo)).waitFor();
    await expect.poll(() => pendientes.getByText(codigo).count()).toBe(0);
    await page.context().close();
  });

  it('more pending operations than the banner lists are one link away, in the history', async () => {
    const page = await customerPage();
    const id = await hastaResumen(page, '1.235.000');
    // Three more like it (another code each).
    const copia = await db().selectFrom('transacciones').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { id: _id, ...resto } = copia;
    for (const codigo of ['PENDAAA2', 'PENDAAA3', 'PENDAAA4']) await db().insertInto('transacciones').values({ ...resto, codigo }).execute();
    await abrir(page);
    const pendientes = page.getByTestId('pendientes');
    await pendientes.getByRole('heading', { name: /Tenés \d+ operaciones pendientes de pago/ }).waitFor();
    const total = Number((await pendientes.getByRole('heading').textContent())!.match(/\d+/)![0]);
    expect(await pendientes.locator('li').count()).toBe(3);
    await pendientes.getByRole('link', { name: `Ver las ${total} en el historial` }).click();
    await page.waitForURL(/historial-transacciones/);
    expect(new URL(page.url()).searchParams.get('estado')).toBe('pendiente');
    // The history filtered by pending lists them (the table names each row's code in its Ver button).
    await page.getByRole('button', { name: 'Ver transacción PENDAAA4' }).filter({ visible: true }).first().waitFor();
    await db().updateTable('transacciones').set({ estado: 'cancelada' }).where('cliente_id', '=', copia.cliente_id).where('estado', '=', 'pendiente').execute();
    await page.context().close();
  });

  it('a pending transaction is resumed or cancelled from the history too (375 px)', async () => {
    const page = await customerPage(375);
    const id = await hastaResumen(page, '1.111.000');
    const codigo = (await db().selectFrom('transacciones').select('codigo').where('id', '=', id).executeTakeFirstOrThrow()).codigo;
    await page.goto(`${e.url}/historial-transacciones`);
    await page.getByRole('button', { name: `Ver transacción ${codigo}` }).first().click();
    await page.getByRole('link', { name: `Retomar ${codigo}` }).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(txDeUrl(page)).toBe(id);
    await page.goto(`${e.url}/historial-transacciones`);
    await page.getByRole('button', { name: `Ver transacción ${codigo}` }).first().click();
    await page.getByRole('button', { name: `Cancelar ${codigo}` }).click();
    await page.getByRole('dialog', { name: '¿Cancelar la operación?' }).getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByText(OP_MSG.cancelada(codigo)).waitFor();
    await expect.poll(() => estadoDe(id)).toBe('cancelada');
    await page.getByRole('button', { name: `Ver transacción ${codigo}` }).first().click();
    await page.getByTestId('detalle-transaccion').waitFor();
    expect(await page.getByRole('link', { name: `Retomar ${codigo}` }).count()).toBe(0);
    await page.context().close();
  });

  it('after the payment the actions are gone, also going back to the terms', async () => {
    const page = await customerPage();
    const id = await hastaResumen(page, '500.000');
    await page.getByRole('button', { name: 'Revisar Términos' }).click();
    await page.getByLabel('He leído y acepto los términos y condiciones').check();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.getByText(OP_MSG.pagoConfirmado).waitFor();
    await page.getByTestId('codigo-transaccion').waitFor();
    expect(await page.getByRole('button', { name: 'Pagar' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await page.goBack();
    await page.getByTestId('no-pendiente').waitFor();
    expect(txDeUrl(page)).toBe(id);
    // What to do at the terminal is said once: by the step's card, not again by the banner above it.
    expect(await page.getByTestId('en-el-terminal').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Pagar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Revisar Términos' }).count()).toBe(0);
    expect(await estadoDe(id)).toBe('en_proceso');
    await page.context().close();
  });
});

describe('live quotes', () => {
  it('the quote follows the amount as it is typed; fees and discount in guaraníes and percent', async () => {
    const page = await customerPage();
    await abrir(page);
    const viva = page.getByTestId('cotizacion-en-vivo');
    await monto(page).fill('1000000');
    await expect.poll(() => viva.getByTestId('monto-origen').textContent()).toBe('1.000.000 PYG');
    const primero = await viva.getByTestId('monto-destino').textContent();
    await monto(page).press('End');
    await monto(page).pressSequentially('0', { delay: 20 });
    await expect.poll(() => viva.getByTestId('monto-origen').textContent()).toBe('10.000.000 PYG');
    expect(await viva.getByTestId('monto-destino').textContent()).not.toBe(primero);
    // VIP: 10,00 % of the margin, in guaraníes too
    expect(await viva.getByTestId('descuento').textContent()).toMatch(/^₲ [\d.]+ \(10,00 % del margen\)$/);
    expect(await viva.getByTestId('comision').textContent()).toMatch(/^₲ [\d.]+ \(\d+,\d\d %\)$/);
    await page.screenshot({ path: '/tmp/wt27-paso1-1366.png', fullPage: true });
    await page.context().close();
  });

  it('a newer amount aborts the quote still in flight; the figures shown are the newest', async () => {
    const page = await customerPage();
    await abrir(page);
    // quotes answer slowly: the first is still in flight when the amount changes
    await page.route('**/trpc/simulacion.privada*', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => undefined);
    });
    const abortadas: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.url().includes('/trpc/simulacion.privada')) abortadas.push(r.postData() ?? '');
    });
    const primera = page.waitForRequest((r) => r.url().includes('/trpc/simulacion.privada'));
    await monto(page).fill('1000000');
    await primera;
    await monto(page).fill('3000000');
    const viva = page.getByTestId('cotizacion-en-vivo');
    await expect.poll(() => viva.getByTestId('monto-origen').textContent(), { timeout: 10_000 }).toBe('3.000.000 PYG');
    expect(abortadas.some((b) => b.includes('"1000000"'))).toBe(true);
    await page.context().close();
  });
});

describe('onboarding and menu', () => {
  it('a client assigned by staff shows up when the customer comes back to the window, chosen by default', async () => {
    const u = await makeUser(e, [P.useSimulacion, P.useOperacion]);
    const page = await e.newPage({ width: 1366, height: 900 });
    await login(page, e.url, u.username, u.password);
    await selector(page).getByText(MA.selectorEmpty).waitFor();
    const token = ((await (await fetch(`${e.url}/api/token/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN),
    })).json()) as { access: string }).access;
    const maria = await clienteId(e, 'María González');
    const r = await fetch(`${e.url}/api/usuarios/${u.id}/asignar_clientes/`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ clientes: [maria] }),
    });
    expect(r.status).toBe(200);
    // the customer comes back to the tab
    const antes = Date.now();
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await selector(page).getByText('María González').waitFor();
    expect(Date.now() - antes).toBeLessThan(10_000); // the focus, not the 30 s interval
    await page.context().close();
  });

  it('the customer\'s menu has Mis métodos financieros and no Configuraciones; staff keep Configuraciones', async () => {
    const page = await customerPage();
    await page.locator('button:visible').filter({ hasText: /^M\s*María$/ }).click();
    await page.getByRole('menuitem', { name: 'Mis métodos financieros' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Configuraciones' }).count()).toBe(0);
    await page.context().close();
    const admin = await e.newPage({ width: 1366, height: 900 });
    await login(admin, e.url, ADMIN.username, ADMIN.password);
    await admin.getByRole('navigation', { name: 'Navegación principal' }).getByRole('button', { name: /admin/i }).click();
    await admin.getByRole('menuitem', { name: 'Configuraciones' }).waitFor();
    await admin.context().close();
  });

  it('the method step leads to adding an account and back to the same step', async () => {
    const page = await customerPage();
    await abrir(page);
    await monto(page).fill('1.000.000');
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
    await page.getByRole('link', { name: 'Agregar una cuenta o billetera' }).click();
    await page.getByRole('heading', { name: 'Mis Métodos Financieros' }).waitFor();
    await page.getByRole('link', { name: '← Volver a la operación' }).click();
    await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
    await page.getByRole('button', { name: 'Atrás' }).click();
    expect(await monto(page).inputValue()).toBe('1.000.000');
    await page.context().close();
  });
});

describe('375 px', () => {
  it('every step fits a phone', async () => {
    const page = await customerPage(375);
    await abrir(page);
    await monto(page).fill('1.000.000');
    await page.getByTestId('cotizacion-en-vivo').waitFor();
    await page.screenshot({ path: '/tmp/wt27-paso1-375.png', fullPage: true });
    await continuar(page).click();
    await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
    await page.screenshot({ path: '/tmp/wt27-paso2-375.png', fullPage: true });
    await continuar(page).click();
    await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    await page.screenshot({ path: '/tmp/wt27-paso4-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Revisar Términos' }).click();
    await page.screenshot({ path: '/tmp/wt27-paso5-375.png', fullPage: true });
    const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});
