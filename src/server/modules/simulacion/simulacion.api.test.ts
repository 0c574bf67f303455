import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { MSG_BASE_REQUIRED, MSG_MONTO_DESTINO_CERO, MSG_MONTO_DESTINO_GRANDE, MSG_TASA_FINAL_GRANDE } from '../../../shared/pricing';
import { MSG_METODO_NO_PERMITE_PAGO } from '../../../shared/comision';
import { MONTO_MSG } from '../../../shared/schemas/operaciones';
import { billetera, cliente, crearCliente, cuentaBancaria, exchangeWorld, tarjetaLocal, tauser, type ExchangeWorld } from '../transacciones/testFixtures';
import { SIM_MSG } from './simulacion.service';

let app: TestApp;
let w: ExchangeWorld;
let vip: Awaited<ReturnType<typeof cliente>>;
let minorista: Awaited<ReturnType<typeof cliente>>;
let cuenta: { id: number; bancoId: number };
let nobody: string;

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  vip = await cliente(app, w.categorias.vip);
  minorista = await cliente(app, w.categorias.minorista);
  cuenta = await cuentaBancaria(app, w, vip.clienteId);
  nobody = (await userWith(app, [])).token;
});
afterAll(() => app.close());

const publica = (body: unknown) => app.api('POST', '/operaciones/simular_publica/', { body });
const privada = (token: string | undefined, body: unknown) => app.api('POST', '/operaciones/simular_privada_con_instancia/', { token, body });

describe('POST /api/operaciones/simular_publica/', () => {
  it('is public: generic method, no discount (DESIGN §6 worked examples with cash)', async () => {
    const compra = await publica({ divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', metodo_id: w.metodos.EFECTIVO });
    expect(compra.status, JSON.stringify(compra.body)).toBe(200);
    expect(compra.body).toEqual({
      operacion_cliente: 'compra', operacion_casa: 'venta', monto_origen: '1000000', divisa_origen: 'PYG', monto_destino: '136.05',
      divisa_destino: 'USD', tc_final: '7350.0000',
      parametros: { nombre_categoria: null, descuento_categoria: '0.00', nombre_metodo: 'Efectivo', comision_metodo: '0.00', precio_base: '7300.0000', comision_base: '50.0000' },
    });
    const venta = await publica({ divisa_origen: w.usd, divisa_destino: w.pyg, monto: 100, metodo_id: w.metodos.EFECTIVO });
    expect(venta.status).toBe(200);
    expect(venta.body).toMatchObject({ operacion_cliente: 'venta', operacion_casa: 'compra', monto_origen: '100.00', tc_final: '7250.0000', monto_destino: '725000' });
  });

  it('applies the generic method commission without any category discount', async () => {
    const r = await publica({ divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', metodo_id: w.metodos.TRANSFERENCIA_BANCARIA });
    // (7300 + 50) · 1.015 = 7460.25
    expect(r.body).toMatchObject({ tc_final: '7460.2500', monto_destino: '134.04', parametros: { comision_metodo: '1.50' } });
  });

  it('answers 400 with Spanish messages for bad input', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ monto: '-5' }, 'monto', MONTO_MSG.invalido],
      [{ monto: '0' }, 'monto', MONTO_MSG.positivo],
      [{ monto: '1e5' }, 'monto', MONTO_MSG.invalido],
      [{ monto: '1000.5' }, 'monto', MONTO_MSG.sinDecimales('PYG')],
      // A Paraguayan's thousands separator is never read as a decimal point: not ₲ 150.
      [{ monto: '150.000' }, 'monto', MONTO_MSG.sinDecimales('PYG')],
      [{ monto: '' }, 'monto', M.required],
      [{ monto: '1234567890123456' }, 'monto', MONTO_MSG.grande],
      [{ metodo_id: undefined }, 'metodo_id', 'Ingresa un número, recibiste indefinido'],
      [{ divisa_destino: w.pyg }, 'divisa_destino', SIM_MSG.divisasIguales],
      [{ divisa_destino: 999999 }, 'divisa_destino', SIM_MSG.divisaNoExiste],
    ];
    for (const [over, campo, msg] of cases) {
      const r = await publica({ divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000', metodo_id: w.metodos.EFECTIVO, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      if (campo === 'metodo_id' && !over.metodo_id) expect(r.body.metodo_id).toBeDefined();
      else expect(r.body[campo], JSON.stringify(r.body)).toEqual([msg]);
    }
    const usdEur = await publica({ divisa_origen: w.usd, divisa_destino: w.eur, monto: '10', metodo_id: w.metodos.EFECTIVO });
    expect(usdEur.status).toBe(400);
    expect(usdEur.body).toEqual({ detail: MSG_BASE_REQUIRED });
    const usdDecimals = await publica({ divisa_origen: w.usd, divisa_destino: w.pyg, monto: '10.123', metodo_id: w.metodos.EFECTIVO });
    expect(usdDecimals.body).toEqual({ monto: [MONTO_MSG.decimales('USD', 2)] });
    // "1,500" is not US$ 1,50; "1,50" and "1.50" are.
    expect((await publica({ divisa_origen: w.usd, divisa_destino: w.pyg, monto: '1,500', metodo_id: w.metodos.EFECTIVO })).body).toEqual({ monto: [MONTO_MSG.decimales('USD', 2)] });
    for (const monto of ['1,50', '1.50']) {
      expect((await publica({ divisa_origen: w.usd, divisa_destino: w.pyg, monto, metodo_id: w.metodos.EFECTIVO })).body.monto_origen).toBe('1.50');
    }
    const tarjetaVenta = await publica({ divisa_origen: w.usd, divisa_destino: w.pyg, monto: '10', metodo_id: w.metodos.TARJETA });
    expect(tarjetaVenta.body).toEqual({ metodo_id: [MSG_METODO_NO_PERMITE_PAGO] });
  });

  it('refuses a currency without an active rate', async () => {
    await app.db.updateTable('tasas').set({ activo: false }).where('divisa_id', '=', w.eur).execute();
    const r = await publica({ divisa_origen: w.pyg, divisa_destino: w.eur, monto: '1000', metodo_id: w.metodos.EFECTIVO });
    await app.db.updateTable('tasas').set({ activo: true }).where('divisa_id', '=', w.eur).execute();
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ detail: SIM_MSG.sinCotizacion('EUR') });
  });
});

