import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { mensajeTransicion } from '../../../shared/transacciones';
import { cliente, cuentaBancaria, exchangeWorld, tauser, vencer } from './testFixtures';

// The embedded database has one connection: a service that writes through the pool while its own
// transaction holds that connection waits forever. These paths once did.
let app: TestApp;
let token: string;
let body: Record<string, unknown>;

beforeAll(async () => {
  app = await startTestApp({ embedded: true });
  const w = await exchangeWorld(app);
  const c = await cliente(app, w.categorias.minorista);
  token = c.token;
  const cuenta = await cuentaBancaria(app, w, c.clienteId);
  body = { cliente_id: c.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: await tauser(app) };
});
afterAll(() => app.close());

describe('operations on the embedded database', () => {
  it('paying or cancelling an overdue operation answers 409 expirada and records the state, with and without an Idempotency-Key', async () => {
    for (const headers of [undefined, { 'Idempotency-Key': 'pago-vencido-1' }]) {
      const t = await app.api('POST', '/operaciones/crear-transaccion/', { token, body });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      await vencer(app, t.body.id);
      const pago = await app.api('PATCH', `/operaciones/transacciones/${t.body.id}/confirmar-pago/`, { token, body: { terminos_aceptados: true }, headers });
      expect(pago.status).toBe(409);
      expect(pago.body).toEqual({ error: 'invalid_transition', detail: mensajeTransicion('confirmarPago', 'expirada'), estado: 'expirada' });
      expect((await app.db.selectFrom('transacciones').select('estado').where('id', '=', t.body.id).executeTakeFirstOrThrow()).estado).toBe('expirada');
      expect((await app.api('PATCH', `/operaciones/transacciones/${t.body.id}/cancelar/`, { token, body: {} })).status).toBe(409);
    }
  });

  it('a payment and a cancellation go through', async () => {
    const t = await app.api('POST', '/operaciones/crear-transaccion/', { token, body });
    const pago = await app.api('PATCH', `/operaciones/transacciones/${t.body.id}/confirmar-pago/`, { token, body: { terminos_aceptados: true } });
    expect(pago.status).toBe(200);
    expect(pago.body.estado).toBe('en_proceso');
    expect((await app.api('PATCH', `/operaciones/transacciones/${t.body.id}/cancelar/`, { token, body: {} })).body.estado).toBe('cancelada');
  });
});
