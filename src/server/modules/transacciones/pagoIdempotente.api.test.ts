import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { OP_MSG } from '../../../shared/transacciones';
import { cliente, cuentaBancaria, exchangeWorld, setTasa, tauser, type ExchangeWorld } from './testFixtures';

let app: TestApp;
let w: ExchangeWorld;
let vip: Awaited<ReturnType<typeof cliente>>;
let cuenta: { id: number };
let tauserId: string;

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  vip = await cliente(app, w.categorias.vip);
  cuenta = await cuentaBancaria(app, w, vip.clienteId);
  tauserId = await tauser(app);
});
afterAll(() => app.close());

async function nueva() {
  const r = await app.api('POST', '/operaciones/crear-transaccion/', {
    token: vip.token,
    body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '100000', detalle_metodo_id: cuenta.id, tauser_id: tauserId },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; tasa_aplicada: string };
}
const confirmar = (id: number, body: Record<string, unknown>, key?: string) =>
  app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token: vip.token, body, headers: key ? { 'Idempotency-Key': key } : undefined });
const pagos = async (id: number) =>
  (await app.db.selectFrom('audit_log').select('id').where('entity', '=', 'transaccion').where('entity_id', '=', String(id)).where('action', '=', 'update').execute()).length;

describe('PATCH confirmar-pago/ with Idempotency-Key', () => {
  it('a retry with the same key and body answers the paid transaction again; another body 409; without a key a second payment is 409', async () => {
    const t = await nueva();
    const body = { terminos_aceptados: true, tasa_aceptada: t.tasa_aplicada };
    const a = await confirmar(t.id, body, 'pago-1');
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ id: t.id, estado: 'en_proceso' });
    const b = await confirmar(t.id, body, 'pago-1');
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    // The same rate at another scale is the same request.
    const otraEscala = await confirmar(t.id, { ...body, tasa_aceptada: `${t.tasa_aplicada}00` }, 'pago-1');
    expect(otraEscala.status, JSON.stringify(otraEscala.body)).toBe(200);
    expect(otraEscala.body).toEqual(a.body);
    expect(await pagos(t.id)).toBe(1);
    const c = await confirmar(t.id, { ...body, acepta_cambio: true }, 'pago-1');
    expect(c.status).toBe(409);
    expect(c.body).toEqual({ error: 'conflict', detail: OP_MSG.idempotenciaOtroCuerpo });
    const d = await confirmar(t.id, body);
    expect(d.status).toBe(409);
    expect(d.body).toMatchObject({ error: 'invalid_transition', estado: 'en_proceso' });
    expect((await confirmar(t.id, body, 'x'.repeat(201))).status).toBe(400);
    expect(await pagos(t.id)).toBe(1);
  });

  it('a refused confirmation keeps no key: the same key pays once the rate is accepted', async () => {
    const t = await nueva();
    await setTasa(app, w.usd, '7310', '50', '50');
    try {
      const refused = await confirmar(t.id, { terminos_aceptados: true, tasa_aceptada: t.tasa_aplicada }, 'pago-2');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'rate_changed' });
      const nueva_tasa = (refused.body as { tasa_actual: string }).tasa_actual;
      // the refusal kept no key: the same key is read as a new request, which the moved rate refuses again
      const otra = await confirmar(t.id, { terminos_aceptados: true, tasa_aceptada: t.tasa_aplicada }, 'pago-2');
      expect(otra.status).toBe(409);
      expect(otra.body).toMatchObject({ error: 'rate_changed' });
      const pagada = await confirmar(t.id, { terminos_aceptados: true, acepta_cambio: true, tasa_aceptada: nueva_tasa }, 'pago-3');
      expect(pagada.status).toBe(200);
      expect(pagada.body).toMatchObject({ estado: 'en_proceso', tasa_aplicada: nueva_tasa });
    } finally {
      await setTasa(app, w.usd, '7300', '50', '50');
    }
  });

  it('concurrent confirmations with one key pay once and answer alike', async () => {
    const t = await nueva();
    const body = { terminos_aceptados: true, tasa_aceptada: t.tasa_aplicada };
    const rs = await Promise.all(Array.from({ length: 6 }, () => confirmar(t.id, body, 'pago-paralelo')));
    expect(rs.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(rs.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await pagos(t.id)).toBe(1);
  });
});
