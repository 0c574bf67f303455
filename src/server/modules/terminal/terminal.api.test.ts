import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness';
import { statusOrWait } from '../../test/locks';
import { userWith } from '../../test/fixtures';
import { P } from '../../../shared/permissions';
import { TERMINAL_MSG } from '../../../shared/schemas/terminal';
import { DIVISA_MSG } from '../../../shared/schemas/divisas';
import { TAUSER_MSG } from '../../../shared/schemas/tausers';
import { OP_MSG, mensajeTransicion } from '../../../shared/transacciones';
import { MONTO_MSG } from '../../../shared/montoMsg';
import { enviarComprobante } from '../transacciones/comprobanteMail';
import type { Logger } from '../../lib/logger';
import { cliente, cuentaBancaria, exchangeWorld, tauser, vencer, type ExchangeWorld } from '../transacciones/testFixtures';

let app: TestApp;
let w: ExchangeWorld;
let vip: Awaited<ReturnType<typeof cliente>>;
let cuenta: { id: number };
let t1: string;
let t2: string;
let staff: string;
let nobody: string;
const den: Record<string, Record<number, number>> = { PYG: {}, USD: {} };

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  vip = await cliente(app, w.categorias.vip);
  cuenta = await cuentaBancaria(app, w, vip.clienteId);
  t1 = await tauser(app);
  t2 = await tauser(app);
  staff = (await userWith(app, [P.viewTauser, P.changeTauser, P.viewTransaccion])).token;
  nobody = (await userWith(app, [P.viewTauser])).token;
  for (const [codigo, divisa, valores] of [['PYG', w.pyg, [2000, 5000, 10000, 20000, 50000, 100000]], ['USD', w.usd, [1, 5, 10, 20, 50, 100]]] as const) {
    for (const v of valores) {
      const row = await app.db
        .insertInto('denominaciones')
        .values({ divisa_id: divisa, denominacion: v })
        .onConflict((oc) => oc.columns(['divisa_id', 'denominacion']).doUpdateSet({ is_active: true }))
        .returning('id')
        .executeTakeFirstOrThrow();
      den[codigo][v] = row.id;
    }
  }
});
afterAll(() => app.close());

