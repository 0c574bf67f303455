import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness';
import { M } from '../../../shared/messages';
import { OP_MSG } from '../../../shared/transacciones';
import { leerOperacion } from '../simulacion/simulacion.repository';
import { insertarTransacciones } from './transacciones.repository';
import { cliente, cuentaBancaria, exchangeWorld, tauser, type ExchangeWorld } from './testFixtures';

/**
 * An operation's quote may start from this process's copy of an earlier read of its client,
 * Tauser, currencies and method; the insert writes only if all of it still reads the same.
 * These changes are made in SQL and drop no such copy: the next operation must still follow them.
 */
let app: TestApp;
let w: ExchangeWorld;
let c: Awaited<ReturnType<typeof cliente>>;
let tauserId: string;

beforeAll(async () => {
  app = await startTestApp({ notices: true });
  w = await exchangeWorld(app);
  c = await cliente(app, w.categorias.vip);
  tauserId = await tauser(app);
});
afterAll(() => app.close());

const body = () => ({ cliente_id: c.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', metodo_id: w.metodos.EFECTIVO, tauser_id: tauserId });
const crear = () => app.api('POST', '/operaciones/crear-transaccion/', { token: c.token, body: body() });
const stored = async () => Number((await sql<{ n: string }>`select count(*) as n from transacciones where cliente_id = ${c.clienteId}`.execute(app.db)).rows[0]!.n);

describe('an operation after changes that drop no kept read', () => {
  it('takes a category discount changed since the last operation', async () => {
    const a = await crear();
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.parametros.descuento_categoria).toBe('10.00');
    await sql`update categorias_cliente set descuento = 5 where id_categoria = ${w.categorias.vip}`.execute(app.db);
    const b = await crear();
    expect(b.status).toBe(201);
    expect(b.body.parametros.descuento_categoria).toBe('5.00');
    // A smaller discount on the commission: the client pays more guaraníes per dollar, so gets fewer.
    expect(Number(b.body.tasa_aplicada)).toBeGreaterThan(Number(a.body.tasa_aplicada));
    const row = await app.db.selectFrom('transacciones').select(['descuento_categoria', 'tasa_aplicada']).where('id', '=', b.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ descuento_categoria: '5.00', tasa_aplicada: b.body.tasa_aplicada });
  });

  it('takes a rate changed since, and answers what a read of the stored row gives', async () => {
    expect((await crear()).status).toBe(201);
    await sql`update tasas set precio_base = 7400 where divisa_id = ${w.usd}`.execute(app.db);
    const r = await crear();
    expect(r.status).toBe(201);
    expect(r.body.parametros.precio_base).toBe('7400.0000');
    const leida = await app.api('GET', `/operaciones/transacciones/${r.body.id}/`, { token: c.token });
    expect(r.body).toEqual(leida.body);
  });

  it('refuses a Tauser deactivated since, a client deactivated since and a client no longer assigned; nothing stored', async () => {
    expect((await crear()).status).toBe(201);
    const before = await stored();

    await sql`update tausers set is_active = false where id_tauser = ${tauserId}`.execute(app.db);
    const t = await crear();
    expect(t.status).toBe(400);
    expect(t.body.tauser_id).toEqual([OP_MSG.tauserInvalido]);
    await sql`update tausers set is_active = true where id_tauser = ${tauserId}`.execute(app.db);

    await sql`update clientes set is_active = false where id_cliente = ${c.clienteId}`.execute(app.db);
    const i = await crear();
    expect(i.status).toBe(400);
    expect(i.body.detail).toBe(OP_MSG.clienteInactivo);
    await sql`update clientes set is_active = true where id_cliente = ${c.clienteId}`.execute(app.db);

    await sql`delete from user_clientes where user_id = ${c.id} and cliente_id = ${c.clienteId}`.execute(app.db);
    const f = await crear();
    expect(f.status).toBe(403);
    expect(f.body).toEqual({ detail: M.apiForbidden });
    expect(await stored()).toBe(before);
    await sql`insert into user_clientes (user_id, cliente_id) values (${c.id}, ${c.clienteId})`.execute(app.db);
    expect((await crear()).status).toBe(201);
  });
});

/** A change made with triggers off: no notice, so nothing kept is dropped; only the guard can see it. */
const sinAviso = (...changes: ReturnType<typeof sql>[]) =>
  app.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    for (const change of changes) await change.execute(trx);
  });

