import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { cliente, cuentaBancaria, exchangeWorld, setLimites, tauser, type ExchangeWorld } from './testFixtures';

let app: TestApp;
let w: ExchangeWorld;
let vip: Awaited<ReturnType<typeof cliente>>;
let otro: Awaited<ReturnType<typeof cliente>>;

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  vip = await cliente(app, w.categorias.vip);
  otro = await cliente(app, w.categorias.minorista);
});
afterAll(() => app.close());

const cupo = (token: string | undefined, clienteId: string) => app.api('GET', `/operaciones/cupo/?cliente_id=${clienteId}`, { token });

describe('GET /api/operaciones/cupo/', () => {
  it('answers 401 anonymous, 403 without the operation permission, 403 for a client not assigned (staff included), 400 for a bad id', async () => {
    expect((await cupo(undefined, vip.clienteId)).status).toBe(401);
    expect((await cupo((await userWith(app, [])).token, vip.clienteId)).status).toBe(403);
    const ajeno = await cupo(otro.token, vip.clienteId);
    expect(ajeno.status).toBe(403);
    expect(ajeno.body).toEqual({ detail: M.apiForbidden });
    const staff = await userWith(app, [P.useOperacion, P.viewTransaccion, P.viewCliente]);
    expect((await cupo(staff.token, vip.clienteId)).status).toBe(403);
    const malo = await cupo(vip.token, 'x');
    expect(malo.status).toBe(400);
    expect(Object.keys(malo.body as object)).toEqual(['cliente_id']);
  });

  it('answers the limits and what is left after the client\'s open operations; null without limits', async () => {
    const sin = await cupo(vip.token, vip.clienteId);
    expect(sin.status).toBe(200);
    expect(sin.body).toEqual({ limite_diario: null, limite_mensual: null, usado_diario: '0', usado_mensual: '0', disponible_diario: null, disponible_mensual: null });
    await setLimites(app, '2000000', '3000000');
    try {
      const cuenta = await cuentaBancaria(app, w, vip.clienteId);
      const creada = await app.api('POST', '/operaciones/crear-transaccion/', {
        token: vip.token,
        body: { cliente_id: vip.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '750000', detalle_metodo_id: cuenta.id, tauser_id: await tauser(app) },
      });
      expect(creada.status).toBe(201);
      const r = await cupo(vip.token, vip.clienteId);
      expect(r.body).toEqual({
        limite_diario: '2000000', limite_mensual: '3000000', usado_diario: '750000', usado_mensual: '750000',
        disponible_diario: '1250000', disponible_mensual: '2250000',
      });
      // the other customer's client is untouched and still closed to this customer
      expect((await cupo(otro.token, otro.clienteId)).body).toMatchObject({ usado_diario: '0', disponible_diario: '2000000' });
    } finally {
      await setLimites(app, null, null);
    }
  });
});