async function secreto(tauserId: string) {
  const r = await app.api('POST', `/tauser/${tauserId}/secreto/`, { token: staff, body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { codigo: string; secreto: string };
}
async function terminalToken(tauserId: string, s?: { codigo: string; secreto: string }) {
  const cred = s ?? (await secreto(tauserId));
  const r = await app.api('POST', '/tauser/terminal/login/', { body: cred });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}
const cargar = (tauserId: string, codigo: 'PYG' | 'USD', valor: number, cantidad: number, token = staff) =>
  app.api('POST', `/tauser/${tauserId}/stock/`, { token, body: { denominacion_id: den[codigo][valor], operacion: 'cargar', cantidad, motivo: 'Carga inicial' } });
const retirar = (tauserId: string, codigo: 'PYG' | 'USD', valor: number, cantidad: number) =>
  app.api('POST', `/tauser/${tauserId}/stock/`, { token: staff, body: { denominacion_id: den[codigo][valor], operacion: 'retirar', cantidad, motivo: 'Retiro' } });
/** Enough notes for the operations of these tests (a terminal that cannot pay is refused at creation). */
async function surtir(tauserId: string, n = 10) {
  for (const v of [1, 5, 10, 20, 50, 100]) await cargar(tauserId, 'USD', v, n);
  for (const v of [2000, 5000, 10000, 20000, 50000, 100000]) await cargar(tauserId, 'PYG', v, n);
}
/** Withdraws every note of the terminal. */
async function vaciar(tauserId: string) {
  for (const [codigo, valores] of [['USD', [1, 5, 10, 20, 50, 100]], ['PYG', [2000, 5000, 10000, 20000, 50000, 100000]]] as const) {
    for (const v of valores) {
      const n = await cantidad(tauserId, codigo, v);
      if (n > 0) expect((await retirar(tauserId, codigo, v, n)).status).toBe(200);
    }
  }
}
const cantidad = async (tauserId: string, codigo: 'PYG' | 'USD', valor: number) =>
  (await app.db.selectFrom('tauser_stock').select('cantidad').where('tauser_id', '=', tauserId).where('denominacion_id', '=', den[codigo][valor]).executeTakeFirst())?.cantidad ?? 0;

/** A transaction en_proceso at `tauserId`: PYG 1.000.000 → USD. */
async function enProceso(tauserId: string) {
  const c = await app.api('POST', '/operaciones/crear-transaccion/', {
    token: vip.token,
    body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: tauserId, terminos_aceptados: false },
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const p = await app.api('PATCH', `/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return p.body as { id: number; codigo: string; monto_destino: string };
}

describe('terminal identity', () => {
  it('the secret: 401 anonymous, 403 without change permission, shown once and stored hashed; sign-in with it', async () => {
    expect((await app.api('POST', `/tauser/${t1}/secreto/`, { body: {} })).status).toBe(401);
    expect((await app.api('POST', `/tauser/${t1}/secreto/`, { token: nobody, body: {} })).status).toBe(403);
    // Nothing to send: a key is refused rather than ignored (a client believing it chose the secret).
    expect(await app.api('POST', `/tauser/${t1}/secreto/`, { token: staff, body: { secreto: 'elegido' } })).toMatchObject({ status: 400, body: { secreto: ['Campo no permitido.'] } });
    const s = await secreto(t1);
    const row = await app.db.selectFrom('tausers').select(['secret_hash']).where('id_tauser', '=', t1).executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toContain(s.secreto);
    const bad = await app.api('POST', '/tauser/terminal/login/', { body: { codigo: s.codigo, secreto: 'otro' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: TERMINAL_MSG.credencialesInvalidas });
    const token = await terminalToken(t1, s);
    const yo = await app.api('GET', '/tauser/terminal/yo/', { token });
    expect(yo.status).toBe(200);
    expect(yo.body.idTauser).toBe(t1);
  });

  it('token scope both ways: a terminal token cannot call user paths, a user token cannot call terminal paths', async () => {
    const token = await terminalToken(t1);
    expect((await app.api('GET', '/tauser/', { token })).status).toBe(403);
    expect((await app.api('GET', '/operaciones/transacciones/', { token })).status).toBe(403);
    expect((await app.api('GET', `/tauser/${t1}/stock/`, { token })).status).toBe(403);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: staff })).status).toBe(403);
    expect((await app.api('GET', '/tauser/terminal/yo/', {})).status).toBe(401);
  });

  it('rotation and revocation invalidate earlier tokens', async () => {
    const s = await secreto(t2);
    const old = await terminalToken(t2, s);
    await secreto(t2);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: old })).status).toBe(401);
    expect((await app.api('POST', '/tauser/terminal/login/', { body: s })).status).toBe(401);
    const fresh = await terminalToken(t2);
    expect((await app.api('DELETE', `/tauser/${t2}/secreto/`, { token: staff })).status).toBe(204);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: fresh })).status).toBe(401);
  });

  it('deactivating the Tauser ends its terminal sessions for good: a reactivation does not revive them', async () => {
    const id = await tauser(app);
    const admin = await app.adminToken();
    const s = await secreto(id);
    const before = await terminalToken(id, s);
    expect((await app.api('PATCH', `/tauser/${id}/`, { token: admin, body: { isActive: false } })).status).toBe(200);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: before })).status).toBe(401);
    // The right key of an inactive Tauser: 403 saying so (a wrong key still learns nothing).
    expect(await app.api('POST', '/tauser/terminal/login/', { body: s })).toMatchObject({ status: 403, body: { detail: TERMINAL_MSG.terminalDesactivada } });
    expect(await app.api('POST', '/tauser/terminal/login/', { body: { ...s, secreto: 'otra' } })).toMatchObject({ status: 401, body: { detail: TERMINAL_MSG.credencialesInvalidas } });
    expect((await app.api('PATCH', `/tauser/${id}/`, { token: admin, body: { isActive: true } })).status).toBe(200);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: before })).status).toBe(401);
    // The device signs in again with its secret.
    const after = await terminalToken(id, s);
    expect((await app.api('GET', '/tauser/terminal/yo/', { token: after })).status).toBe(200);
  });
});

describe('banknote stock', () => {
  it('a body that is not an object answers 400 for the body as a whole (not fields named "0", "1"), with nothing changed', async () => {
    const before = await cantidad(t1, 'USD', 100);
    for (const [path, raw] of [[`/tauser/${t1}/stock/`, '"ab"'], [`/tauser/${t1}/stock/`, '[1]'], ['/operaciones/transacciones/1/fallar/', '"ab"'], ['/operaciones/transacciones/1/fallar/', '[1, 2]']]) {
      const r = await app.api('POST', path, { token: staff, raw });
      expect(r.status, `${path} ${raw}`).toBe(400);
      expect(Object.keys(r.body), `${path} ${raw}: ${JSON.stringify(r.body)}`).toEqual(['non_field_errors']);
    }
    expect(await cantidad(t1, 'USD', 100)).toBe(before);
  });

  it('401/403, load and withdraw audited (who, before, after), withdrawing more than held 400 with nothing changed', async () => {
    expect((await app.api('GET', `/tauser/${t1}/stock/`, {})).status).toBe(401);
    expect((await app.api('GET', `/tauser/${t1}/stock/`, { token: nobody })).status).toBe(403);
    expect((await cargar(t1, 'USD', 100, 5, nobody)).status).toBe(403);
    const r = await cargar(t1, 'USD', 100, 5);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const usd = r.body.divisas.find((d: { codigo: string }) => d.codigo === 'USD');
    expect(usd.denominaciones.find((d: { denominacion: number }) => d.denominacion === 100)).toMatchObject({ cantidad: 5, valor: '500' });
    expect(usd.total).toBe('500');
    const over = await app.api('POST', `/tauser/${t1}/stock/`, { token: staff, body: { denominacion_id: den.USD[100], operacion: 'retirar', cantidad: 6, motivo: 'Retiro' } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ cantidad: [TERMINAL_MSG.retiroExcede] });
    const bad = await app.api('POST', `/tauser/${t1}/stock/`, { token: staff, body: { denominacion_id: den.USD[100], operacion: 'robar', cantidad: 1.5, motivo: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['cantidad', 'motivo', 'operacion']);
    expect(await cantidad(t1, 'USD', 100)).toBe(5);
    const ret = await app.api('POST', `/tauser/${t1}/stock/`, { token: staff, body: { denominacion_id: den.USD[100], operacion: 'retirar', cantidad: 2, motivo: 'Retiro a bóveda' } });
    expect(ret.status).toBe(200);
    expect(await cantidad(t1, 'USD', 100)).toBe(3);
    const mov = await app.api('GET', `/tauser/${t1}/stock/movimientos/`, { token: staff });
    expect(mov.status).toBe(200);
    expect(mov.body.results[0]).toMatchObject({ divisa: 'USD', denominacion: 100, antes: 5, despues: 3, motivo: 'Retiro a bóveda' });
    expect(mov.body.results[0].usuario).toBeTruthy();
    const audits = await app.db.selectFrom('audit_log').select(['actor_id', 'before', 'after']).where('entity', '=', 'tauser_stock').execute();
    expect(audits.length).toBe(2);
    expect(audits.every((a) => a.actor_id !== null)).toBe(true);
    await cargar(t1, 'USD', 100, 97);
  });

  it('notes of a denomination taken out of use stay in the stock view until staff withdraw them (no new loads)', async () => {
    const t = await tauser(app);
    const dos = await app.db.insertInto('denominaciones').values({ divisa_id: w.usd, denominacion: 2 }).returning('id').executeTakeFirstOrThrow();
    const mover = (operacion: 'cargar' | 'retirar', cantidad: number) =>
      app.api('POST', `/tauser/${t}/stock/`, { token: staff, body: { denominacion_id: dos.id, operacion, cantidad, motivo: 'Billetes de US$ 2' } });
    expect((await mover('cargar', 7)).status).toBe(200);
    await app.db.updateTable('denominaciones').set({ is_active: false }).where('id', '=', dos.id).execute();
    type Den = { denominacion_id: number; cantidad: number; activa: boolean };
    const usdDe = (body: { divisas: { codigo: string; denominaciones: Den[]; total: string }[] }) => body.divisas.find((d) => d.codigo === 'USD')!;
    const visto = usdDe((await app.api('GET', `/tauser/${t}/stock/`, { token: staff })).body);
    expect(visto.denominaciones.find((d) => d.denominacion_id === dos.id)).toMatchObject({ cantidad: 7, activa: false });
    expect(visto.denominaciones.filter((d) => d.denominacion_id !== dos.id).every((d) => d.activa)).toBe(true);
    expect(visto.total).toBe('14');
    const carga = await mover('cargar', 1);
    expect(carga.status).toBe(400);
    expect(carga.body).toEqual({ denominacion_id: [TERMINAL_MSG.denominacionInvalida] });
    const retiro = await mover('retirar', 7);
    expect(retiro.status, JSON.stringify(retiro.body)).toBe(200);
    // Emptied, the note out of use is no longer listed.
    expect(usdDe(retiro.body).denominaciones.some((d) => d.denominacion_id === dos.id)).toBe(false);
    const [ultimo] = (await app.api('GET', `/tauser/${t}/stock/movimientos/`, { token: staff })).body.results;
    expect(ultimo).toMatchObject({ denominacion: 2, antes: 7, despues: 0 });
  });

  it('movements page as every list: past the last page "previous" links the last page that has rows', async () => {
    const t = await tauser(app);
    for (let i = 0; i < 12; i++) expect((await cargar(t, 'USD', 1, 1)).status).toBe(200);
    const base = `/tauser/${t}/stock/movimientos/`;
    const segunda = await app.api('GET', `${base}?page=2`, { token: staff });
    expect(segunda.body).toMatchObject({ count: 12, next: null });
    expect(segunda.body.results).toHaveLength(2);
    const lejos = await app.api('GET', `${base}?page=7`, { token: staff });
    expect(lejos.status).toBe(200);
    expect(lejos.body).toMatchObject({ count: 12, next: null, results: [] });
    expect(new URL(lejos.body.previous).searchParams.get('page')).toBe('2');
    expect((await app.api('GET', `${base}?page=0`, { token: staff })).status).toBe(400);
  });

  it('loads add up to at most 1.000.000 notes of a denomination (400 on cantidad, not the 500 of a 32-bit overflow)', async () => {
    const t = await tauser(app);
    for (let i = 0; i < 10; i++) expect((await cargar(t, 'USD', 100, 100_000)).status).toBe(200);
    expect(await cargar(t, 'USD', 100, 1)).toMatchObject({ status: 400, body: { cantidad: [TERMINAL_MSG.cargaExcede] } });
    expect(await cantidad(t, 'USD', 100)).toBe(1_000_000);
  });

  it('an id beyond PostgreSQL integer answers 400, never 500', async () => {
    for (const denominacion_id of [2147483648, 1e20, -1, 0]) {
      const r = await app.api('POST', `/tauser/${t1}/stock/`, { token: staff, body: { denominacion_id, operacion: 'cargar', cantidad: 1, motivo: 'Carga' } });
      expect(r, String(denominacion_id)).toMatchObject({ status: 400, body: { denominacion_id: [TERMINAL_MSG.denominacionInvalida] } });
    }
  });

  it('a count as digits ("10") is read as the ids and denominations are; anything else that is not a whole count stays refused', async () => {
    const t = await tauser(app);
    const mover = (cantidad: unknown, operacion = 'cargar') =>
      app.api('POST', `/tauser/${t}/stock/`, { token: staff, body: { denominacion_id: String(den.USD[100]), operacion, cantidad, motivo: 'Carga' } });
    expect((await mover('10')).status).toBe(200);
    expect((await mover('3', 'retirar')).status).toBe(200);
    expect(await cantidad(t, 'USD', 100)).toBe(7);
    for (const bad of ['0', '010', '1.5', '1e3', ' 5', '-5', '+5', '100001', '99999999999', '', 'diez', true, null]) {
      expect(await mover(bad), JSON.stringify(bad)).toMatchObject({ status: 400, body: { cantidad: [TERMINAL_MSG.cantidadInvalida] } });
    }
    // Values of a fixed set in a JSON body are matched exactly (only query strings take any letter case).
    expect(await mover('1', 'CARGAR')).toMatchObject({ status: 400, body: { operacion: [TERMINAL_MSG.operacionInvalida] } });
    expect(await cantidad(t, 'USD', 100)).toBe(7);
  });
});

describe('processing at the terminal', () => {
  it('another Tauser\'s transaction: 403 to read and to process', async () => {
    await surtir(t1);
    const tx = await enProceso(t1);
    const other = await terminalToken(t2);
    expect((await app.api('GET', `/tauser/terminal/transacciones/${tx.codigo}/`, { token: other })).status).toBe(403);
    const r = await app.api('POST', `/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { token: other, body: {} });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: TERMINAL_MSG.otroTauser });
    expect((await app.api('GET', `/operaciones/transacciones/${tx.id}/`, { token: vip.token })).body.estado).toBe('en_proceso');
  });

  it('insufficient stock: the terminal says so before taking money (409), nothing changes', async () => {
    // It could pay when created and paid; its notes are gone since (a jam, a count found short: staff
    // cannot withdraw notes reserved for a paid operation).
    await surtir(t2);
    const tx = await enProceso(t2);
    await app.db.updateTable('tauser_stock').set({ cantidad: 0 }).where('tauser_id', '=', t2).execute();
    const token = await terminalToken(t2);
    // The code as typed at the kiosk, in lower case.
    const q = await app.api('GET', `/tauser/terminal/transacciones/${tx.codigo.toLowerCase()}/`, { token });
    expect(q.status).toBe(200);
    expect(q.body.puede_pagar).toBe(false);
    // Or read in two groups, with a space or a hyphen.
    for (const leido of [`${tx.codigo.slice(0, 4)} ${tx.codigo.slice(4)}`, `${tx.codigo.slice(0, 4)}-${tx.codigo.slice(4)}`]) {
      const r = await app.api('GET', `/tauser/terminal/transacciones/${encodeURIComponent(leido)}/`, { token });
      expect(r, leido).toMatchObject({ status: 200, body: { codigo: tx.codigo } });
    }
    // Paid by bank transfer: even without a plan the kiosk knows there is nothing to hand in.
    expect(q.body).toMatchObject({ plan: null, ya_pagado: true });
    const extra = await app.api('POST', `/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { token, body: { foo: 1 } });
    expect(extra).toMatchObject({ status: 400, body: { foo: ['Campo no permitido.'] } });
    const r = await app.api('POST', `/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { token, body: {} });
    expect(r.status).toBe(409);
    // Asked to complete, the money may already be in the tray: the refusal no longer says not to insert it.
    expect(r.body.detail).toBe('El terminal no tiene billetes suficientes para pagar esta transacción: no se completó. Consultá al personal.');
    expect((await app.api('GET', `/operaciones/transacciones/${tx.id}/`, { token: vip.token })).body.estado).toBe('en_proceso');
    expect(await app.db.selectFrom('tauser_stock_movimientos').select('id').where('transaccion_id', '=', tx.id).execute()).toEqual([]);
    // Staff mark it failed, with a reason.
    expect((await app.api('POST', `/operaciones/transacciones/${tx.id}/fallar/`, { token: nobody, body: { motivo: 'Sin billetes' } })).status).toBe(403);
    const f = await app.api('POST', `/operaciones/transacciones/${tx.id}/fallar/`, { token: staff, body: { motivo: 'Sin billetes' } });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    expect(f.body).toMatchObject({ estado: 'fallida', motivo: 'Sin billetes' });
    expect(f.body.fecha_fin).toBeTruthy();
    expect(f.body).toEqual((await app.api('GET', `/operaciones/transacciones/${tx.id}/`, { token: staff })).body);
  });

  it('a paid operation is paid out as planned at payment, even after a smaller note comes into use', async () => {
    const t = await tauser(app);
    await surtir(t);
    // At payment the smallest dollar note is 10: the dollars below it are paid in guaraníes.
    const chicos = [den.USD[1], den.USD[5]];
    await app.db.updateTable('denominaciones').set({ is_active: false }).where('id', 'in', chicos).execute();
    let tx: Awaited<ReturnType<typeof enProceso>>;
    try {
      tx = await enProceso(t);
    } finally {
      await app.db.updateTable('denominaciones').set({ is_active: true }).where('id', 'in', chicos).execute();
    }
    const token = await terminalToken(t);
    const q = await app.api('GET', `/tauser/terminal/transacciones/${tx.codigo}/`, { token });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.puede_pagar).toBe(true);
    expect(q.body.plan.notas.every((n: { denominacion: number }) => n.denominacion >= 10)).toBe(true);
    // The customer reads the payout fixed at payment (their screens name its guaraníes for the cents).
    const antes = await app.api('GET', `/operaciones/transacciones/${tx.id}/`, { token: vip.token });
    expect(antes.body.entrega_prevista).toEqual(q.body.plan);
    expect(Number(antes.body.entrega_prevista.resto_pyg)).toBeGreaterThan(0);
    const hecho = await app.api('POST', `/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { token, body: {} });
    expect(hecho.status, JSON.stringify(hecho.body)).toBe(200);
    expect(hecho.body.entrega).toEqual(q.body.plan);
    // Once paid out, `entrega` says what was; nothing is foreseen any more.
    const despues = await app.api('GET', `/operaciones/transacciones/${tx.id}/`, { token: vip.token });
    expect(despues.body).toMatchObject({ entrega: q.body.plan, entrega_prevista: null });
    expect(await cantidad(t, 'USD', 1)).toBe(10);
    expect(await cantidad(t, 'USD', 5)).toBe(10);
  });

  it('cash taken in is recorded as the notes that form it: ₲ 1.005.000 is 10 × 100.000 + 5.000 (not 2 × 2.000 and coins)', async () => {
    const t = await tauser(app);
    await surtir(t);
    const c = await app.api('POST', '/operaciones/crear-transaccion/', {
      token: vip.token,
      body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1005000', metodo_id: w.metodos.EFECTIVO, tauser_id: t },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const p = await app.api('PATCH', `/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const hecho = await app.api('POST', `/tauser/terminal/transacciones/${c.body.codigo}/procesar/`, { token: await terminalToken(t), body: {} });
    expect(hecho.status, JSON.stringify(hecho.body)).toBe(200);
    expect(hecho.body.entrega.recibidas).toEqual({ divisa: 'PYG', notas: [{ denominacion: 100000, cantidad: 10 }, { denominacion: 5000, cantidad: 1 }], monedas: '0' });
    // The stock holds the notes that went in, less those paid out for the cents.
    const salio = (v: number) => hecho.body.entrega.notas_pyg.find((n: { denominacion: number }) => n.denominacion === v)?.cantidad ?? 0;
    expect(await cantidad(t, 'PYG', 5000)).toBe(10 + 1 - salio(5000));
    expect(await cantidad(t, 'PYG', 2000)).toBe(10 - salio(2000));
    expect(await cantidad(t, 'PYG', 100000)).toBe(10 + 10 - salio(100000));
  });

  it('two terminals of the Tauser process in parallel: one completes, stock decremented once', async () => {
    for (const v of [1, 5, 10, 20, 50]) await cargar(t1, 'USD', v, 10);
    for (const v of [2000, 5000, 10000]) await cargar(t1, 'PYG', v, 10);
    const tx = await enProceso(t1);
    const cred = await secreto(t1);
    const [a, b] = [await terminalToken(t1, cred), await terminalToken(t1, cred)];
    const before = { u100: await cantidad(t1, 'USD', 100), p100k: await cantidad(t1, 'PYG', 100000) };
    const q = await app.api('GET', `/tauser/terminal/transacciones/${tx.codigo}/`, { token: a });
    expect(q.status).toBe(200);
    expect(q.body.puede_pagar).toBe(true);
    const results = await Promise.all([a, b].map((token) => app.api('POST', `/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { token, body: {} })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body.transaccion).toMatchObject({ estado: 'completada' });
    expect(ok.body.transaccion.fecha_fin).toBeTruthy();
    const usd100 = ok.body.entrega.notas.find((n: { denominacion: number }) => n.denominacion === 100)?.cantidad ?? 0;
    expect(await cantidad(t1, 'USD', 100)).toBe(before.u100 - usd100);
    // Paid by bank transfer: the method settled the guaraníes, none were handed in.
    expect(ok.body.entrega).toMatchObject({ pyg_con_metodo: '1000000', recibidas: { divisa: 'PYG', notas: [], monedas: '0' } });
    expect(await cantidad(t1, 'PYG', 100000)).toBe(before.p100k);
    const movs = await app.db.selectFrom('tauser_stock_movimientos').select(['antes', 'despues']).where('transaccion_id', '=', tx.id).execute();
    expect(movs.length).toBeGreaterThan(0);
    const again = await app.api('POST', `/tauser/terminal/transacciones/${tx.codigo}/procesar/`, { token: a, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.estado).toBe('completada');
    const rec = await app.api('GET', `/operaciones/transacciones/${tx.id}/`, { token: vip.token });
    expect(rec.body.entrega).toMatchObject({ divisa: 'USD' });
    // The customer who made it gets the receipt by mail, once, with the PDF attached.
    const deEsta = () => app.mails.filter((m) => m.subject.includes(tx.codigo));
    await vi.waitFor(() => expect(deEsta()).toHaveLength(1));
    const [mail] = deEsta();
    expect(mail.to).toBe(`${vip.username}@test.local`);
    expect(mail.text).toContain(tx.codigo);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: `comprobante-${tx.codigo}.pdf`, contentType: 'application/pdf' });
    expect(mail.attachments![0].content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the receipt is mailed only to a maker who may still read the operation (active, client still assigned)', async () => {
    const rec = (await app.api('GET', `/operaciones/transacciones/${(await enProceso(t1)).id}/`, { token: vip.token })).body;
    const para: string[] = [];
    const deps = { db: app.db, mailer: { send: async (m: { to: string }) => void para.push(m.to) }, log: { warn: vi.fn() } as unknown as Logger };
    const asignacion = { user_id: vip.id, cliente_id: vip.clienteId };
    await app.db.deleteFrom('user_clientes').where('user_id', '=', vip.id).where('cliente_id', '=', vip.clienteId).execute();
    try {
      await enviarComprobante(deps, rec);
    } finally {
      await app.db.insertInto('user_clientes').values(asignacion).execute();
    }
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', vip.id).execute();
    try {
      await enviarComprobante(deps, rec);
    } finally {
      await app.db.updateTable('users').set({ is_active: true }).where('id', '=', vip.id).execute();
    }
    expect(para).toEqual([]);
    await enviarComprobante(deps, rec);
    expect(para).toEqual([`${vip.username}@test.local`]);
  });

  it('a receipt mail that cannot be sent is logged and does not throw', async () => {
    const warn = vi.fn();
    const rec = (await app.api('GET', `/operaciones/transacciones/${(await enProceso(t1)).id}/`, { token: vip.token })).body;
    const mailer = { send: () => Promise.reject(new Error('SMTP caído')) };
    await expect(enviarComprobante({ db: app.db, mailer, log: { warn } as unknown as Logger }, rec)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith({ transaccion: rec.id, err: 'SMTP caído' }, 'no se pudo enviar el comprobante por correo');
  });

  it('an expired or cancelled transaction is refused with its state', async () => {
    const token = await terminalToken(t1);
    const exp = await enProceso(t1);
    await vencer(app, exp.id);
    const r1 = await app.api('POST', `/tauser/terminal/transacciones/${exp.codigo}/procesar/`, { token, body: {} });
    expect(r1.status).toBe(409);
    expect(r1.body.estado).toBe('expirada');
    const can = await enProceso(t1);
    expect((await app.api('PATCH', `/operaciones/transacciones/${can.id}/cancelar/`, { token: vip.token, body: {} })).status).toBe(200);
    const r2 = await app.api('GET', `/tauser/terminal/transacciones/${can.codigo}/`, { token });
    expect(r2.status).toBe(409);
    expect(r2.body.estado).toBe('cancelada');
    expect((await app.api('GET', '/tauser/terminal/transacciones/NOEXISTE/', { token })).status).toBe(404);
  });

  it('puede-pagar answers per active terminal from current stock', async () => {
    expect((await app.api('GET', `/tauser/puede-pagar/?divisa=${w.usd}&monto=100`, {})).status).toBe(401);
    const r = await app.api('GET', `/tauser/puede-pagar/?divisa=${w.usd}&monto=100`, { token: vip.token });
    expect(r.status).toBe(200);
    const byId = Object.fromEntries(r.body.map((x: { idTauser: string; puede_pagar: boolean }) => [x.idTauser, x.puede_pagar]));
    expect(byId[t1]).toBe(true);
    expect(byId[t2]).toBe(false);
    expect((await app.api('GET', `/tauser/puede-pagar/?divisa=${w.usd}&monto=abc`, { token: vip.token })).status).toBe(400);
    // Guaraníes as a Paraguayan writes a thousand: refused, not read as ₲ 150.
    expect((await app.api('GET', `/tauser/puede-pagar/?divisa=${w.pyg}&monto=150.000`, { token: vip.token })).body).toEqual({ monto: [MONTO_MSG.sinDecimales('PYG')] });
    // Dollars by the same rule as the quote: "1,500" is a dollar and a half written with three decimals.
    expect((await app.api('GET', `/tauser/puede-pagar/?divisa=${w.usd}&monto=1,500`, { token: vip.token })).body).toEqual({ monto: [MONTO_MSG.decimales('USD', 2)] });
    expect((await app.api('GET', `/tauser/puede-pagar/?divisa=${w.usd}&monto=1,50`, { token: vip.token })).status).toBe(200);
    expect((await app.api('GET', `/tauser/puede-pagar/?divisa=999999&monto=100`, { token: vip.token })).body).toEqual({ divisa: ['La divisa no existe.'] });
  });
});

describe('the operation path offers only what the chosen terminal can do', () => {
  const crear = (body: Record<string, unknown>) =>
    app.api('POST', '/operaciones/crear-transaccion/', { token: vip.token, body: { cliente_id: vip.clienteId, terminos_aceptados: false, ...body } });
  const compra = (monto: string, tauser_id: string) => crear({ divisa_origen: w.pyg, divisa_destino: w.usd, monto, detalle_metodo_id: cuenta.id, tauser_id });
  const venta = (monto: string, tauser_id: string) => crear({ divisa_origen: w.usd, divisa_destino: w.pyg, monto, metodo_id: w.metodos.EFECTIVO, tauser_id });
  const deCliente = async () => (await app.db.selectFrom('transacciones').select('id').where('cliente_id', '=', vip.clienteId).execute()).length;
  const noPuede = { tauser_id: [TERMINAL_MSG.terminalNoPuedePagar] };

  it('creation refuses a terminal whose notes cannot pay the payout (400 on tauser_id), nothing stored', async () => {
    const vacio = await tauser(app);
    const antes = await deCliente();
    // A new terminal holds no notes: neither dollars to pay a purchase nor guaraníes to pay a sale.
    expect(await compra('1000000', vacio)).toMatchObject({ status: 400, body: noPuede });
    expect(await venta('100', vacio)).toMatchObject({ status: 400, body: noPuede });
    // 10 notes of each: US$ 1.860. ₲ 150.000.000 buys some US$ 20.000, far beyond them.
    const t = await tauser(app);
    await surtir(t);
    expect(await compra('150000000', t)).toMatchObject({ status: 400, body: noPuede });
    expect(await deCliente()).toBe(antes);
    expect((await compra('1000000', t)).status).toBe(201);
    expect((await venta('100', t)).status).toBe(201);
  });

  it('payment checks the terminal again: notes taken out since the creation refuse it, the operation stays pendiente', async () => {
    const t = await tauser(app);
    await surtir(t);
    const c = await compra('1000000', t);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    await vaciar(t);
    const p = await app.api('PATCH', `/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    expect(p).toMatchObject({ status: 400, body: noPuede });
    expect((await app.api('GET', `/operaciones/transacciones/${c.body.id}/`, { token: vip.token })).body.estado).toBe('pendiente');
    await surtir(t);
    const ok = await app.api('PATCH', `/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('foreign currency handed in at the terminal must be payable in its notes (400 on monto); guaraníes and simulations are not', async () => {
    const t = await tauser(app);
    await surtir(t);
    const antes = await deCliente();
    const r = await venta('100.50', t);
    expect(r).toMatchObject({ status: 400, body: { monto: [TERMINAL_MSG.montoEnBilletes('USD', 'US$', [1, 5, 10, 20, 50, 100], 100)] } });
    expect(r.body.monto[0]).toBe('Los terminales reciben solo billetes: el monto en USD tiene que poder entregarse con billetes de US$ 1, 5, 10, 20, 50 o 100. Por ejemplo, US$ 100.');
    expect(await deCliente()).toBe(antes);
    expect((await venta('100', t)).status).toBe(201);
    // Guaraníes below the smallest note are taken in coins (the kiosk's rule): ₲ 1.000.500 is fine.
    expect((await compra('1000500', t)).status).toBe(201);
    // A simulation stays free.
    const sim = await app.api('POST', '/operaciones/simular_privada_con_instancia/', {
      token: vip.token,
      body: { cliente_id: vip.clienteId, divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100.50', metodo_id: w.metodos.EFECTIVO, tauser_id: t },
    });
    expect(sim.status, JSON.stringify(sim.body)).toBe(200);
    // The operation wizard's quote says it before any method or terminal is chosen.
    const real = (monto: string, es_operacion_real: unknown) => app.api('POST', '/operaciones/simular_privada_con_instancia/', {
      token: vip.token,
      body: { cliente_id: vip.clienteId, divisa_origen: w.usd, divisa_destino: w.pyg, monto, metodo_id: w.metodos.EFECTIVO, es_operacion_real },
    });
    expect(await real('100.50', true)).toMatchObject({ status: 400, body: { monto: [TERMINAL_MSG.montoEnBilletes('USD', 'US$', [1, 5, 10, 20, 50, 100], 100)] } });
    expect((await real('100.50', 'false')).status).toBe(200);
    expect((await real('100', 'true')).status).toBe(200);
    expect(await deCliente()).toBe(antes + 2);
    // Notes that do not divide each other: the example is the most the notes form below the amount
    // (US$ 17 = 10 + 5 + 2 for 17,50 with no US$ 1 note), not a multiple of the smallest note (16).
    const previa = await app.db.selectFrom('denominaciones').select(['id', 'is_active']).where('divisa_id', '=', w.usd).where('denominacion', '=', 2).executeTakeFirst();
    const dos = previa ?? (await app.db.insertInto('denominaciones').values({ divisa_id: w.usd, denominacion: 2 }).returning(['id', 'is_active']).executeTakeFirstOrThrow());
    await app.db.updateTable('denominaciones').set({ is_active: true }).where('id', '=', dos.id).execute();
    await app.db.updateTable('denominaciones').set({ is_active: false }).where('id', '=', den.USD[1]).execute();
    try {
      expect(await real('17.50', true)).toMatchObject({ status: 400, body: { monto: [TERMINAL_MSG.montoEnBilletes('USD', 'US$', [2, 5, 10, 20, 50, 100], 17)] } });
      expect((await real('17', true)).status).toBe(200);
      expect(await real('3', true)).toMatchObject({ status: 400, body: { monto: [TERMINAL_MSG.montoEnBilletes('USD', 'US$', [2, 5, 10, 20, 50, 100], 2)] } });
    } finally {
      await app.db.updateTable('denominaciones').set({ is_active: true }).where('id', '=', den.USD[1]).execute();
      if (previa) await app.db.updateTable('denominaciones').set({ is_active: previa.is_active }).where('id', '=', dos.id).execute();
      else await app.db.deleteFrom('denominaciones').where('id', '=', dos.id).execute();
    }
  });

  it('a payment reserves its payout: no later payment, creation or withdrawal counts on those notes until it is cancelled', async () => {
    const t = await tauser(app);
    await surtir(t);
    const a = await compra('1000000', t);
    const b = await compra('1000000', t);
    expect([a.status, b.status]).toEqual([201, 201]);
    const pagar = (id: number) => app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    expect((await pagar(a.body.id)).status).toBe(200);
    const { reserva } = await app.db.selectFrom('transacciones').select('reserva').where('id', '=', a.body.id).executeTakeFirstOrThrow();
    const reservados = new Map((reserva as { denominacion_id: number; cantidad: number }[]).map((r) => [r.denominacion_id, r.cantidad]));
    expect(reservados.size).toBeGreaterThan(0);
    // Staff see the reserved notes, and withdraw everything but them.
    const stock = await app.api('GET', `/tauser/${t}/stock/`, { token: staff });
    const filas = stock.body.divisas.flatMap((d: { codigo: string; denominaciones: { denominacion_id: number; denominacion: number; cantidad: number; reservados: number }[] }) =>
      d.denominaciones.map((n) => ({ ...n, codigo: d.codigo as 'PYG' | 'USD' })));
    for (const f of filas) expect(f.reservados).toBe(reservados.get(f.denominacion_id) ?? 0);
    for (const f of filas) if (f.cantidad > f.reservados) expect((await retirar(t, f.codigo, f.denominacion, f.cantidad - f.reservados)).status).toBe(200);
    const unReservado = filas.find((f: { reservados: number }) => f.reservados > 0)!;
    const r = await retirar(t, unReservado.codigo, unReservado.denominacion, 1);
    expect(r).toMatchObject({ status: 400, body: { cantidad: [TERMINAL_MSG.retiroReservado(unReservado.reservados, 0)] } });
    expect(await cantidad(t, unReservado.codigo, unReservado.denominacion)).toBe(unReservado.reservados);
    // The notes left are the first customer's: the picker, a new operation and the second payment see none.
    const picker = await app.api('GET', `/tauser/puede-pagar/?divisa=${w.usd}&monto=1`, { token: vip.token });
    expect(picker.body.find((x: { idTauser: string }) => x.idTauser === t).puede_pagar).toBe(false);
    expect(await compra('1000000', t)).toMatchObject({ status: 400, body: noPuede });
    expect(await pagar(b.body.id)).toMatchObject({ status: 400, body: noPuede });
    expect((await app.api('GET', `/operaciones/transacciones/${b.body.id}/`, { token: vip.token })).body.estado).toBe('pendiente');
    // The kiosk still pays the first one.
    const token = await terminalToken(t);
    expect((await app.api('GET', `/tauser/terminal/transacciones/${a.body.codigo}/`, { token })).body.puede_pagar).toBe(true);
    // Cancelled, its notes are free again: the second customer pays and collects them.
    expect((await app.api('PATCH', `/operaciones/transacciones/${a.body.id}/cancelar/`, { token: vip.token, body: {} })).status).toBe(200);
    expect((await pagar(b.body.id)).status).toBe(200);
    const hecho = await app.api('POST', `/tauser/terminal/transacciones/${b.body.codigo}/procesar/`, { token, body: {} });
    expect(hecho.status, JSON.stringify(hecho.body)).toBe(200);
  });

  it('a terminal takes in no more notes than its stock holds (1 000 000 of each): refused at creation, payment and completion, never a 500', async () => {
    const t = await tauser(app);
    await surtir(t);
    const lleno = (n: number) => app.db.updateTable('tauser_stock').set({ cantidad: n }).where('tauser_id', '=', t).where('denominacion_id', '=', den.USD[100]).execute();
    await lleno(999_999);
    expect(await venta('200', t)).toMatchObject({ status: 400, body: { tauser_id: [TERMINAL_MSG.noPuedeRecibir] } });
    await lleno(10);
    const v = await venta('200', t);
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect((await app.api('PATCH', `/operaciones/transacciones/${v.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } })).status).toBe(200);
    // Loaded up to the ceiling since the payment: the kiosk refuses, nothing moves.
    await lleno(999_999);
    const r = await app.api('POST', `/tauser/terminal/transacciones/${v.body.codigo}/procesar/`, { token: await terminalToken(t), body: {} });
    expect(r).toMatchObject({ status: 409, body: { detail: TERMINAL_MSG.noPuedeRecibirAlCompletar } });
    expect(await cantidad(t, 'USD', 100)).toBe(999_999);
    expect((await app.db.selectFrom('transacciones').select('estado').where('id', '=', v.body.id).executeTakeFirstOrThrow()).estado).toBe('en_proceso');
  });

  it('a currency or a note value promised to a paid operation stays in use until a terminal completes it (400, nothing changes)', async () => {
    // Only this test's operation is paid and not overdue.
    await app.db.updateTable('transacciones').set({ expira_en: sql`now() - interval '1 minute'` }).where('estado', '=', 'en_proceso').execute();
    const admin = await app.adminToken();
    const t = await tauser(app);
    await surtir(t);
    const a = await enProceso(t);
    const { reserva } = await app.db.selectFrom('transacciones').select('reserva').where('id', '=', a.id).executeTakeFirstOrThrow();
    const reservada = (reserva as { denominacion_id: number; cantidad: number }[]).find((r) => Object.values(den.USD).includes(r.denominacion_id))!;
    const libre = Object.values(den.USD).find((id) => !(reserva as { denominacion_id: number }[]).some((r) => r.denominacion_id === id))!;
    const activa = async (tabla: 'divisas' | 'denominaciones', id: number) =>
      (await app.db.selectFrom(tabla).select('is_active').where('id', '=', id).executeTakeFirstOrThrow()).is_active;

    const usd = DIVISA_MSG.pagadasEnCurso('USD', 1);
    expect(await app.api('DELETE', `/divisas/${w.usd}/`, { token: admin })).toMatchObject({ status: 400, body: { detail: usd } });
    expect(await app.api('PATCH', `/divisas/${w.usd}/`, { token: admin, body: { is_active: false } })).toMatchObject({ status: 400, body: { detail: usd } });
    expect(await app.api('POST', `/divisas/${w.usd}/toggle_active/`, { token: admin, body: {} })).toMatchObject({ status: 400, body: { detail: usd } });
    expect(await app.api('DELETE', `/denominaciones/${reservada.denominacion_id}/`, { token: admin })).toMatchObject({
      status: 400, body: { detail: DIVISA_MSG.denominacionReservada(reservada.cantidad) },
    });
    expect(await activa('divisas', w.usd)).toBe(true);
    expect(await activa('denominaciones', reservada.denominacion_id)).toBe(true);
    // A note value no paid operation counts on goes out of use as before.
    expect((await app.api('DELETE', `/denominaciones/${libre}/`, { token: admin })).status).toBeLessThan(300);
    expect(await activa('denominaciones', libre)).toBe(false);
    await app.db.updateTable('denominaciones').set({ is_active: true }).where('id', '=', libre).execute();

    // The kiosk pays the customer in dollars; then both may go out of use.
    const hecho = await app.api('POST', `/tauser/terminal/transacciones/${a.codigo}/procesar/`, { token: await terminalToken(t), body: {} });
    expect(hecho.status, JSON.stringify(hecho.body)).toBe(200);
    expect(hecho.body.entrega.notas.length).toBeGreaterThan(0);
    expect((await app.api('DELETE', `/denominaciones/${reservada.denominacion_id}/`, { token: admin })).status).toBeLessThan(300);
    expect((await app.api('DELETE', `/divisas/${w.usd}/`, { token: admin })).status).toBeLessThan(300);
    expect(await activa('divisas', w.usd)).toBe(false);
    await app.db.updateTable('divisas').set({ is_active: true }).where('id', '=', w.usd).execute();
    await app.db.updateTable('denominaciones').set({ is_active: true }).where('id', '=', reservada.denominacion_id).execute();
  });

  it('a Tauser where a paid operation waits to be collected stays in service until it is (400, nothing changes)', async () => {
    const admin = await app.adminToken();
    const t = await tauser(app);
    await surtir(t);
    const a = await enProceso(t);
    // A pending operation there does not hold it: the customer has paid nothing yet.
    expect((await compra('1000000', t)).status).toBe(201);
    const { codigo } = await app.db.selectFrom('tausers').select('codigo').where('id_tauser', '=', t).executeTakeFirstOrThrow();
    const baja = () => app.api('PATCH', `/tauser/${t}/`, { token: admin, body: { isActive: false } });
    expect(await baja()).toMatchObject({ status: 400, body: { detail: TAUSER_MSG.pagadasEnCurso(codigo, 1) } });
    const activo = async () => (await app.db.selectFrom('tausers').select('is_active').where('id_tauser', '=', t).executeTakeFirstOrThrow()).is_active;
    expect(await activo()).toBe(true);
    // Edits that keep it active still go through.
    expect((await app.api('PATCH', `/tauser/${t}/`, { token: admin, body: { nombre: 'Tauser en servicio' } })).status).toBe(200);
    const hecho = await app.api('POST', `/tauser/terminal/transacciones/${a.codigo}/procesar/`, { token: await terminalToken(t), body: {} });
    expect(hecho.status, JSON.stringify(hecho.body)).toBe(200);
    expect(await baja()).toMatchObject({ status: 200, body: { isActive: false } });
    expect(await activo()).toBe(false);
  });

  // Two sessions at once need PostgreSQL.
  it.runIf(!!process.env.TEST_DATABASE_URL)('a payment waiting for its terminal while the terminal is deactivated is refused (400 on tauser_id), nothing reserved', async () => {
    const t = await tauser(app);
    await surtir(t);
    const c = await compra('1000000', t);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    let release = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    let locked = () => {};
    const isLocked = new Promise<void>((ok) => (locked = ok));
    // A deactivation that commits after the payment checked the terminal, before it locks it.
    const baja = app.db.transaction().execute(async (trx) => {
      await trx.updateTable('tausers').set({ is_active: false }).where('id_tauser', '=', t).execute();
      locked();
      await released;
    });
    await isLocked;
    const pago = app.api('PATCH', `/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    try {
      expect(await statusOrWait(app.db, pago, 0)).toBe('waits');
    } finally {
      release();
      await baja;
    }
    expect(await pago).toMatchObject({ status: 400, body: { tauser_id: [OP_MSG.tauserInvalido] } });
    const row = await app.db.selectFrom('transacciones').select(['estado', 'reserva']).where('id', '=', c.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ estado: 'pendiente', reserva: null });
  });

  // Three sessions at once need PostgreSQL.
  it.runIf(!!process.env.TEST_DATABASE_URL)('a note deactivated while a payment waits for a terminal busy with that note: no deadlock, the payment goes through, the note is refused', async () => {
    const t = await tauser(app);
    await surtir(t);
    const c = await compra('1000000', t);
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const admin = await app.adminToken();
    const nota = den.USD[1];
    let release = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    let locked = () => {};
    const isLocked = new Promise<void>((ok) => (locked = ok));
    // What the kiosk and a withdrawal do: the Tauser's lock, then a movement of the note (its foreign key).
    const terminal = app.db.transaction().execute(async (trx) => {
      await sql`select id_tauser from tausers where id_tauser = ${t} for no key update`.execute(trx);
      locked();
      await released;
      await sql`insert into tauser_stock_movimientos (tauser_id, denominacion_id, usuario_id, transaccion_id, antes, despues, motivo)
        values (${t}, ${nota}, null, null, 10, 10, 'prueba')`.execute(trx);
    });
    await isLocked;
    const pago = app.api('PATCH', `/operaciones/transacciones/${c.body.id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    let baja: ReturnType<typeof app.api> | undefined;
    try {
      // The payment waits for the Tauser holding its currencies; then the deactivation waits for the payment.
      expect(await statusOrWait(app.db, pago, 0)).toBe('waits');
      baja = app.api('DELETE', `/denominaciones/${nota}/`, { token: admin });
      expect(await statusOrWait(app.db, baja, 1)).toBe('waits');
    } finally {
      release();
      await terminal;
    }
    expect((await pago).status).toBe(200);
    const r = await baja!;
    expect(r.status).toBe(400);
    expect((r.body as { detail: string }).detail).toMatch(/^No se puede desactivar: hay \d+ billetes? de esta denominación reservados/);
  });

  it('payments at one terminal take turns: two paid at once never share the same notes', async () => {
    const t = await tauser(app);
    await surtir(t);
    const a = await compra('1000000', t);
    const b = await compra('1000000', t);
    // Leave free only the notes of one payout: pay a third, read its reservation, then cancel it after the withdrawal.
    const c = await compra('1000000', t);
    const pagar = (id: number) => app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } });
    expect((await pagar(c.body.id)).status).toBe(200);
    const stock = await app.api('GET', `/tauser/${t}/stock/`, { token: staff });
    for (const d of stock.body.divisas) {
      for (const n of d.denominaciones) if (n.cantidad > n.reservados) expect((await retirar(t, d.codigo, n.denominacion, n.cantidad - n.reservados)).status).toBe(200);
    }
    expect((await app.api('PATCH', `/operaciones/transacciones/${c.body.id}/cancelar/`, { token: vip.token, body: {} })).status).toBe(200);
    const [ra, rb] = await Promise.all([pagar(a.body.id), pagar(b.body.id)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 400]);
    expect([ra.body, rb.body]).toContainEqual(noPuede);
  });

  it('the method settles the guaraníes: in cash they change hands at the terminal, with an account they do not', async () => {
    const token = await terminalToken(await (async () => {
      const t = await tauser(app);
      for (const v of [1, 5, 10, 20, 50, 100]) await cargar(t, 'USD', v, 10);
      return t;
    })());
    const { idTauser: t } = (await app.api('GET', '/tauser/terminal/yo/', { token })).body as { idTauser: string };
    const pagar = async (id: number) =>
      expect((await app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token: vip.token, body: { terminos_aceptados: true } })).status).toBe(200);
    // A sale credited to the customer's account: the terminal holds no guaraní note and still takes it.
    const venta = await crear({ divisa_origen: w.usd, divisa_destino: w.pyg, monto: '100', detalle_metodo_id: cuenta.id, tauser_id: t });
    expect(venta.status, JSON.stringify(venta.body)).toBe(201);
    await pagar(venta.body.id);
    const vista = await app.api('GET', `/tauser/terminal/transacciones/${venta.body.codigo}/`, { token });
    expect(vista.body).toMatchObject({ puede_pagar: true, metodo: expect.stringContaining('Cuenta'), ya_pagado: false });
    expect(vista.body.plan).toMatchObject({ notas: [], notas_pyg: [], monedas_pyg: '0', pyg_con_metodo: venta.body.monto_destino });
    const hecha = await app.api('POST', `/tauser/terminal/transacciones/${venta.body.codigo}/procesar/`, { token, body: {} });
    expect(hecha.status, JSON.stringify(hecha.body)).toBe(200);
    expect(await cantidad(t, 'USD', 100)).toBe(11);
    // A purchase in cash: the guaraníes are handed in at the terminal and counted into its stock.
    const compraEfectivo = await crear({ divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', metodo_id: w.metodos.EFECTIVO, tauser_id: t });
    expect(compraEfectivo.status, JSON.stringify(compraEfectivo.body)).toBe(201);
    await pagar(compraEfectivo.body.id);
    // In cash the guaraníes are still to be handed in.
    expect((await app.api('GET', `/tauser/terminal/transacciones/${compraEfectivo.body.codigo}/`, { token })).body.ya_pagado).toBe(false);
    const efectivo = await app.api('POST', `/tauser/terminal/transacciones/${compraEfectivo.body.codigo}/procesar/`, { token, body: {} });
    expect(efectivo.status, JSON.stringify(efectivo.body)).toBe(200);
    expect(efectivo.body.entrega).toMatchObject({ pyg_con_metodo: '0', recibidas: { divisa: 'PYG', notas: [{ denominacion: 100000, cantidad: 10 }] } });
    expect(await cantidad(t, 'PYG', 100000)).toBe(10);
    // Paid by transfer before payments reserved notes (no reserva): told to bring cash, it still hands it in.
    const antigua = await crear({ divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: t });
    await pagar(antigua.body.id);
    await app.db.updateTable('transacciones').set({ reserva: null }).where('id', '=', antigua.body.id).execute();
    const vieja = await app.api('GET', `/tauser/terminal/transacciones/${antigua.body.codigo}/`, { token });
    expect(vieja.body).toMatchObject({ ya_pagado: false, plan: { pyg_con_metodo: '0', recibidas: { divisa: 'PYG', notas: [{ denominacion: 100000, cantidad: 10 }] } } });
  });
});