describe('an operation on a saved account, after changes no notice reports', () => {
  it('takes the bank\'s commission changed since, also when the method comes from the account', async () => {
    const cuenta = await cuentaBancaria(app, w, c.clienteId, {
      comision_compra: '1.00', comision_venta: '1.00', comision_personalizada_compra: true, comision_personalizada_venta: true,
    });
    const conCuenta = () =>
      app.api('POST', '/operaciones/crear-transaccion/', {
        token: c.token,
        body: { cliente_id: c.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: tauserId },
      });
    const a = await conCuenta();
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.parametros.comision_metodo).toBe('1.00');
    await sinAviso(sql`update bancos set comision_compra = 3, comision_venta = 3 where id = ${cuenta.bancoId}`);
    const b = await conCuenta();
    expect(b.status).toBe(201);
    expect(b.body.parametros.comision_metodo).toBe('3.00');
    expect(Number(b.body.monto_destino)).toBeLessThan(Number(a.body.monto_destino));

    await sinAviso(sql`update metodo_financiero_detalle set is_active = false where id = ${cuenta.id}`);
    const off = await conCuenta();
    expect(off.status).toBe(400);
    expect(off.body.detalle_metodo_id).toBeDefined();
  });
});

describe('limits', () => {
  it('a refusal on the limits comes from a fresh read, never from a kept one', async () => {
    const d = await cliente(app, w.categorias.minorista);
    await sql`update limite_config set limite_diario = 1000000000000, limite_mensual = null where id = 1`.execute(app.db);
    try {
      // The client sells dollars: the guaraníes it receives count against its limit, at the rate of the day.
      const vender = () =>
        app.api('POST', '/operaciones/crear-transaccion/', {
          token: d.token,
          body: { cliente_id: d.clienteId, divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100', metodo_id: w.metodos.EFECTIVO, tauser_id: tauserId },
        });
      const a = await vender();
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      const antes = Number(a.body.monto_pyg);
      // The rate drops and the limit leaves room for a second sale at the new rate only; no notice of either.
      await sinAviso(sql`update tasas set precio_base = precio_base - 1000 where divisa_id = ${w.usd}`);
      const ahora = Number((await app.api('POST', '/operaciones/simular_publica/', { body: { divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100', metodo_id: w.metodos.EFECTIVO } })).body.monto_destino);
      expect(ahora).toBeLessThan(antes);
      await sinAviso(sql`update limite_config set limite_diario = ${String(antes + Math.floor((antes + ahora) / 2))} where id = 1`);
      const b = await vender();
      expect(b.status, JSON.stringify(b.body)).toBe(201);
      expect(Number(b.body.monto_pyg)).toBe(ahora);
    } finally {
      await sql`update limite_config set limite_diario = null, limite_mensual = null where id = 1`.execute(app.db);
      await sql`update tasas set precio_base = 7300 where divisa_id = ${w.usd}`.execute(app.db);
    }
  });
});

describe('the guarded insert', () => {
  it('writes nothing, not even an audit entry, when what the quote read no longer reads the same', async () => {
    const ids = { userId: c.id, clienteId: c.clienteId, tauserId, origen: w.pyg, destino: w.usd, metodoId: w.metodos.EFECTIVO, detalleId: null };
    const leida = (await leerOperacion(app.db, ids))!;
    expect(leida.huella).toMatch(/^[0-9a-f]{32}$/);
    const values = {
      cliente_id: c.clienteId, operador_id: c.id, operacion_cliente: 'compra' as const, divisa_origen_id: w.pyg, divisa_destino_id: w.usd,
      monto_origen: '1000', monto_destino: '0.13', monto_pyg: '1000', tasa_aplicada: '7455.1750', tasa_inicial: '7455.1750',
      monto_destino_inicial: '0.13', precio_base: '7400', comision_base: '50', nombre_categoria: 'VIP', descuento_categoria: '5',
      metodo_financiero_id: w.metodos.EFECTIVO, detalle_metodo_id: null, comision_metodo: '0', tauser_id: tauserId, terminos_aceptados: false,
    };
    const audits = async () => Number((await sql<{ n: string }>`select count(*) as n from audit_log where entity = 'transaccion'`.execute(app.db)).rows[0]!.n);
    const before = { stored: await stored(), audits: await audits() };

    await sql`update metodos_financieros set comision_pago_porcentaje = comision_pago_porcentaje + 1 where id = ${w.metodos.EFECTIVO}`.execute(app.db);
    const [stale] = await insertarTransacciones(app.db, [{ values, codigo: 'ZZZZZZZ1', leida: { ids, huella: leida.huella } }]);
    expect(stale).toBeUndefined();
    expect({ stored: await stored(), audits: await audits() }).toEqual(before);

    const fresh = (await leerOperacion(app.db, ids))!;
    expect(fresh.huella).not.toBe(leida.huella);
    const [row] = await insertarTransacciones(app.db, [{ values, codigo: 'ZZZZZZZ2', leida: { ids, huella: fresh.huella } }]);
    expect(row).toMatchObject({ codigo: 'ZZZZZZZ2', cliente_id: c.clienteId });
    expect({ stored: await stored(), audits: await audits() }).toEqual({ stored: before.stored + 1, audits: before.audits + 1 });
  });
});