describe('an amount the quote refuses', () => {
  it('is named as the monto field, for the simulations and the creation (a form shows it under the amount)', async () => {
    const chico = { divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1', metodo_id: w.metodos.EFECTIVO };
    expect(await publica(chico)).toMatchObject({ status: 400, body: { monto: [MSG_MONTO_DESTINO_CERO] } });
    const grande = { divisa_origen: w.usd, divisa_destino: w.pyg, monto: '999999999999999', metodo_id: w.metodos.EFECTIVO };
    expect(await publica(grande)).toMatchObject({ status: 400, body: { monto: [MSG_MONTO_DESTINO_GRANDE] } });
    const t = await tauser(app);
    const c = await app.api('POST', '/operaciones/crear-transaccion/', {
      token: vip.token,
      body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1', detalle_metodo_id: cuenta.id, tauser_id: t },
    });
    expect(c).toMatchObject({ status: 400, body: { monto: [MSG_MONTO_DESTINO_CERO] } });
  });
});

describe('a final rate past what is stored', () => {
  it('a method commission on the highest rate answers 400 to the simulation and to the creation, never a 500', async () => {
    const { id } = await app.db.insertInto('divisas').values({ codigo: 'XAG', nombre: 'Plata', simbolo: 'XAG', flag: null }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('tasas').values({ divisa_id: id, precio_base: '9950000000000000', comision_base_compra: '0', comision_base_venta: '0' }).execute();
    const cuerpo = { divisa_origen: w.pyg, divisa_destino: id, monto: '999999999999999', metodo_id: w.metodos.TRANSFERENCIA_BANCARIA };
    // The public quote reads the kept prices, which follow the insert through its notice.
    await expect.poll(async () => (await publica(cuerpo)).body).toMatchObject({ detail: MSG_TASA_FINAL_GRANDE });
    expect((await publica(cuerpo)).status).toBe(400);
    const t = await tauser(app);
    const antes = await app.db.selectFrom('transacciones').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const c = await app.api('POST', '/operaciones/crear-transaccion/', {
      token: vip.token,
      body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: id, monto: '999999999999999', detalle_metodo_id: cuenta.id, tauser_id: t },
    });
    expect(c).toMatchObject({ status: 400, body: { detail: MSG_TASA_FINAL_GRANDE } });
    expect(await app.db.selectFrom('transacciones').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(antes);
    await app.db.updateTable('divisas').set({ is_active: false }).where('id', '=', id).execute();
  });
});

describe('POST /api/operaciones/simular_privada_con_instancia/', () => {
  const body = (over: Record<string, unknown> = {}) => ({ cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, ...over });

  it('answers 401 anonymous, 403 without the simulation or operation permission, 403 for a client not assigned', async () => {
    expect((await privada(undefined, body())).status).toBe(401);
    expect((await privada(nobody, body())).status).toBe(403);
    const r = await privada(minorista.token, body());
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: M.apiForbidden });
    const staff = await userWith(app, [P.useSimulacion, P.viewCliente]);
    expect((await privada(staff.token, body())).status).toBe(403);
  });

  it('VIP 10 % with a transfer account: the DESIGN §6 worked examples', async () => {
    const compra = await privada(vip.token, body());
    expect(compra.status, JSON.stringify(compra.body)).toBe(200);
    expect(compra.body).toMatchObject({
      operacion_cliente: 'compra', tc_final: '7455.1750', monto_destino: '134.14',
      parametros: { descuento_categoria: '10.00', nombre_metodo: 'Transferencia bancaria', comision_metodo: '1.50' },
    });
    const venta = await privada(vip.token, body({ divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100' }));
    expect(venta.body).toMatchObject({ operacion_cliente: 'venta', tc_final: '7182.4500', monto_destino: '718245', parametros: { comision_metodo: '1.00' } });
  });

  it('a catalogue entry with its own commission overrides the method for that direction only', async () => {
    const own = await cuentaBancaria(app, w, vip.clienteId, { comision_venta: '0.50', comision_personalizada_venta: true, comision_compra: '9', comision_personalizada_compra: false });
    const compra = await privada(vip.token, body({ detalle_metodo_id: own.id }));
    // (7300 + 45) · 1.005 = 7381.725 → 7381.7250
    expect(compra.body).toMatchObject({ tc_final: '7381.7250', parametros: { comision_metodo: '0.50' } });
    const venta = await privada(vip.token, body({ detalle_metodo_id: own.id, divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100' }));
    expect(venta.body).toMatchObject({ tc_final: '7182.4500', parametros: { comision_metodo: '1.00' } });
  });

  it('the generic method works in simulation for every type; someone else\'s instance or an inactive one is refused', async () => {
    const generic = await privada(vip.token, body({ detalle_metodo_id: null, metodo_id: w.metodos.BILLETERA_DIGITAL }));
    expect(generic.status).toBe(200);
    expect(generic.body.parametros.comision_metodo).toBe('2.00');
    const otro = await cuentaBancaria(app, w, minorista.clienteId);
    expect((await privada(vip.token, body({ detalle_metodo_id: otro.id }))).body).toEqual({ detalle_metodo_id: [SIM_MSG.instanciaInvalida] });
    const inactiva = await cuentaBancaria(app, w, vip.clienteId);
    await app.db.updateTable('metodo_financiero_detalle').set({ is_active: false, desactivado_por_catalogo: true }).where('id', '=', inactiva.id).execute();
    expect((await privada(vip.token, body({ detalle_metodo_id: inactiva.id }))).body).toEqual({ detalle_metodo_id: [SIM_MSG.instanciaPorCatalogo] });
    expect((await privada(vip.token, body({ detalle_metodo_id: null }))).body).toEqual({ metodo_id: [SIM_MSG.metodoRequerido] });
    expect((await privada(vip.token, body({ metodo_id: w.metodos.EFECTIVO }))).body).toEqual({ metodo_id: [SIM_MSG.instanciaOtroMetodo] });
  });

  it('with a terminal (the operation wizard) the result names it; an inactive one is refused', async () => {
    const id = await tauser(app);
    const r = await privada(vip.token, body({ tauser_id: id }));
    expect(r.status).toBe(200);
    expect(r.body.tauser_seleccionado).toEqual({ idTauser: id, codigo: expect.any(String), nombre: 'Tauser Centro', direccion: 'Palma 123', ciudad: 'Asunción', departamento: 'Central' });
    const off = await tauser(app, { is_active: false });
    expect((await privada(vip.token, body({ tauser_id: off }))).body).toEqual({ tauser_id: ['El terminal seleccionado no existe o no está activo.'] });
  });

  it('refuses an inactive client with 400', async () => {
    const user = await userWith(app, [P.useSimulacion]);
    const id = await crearCliente(app, w.categorias.vip, { is_active: false });
    await app.db.insertInto('user_clientes').values({ user_id: user.id, cliente_id: id }).execute();
    const r = await privada(user.token, body({ cliente_id: id, detalle_metodo_id: null, metodo_id: w.metodos.EFECTIVO }));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ detail: 'El cliente no está activo.' });
  });
});

describe('GET /api/operaciones/metodos-disponibles/', () => {
  it('is public and answers a plain array of the method records allowing the direction', async () => {
    const compra = await app.api('GET', `/operaciones/metodos-disponibles/?divisa_origen=${w.pyg}&divisa_destino=${w.usd}`);
    expect(compra.status).toBe(200);
    expect(compra.body.operacion_casa).toBe('venta');
    expect(Array.isArray(compra.body.metodos)).toBe(true);
    const nombres = (body: { metodos: { nombre: string }[] }) => body.metodos.map((m) => m.nombre).sort();
    expect(nombres(compra.body)).toEqual(['BILLETERA_DIGITAL', 'CHEQUE', 'EFECTIVO', 'TARJETA', 'TRANSFERENCIA_BANCARIA']);
    expect(compra.body.metodos.find((m: { nombre: string }) => m.nombre === 'TARJETA')).toEqual({
      id: w.metodos.TARJETA, nombre: 'TARJETA', nombre_display: 'Tarjeta', permite_cobro: true, permite_pago: false,
      comision_cobro_porcentaje: '3.50', comision_pago_porcentaje: '0.00', is_active: true, comision_porcentaje: '3.50',
    });
    // The same record GET metodos/{id}/ answers, plus what it charges in this direction.
    const record = await app.api('GET', `/operaciones/metodos/${w.metodos.TARJETA}/`, { token: await app.adminToken() });
    expect(compra.body.metodos.find((m: { id: number }) => m.id === w.metodos.TARJETA)).toMatchObject(record.body);
    const venta = await app.api('GET', `/operaciones/metodos-disponibles/?divisa_origen=${w.usd}&divisa_destino=${w.pyg}`);
    expect(venta.body.operacion_casa).toBe('compra');
    expect(nombres(venta.body)).toEqual(['BILLETERA_DIGITAL', 'EFECTIVO', 'TRANSFERENCIA_BANCARIA']);
    expect(venta.body.metodos.find((m: { nombre: string }) => m.nombre === 'TRANSFERENCIA_BANCARIA').comision_porcentaje).toBe('1.00');
  });

  it('answers 400 for missing or equal currencies', async () => {
    expect((await app.api('GET', '/operaciones/metodos-disponibles/')).status).toBe(400);
    const same = await app.api('GET', `/operaciones/metodos-disponibles/?divisa_origen=${w.usd}&divisa_destino=${w.usd}`);
    expect(same.body).toEqual({ divisa_destino: [SIM_MSG.divisasIguales] });
  });
});

describe('GET /api/operaciones/metodos-cliente/', () => {
  const q = (clienteId: string, extra = '') => `/operaciones/metodos-cliente/?cliente_id=${clienteId}&divisa_origen=${w.pyg}&divisa_destino=${w.usd}${extra}`;

  it('answers 401, 403 without permission and 403 for a client not assigned', async () => {
    expect((await app.api('GET', q(vip.clienteId))).status).toBe(401);
    expect((await app.api('GET', q(vip.clienteId), { token: nobody })).status).toBe(403);
    expect((await app.api('GET', q(vip.clienteId), { token: minorista.token })).status).toBe(403);
    expect((await app.api('GET', '/operaciones/metodos-cliente/?cliente_id=x', { token: vip.token })).status).toBe(400);
  });

  it('groups the client\'s instances by type with their details (CBU/CVU only its last 4)', async () => {
    const user = await cliente(app, w.categorias.vip);
    const c = await cuentaBancaria(app, w, user.clienteId);
    const b = await billetera(app, w, user.clienteId);
    const t = await tarjetaLocal(app, w, user.clienteId, { comision_venta: '2.25', comision_personalizada_venta: true });
    const r = await app.api('GET', q(user.clienteId), { token: user.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.operacion_casa).toBe('venta');
    expect(r.body.metodos.TRANSFERENCIA_BANCARIA.instancias).toEqual([
      { id: c.id, alias: 'Cuenta sueldo', tipo_especifico: 'cuenta_bancaria', comision_porcentaje: '1.50', detalles: { banco_nombre: expect.any(String), titular: 'Titular Prueba', cbu_cvu: '****1234' } },
    ]);
    expect(JSON.stringify(r.body)).not.toContain('0000003100010000001234');
    expect(r.body.metodos.BILLETERA_DIGITAL.instancias[0]).toMatchObject({ id: b.id, tipo_especifico: 'billetera_digital', detalles: { usuario_id: 'usuario1', email: 'b@prueba.com.py', telefono: null } });
    expect(r.body.metodos.TARJETA.instancias[0]).toMatchObject({ id: t.id, tipo_especifico: 'tarjeta_local', comision_porcentaje: '2.25', detalles: { last4: '4242', exp_month: 12, exp_year: 2030 } });
    expect(r.body.metodos.TARJETA.instancias[0].detalles.marca_nombre).toMatch(/^Marca /);
    for (const g of Object.values(r.body.metodos) as { permite_generico: boolean }[]) expect(g.permite_generico).toBe(true);

    const real = await app.api('GET', q(user.clienteId, '&es_operacion_real=true'), { token: user.token });
    expect(real.body.metodos.TRANSFERENCIA_BANCARIA.permite_generico).toBe(false);
    expect(real.body.metodos.EFECTIVO).toMatchObject({ permite_generico: true, instancias: [] });
    expect(real.body.metodos.CHEQUE.permite_generico).toBe(true);

    // A client with no instances: in a real operation only cash and cheque remain.
    const sinMetodos = await cliente(app, w.categorias.minorista);
    const bare = await app.api('GET', q(sinMetodos.clienteId, '&es_operacion_real=true'), { token: sinMetodos.token });
    expect(Object.keys(bare.body.metodos).sort()).toEqual(['CHEQUE', 'EFECTIVO']);
    // Selling: only methods that allow paying, and instances of deactivated catalogue entries are left out.
    await app.db.updateTable('billeteras_catalogo').set({ is_active: false }).where('id', '=', b.platId).execute();
    const venta = await app.api('GET', `/operaciones/metodos-cliente/?cliente_id=${user.clienteId}&divisa_origen=${w.usd}&divisa_destino=${w.pyg}&es_operacion_real=true`, { token: user.token });
    expect(Object.keys(venta.body.metodos).sort()).toEqual(['EFECTIVO', 'TRANSFERENCIA_BANCARIA']);
  });
});

describe('a sale no sum of notes makes', () => {
  it('is quoted, and the simulation says what the operation would answer; a formable one says nothing', async () => {
    const ids: number[] = [];
    for (const v of [1, 5, 10, 20, 50, 100]) {
      const row = await app.db
        .insertInto('denominaciones')
        .values({ divisa_id: w.usd, denominacion: v })
        .onConflict((oc) => oc.columns(['divisa_id', 'denominacion']).doUpdateSet({ is_active: true }))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    try {
      const venta = (monto: string) => ({ divisa_origen: w.usd, divisa_destino: w.pyg, monto, metodo_id: w.metodos.EFECTIVO });
      const suelta = await publica(venta('100.50'));
      expect(suelta.status).toBe(200);
      expect(suelta.body).toMatchObject({ monto_origen: '100.50', aviso_billetes: expect.stringContaining('Los terminales reciben solo billetes') });
      const privadaSuelta = await privada(vip.token, { cliente_id: vip.clienteId, ...venta('100.50') });
      expect(privadaSuelta.body.aviso_billetes).toBe(suelta.body.aviso_billetes);
      const entera = await publica(venta('100'));
      expect(entera.status).toBe(200);
      expect(entera.body).not.toHaveProperty('aviso_billetes');
      // Buying, the customer hands in guaraníes: nothing to say.
      expect((await publica({ divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000001', metodo_id: w.metodos.EFECTIVO })).body).not.toHaveProperty('aviso_billetes');
    } finally {
      await app.db.updateTable('denominaciones').set({ is_active: false }).where('id', 'in', ids).execute();
    }
  });
});