describe('what the kiosk is told', () => {
  const estadoDe = async (id: number) => (await app.api('GET', `/operaciones/transacciones/${id}/`, { token: vip.token })).body.estado as string;

  it('procesar: a body codigo that contradicts the path answers 400 on codigo and changes nothing', async () => {
    await surtir(t1);
    const token = await terminalToken(t1);
    const a = await enProceso(t1);
    const b = await enProceso(t1);
    const r = await app.api('POST', `/tauser/terminal/transacciones/${a.codigo}/procesar/`, { token, body: { codigo: b.codigo } });
    expect(r).toMatchObject({ status: 400, body: { codigo: [TERMINAL_MSG.codigoNoCoincide] } });
    expect(await estadoDe(a.id)).toBe('en_proceso');
    expect(await estadoDe(b.id)).toBe('en_proceso');
    expect(await app.db.selectFrom('tauser_stock_movimientos').select('id').where('transaccion_id', 'in', [a.id, b.id]).execute()).toEqual([]);
    // The path's own code, in any case, is no contradiction.
    expect((await app.api('POST', `/tauser/terminal/transacciones/${a.codigo}/procesar/`, { token, body: { codigo: a.codigo.toLowerCase() } })).status).toBe(200);
    expect(await estadoDe(b.id)).toBe('en_proceso');
  });

  it("a person's token on a kiosk-only path: 403 saying only a terminal may", async () => {
    const paths = [['GET', '/tauser/terminal/yo/'], ['GET', '/tauser/terminal/transacciones/ABC123/'], ['POST', '/tauser/terminal/transacciones/ABC123/procesar/']] as const;
    for (const [method, path] of paths) {
      for (const token of [staff, vip.token, await app.adminToken()]) {
        const r = await app.api(method, path, { token, ...(method === 'POST' ? { body: {} } : {}) });
        expect(r, `${method} ${path}`).toMatchObject({ status: 403, body: { detail: TERMINAL_MSG.soloTerminal } });
      }
    }
  });

  it('a kiosk 401 says why: key rotated, key revoked, terminal deactivated (and reactivated since)', async () => {
    const admin = await app.adminToken();
    const id = await tauser(app);
    const yo = (token: string) => app.api('GET', '/tauser/terminal/yo/', { token });
    const rotada = await terminalToken(id);
    await secreto(id);
    expect(await yo(rotada)).toMatchObject({ status: 401, body: { detail: TERMINAL_MSG.sesionClaveRotada, code: 'token_not_valid', motivo: 'clave_rotada' } });
    const revocada = await terminalToken(id);
    expect((await app.api('DELETE', `/tauser/${id}/secreto/`, { token: staff })).status).toBe(204);
    expect(await yo(revocada)).toMatchObject({ status: 401, body: { detail: TERMINAL_MSG.sesionRevocada, motivo: 'sesion_revocada' } });
    const s = await secreto(id);
    const desactivada = await terminalToken(id, s);
    expect((await app.api('PATCH', `/tauser/${id}/`, { token: admin, body: { isActive: false } })).status).toBe(200);
    expect(await yo(desactivada)).toMatchObject({ status: 401, body: { detail: TERMINAL_MSG.terminalDesactivada, motivo: 'terminal_desactivada' } });
    expect(await app.api('GET', '/tauser/terminal/transacciones/ABC123/', { token: desactivada })).toMatchObject({ status: 401, body: { motivo: 'terminal_desactivada' } });
    expect((await app.api('PATCH', `/tauser/${id}/`, { token: admin, body: { isActive: true } })).status).toBe(200);
    expect(await yo(desactivada)).toMatchObject({ status: 401, body: { detail: TERMINAL_MSG.sesionDesactivada, motivo: 'sesion_desactivada' } });
    expect(new Set([TERMINAL_MSG.sesionClaveRotada, TERMINAL_MSG.sesionRevocada, TERMINAL_MSG.terminalDesactivada, TERMINAL_MSG.sesionDesactivada]).size).toBe(4);
    // A token that is no terminal token at all keeps the generic answer.
    const r = await yo('no-es-un-token');
    expect(r.status).toBe(401);
    expect(r.body.motivo).toBeUndefined();
  });

  it("another terminal's operation, and completed, failed or cancelled ones: each its own message, 409 with the state", async () => {
    await surtir(t1);
    const token = await terminalToken(t1);
    const consultar = (codigo: string) => app.api('GET', `/tauser/terminal/transacciones/${codigo}/`, { token });
    const procesar = (codigo: string) => app.api('POST', `/tauser/terminal/transacciones/${codigo}/procesar/`, { token, body: {} });

    await surtir(t2);
    const ajena = await enProceso(t2);
    for (const r of [await consultar(ajena.codigo), await procesar(ajena.codigo)]) expect(r).toMatchObject({ status: 403, body: { detail: TERMINAL_MSG.otroTauser } });

    const hecha = await enProceso(t1);
    expect((await procesar(hecha.codigo)).status).toBe(200);
    const fallida = await enProceso(t1);
    expect((await app.api('POST', `/operaciones/transacciones/${fallida.id}/fallar/`, { token: staff, body: { motivo: 'Billetes trabados' } })).status).toBe(200);
    const cancelada = await enProceso(t1);
    expect((await app.api('PATCH', `/operaciones/transacciones/${cancelada.id}/cancelar/`, { token: vip.token, body: {} })).status).toBe(200);

    const dice = { completada: 'Esta operación ya fue completada', fallida: 'Esta operación fue marcada como fallida', cancelada: 'Esta operación fue cancelada' };
    for (const [tx, estado] of [[hecha, 'completada'], [fallida, 'fallida'], [cancelada, 'cancelada']] as const) {
      const detail = mensajeTransicion('completar', estado);
      expect(detail.startsWith(dice[estado]), detail).toBe(true);
      for (const r of [await consultar(tx.codigo), await procesar(tx.codigo)]) {
        expect(r, estado).toMatchObject({ status: 409, body: { error: 'invalid_transition', estado, detail } });
      }
    }
    expect(await estadoDe(hecha.id)).toBe('completada');
    expect(await estadoDe(fallida.id)).toBe('fallida');
    expect(await estadoDe(cancelada.id)).toBe('cancelada');
  });
});
