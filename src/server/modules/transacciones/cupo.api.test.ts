import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { OP_MSG } from '../../../shared/transacciones';
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

describe('limits at payment', () => {
  it('a payment is checked in the business day its operation counts in (its creation), not the day it is paid', async () => {
    const cuenta = await cuentaBancaria(app, w, otro.clienteId);
    const t = await tauser(app);
    const crear = (monto: string) =>
      app.api('POST', '/operaciones/crear-transaccion/', {
        token: otro.token, body: { cliente_id: otro.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto, detalle_metodo_id: cuenta.id, tauser_id: t },
      });
    const pagar = (id: number) => app.api('PATCH', `/operaciones/transacciones/${id}/confirmar-pago/`, { token: otro.token, body: { terminos_aceptados: true } });
    // Created before midnight, paid after it: it counts in yesterday, still valid.
    const ayer = (id: number) =>
      app.db.updateTable('transacciones').set({ fecha_inicio: sql`now() - interval '1 day'`, expira_en: sql`now() + interval '1 hour'` }).where('id', '=', id).execute();
    await setLimites(app, '1000000', '50000000');
    try {
      const a = await crear('900000');
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      await ayer(a.body.id);
      const b = await crear('900000');
      expect(b.status).toBe(201);
      // Yesterday holds only its own 900 000: today's 900 000 do not stand in its way.
      expect((await pagar(a.body.id)).status).toBe(200);

      expect((await app.api('PATCH', `/operaciones/transacciones/${b.body.id}/cancelar/`, { token: otro.token, body: {} })).status).toBe(200);
      const c = await crear('150000');
      expect(c.status).toBe(201);
      await ayer(c.body.id);
      // Yesterday already counts 900 000: 150 000 more of that day is past its limit, whatever today holds.
      expect(await pagar(c.body.id)).toMatchObject({ status: 400, body: { detail: OP_MSG.limiteDiario('₲ 100.000') } });
    } finally {
      await setLimites(app, null, null);
    }
  });
});
