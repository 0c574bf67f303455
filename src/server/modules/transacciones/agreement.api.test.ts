import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { simulate } from '../../../shared/pricing';
import { asignar, crearCliente, cuentaBancaria, exchangeWorld, setTasa, tauser, type ExchangeWorld } from './testFixtures';
import { P } from '../../../shared/permissions';

let app: TestApp;
let w: ExchangeWorld;
let user: { id: number; token: string };
let tauserId: string;

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  user = await userWith(app, [P.useSimulacion, P.useOperacion]);
  tauserId = await tauser(app);
});
afterAll(() => app.close());

const pct = fc.integer({ min: 0, max: 2000 }).map((n) => (n / 100).toFixed(2));
const rate = fc
  .tuple(fc.integer({ min: 1000, max: 90_000_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }))
  .filter(([p, cc, cv]) => cc < p && cv <= p)
  .map(([p, cc, cv]) => [p, cc, cv].map((x) => (x / 10_000).toFixed(4)) as [string, string, string]);
const caso = fc.record({
  compra: fc.boolean(),
  pyg: fc.integer({ min: 1000, max: 50_000_000 }).map(String),
  usd: fc.integer({ min: 1, max: 1_000_000 }).map((c) => (c / 100).toFixed(2)),
  descuento: pct,
  rate,
  // null: the generic cash method; otherwise a bank account whose bank sets this commission.
  comisionBanco: fc.option(pct.map((p) => (Number(p) > 10 ? '10.00' : p)), { nil: null }),
});

let seq = 0;

describe('simulate, crear-transaccion, reconfirmar-tasa and history agree to the last digit', () => {
  it('for random rates, discounts, commissions, directions and amounts', async () => {
    await fc.assert(
      fc.asyncProperty(caso, async (c) => {
        const [precio, cc, cv] = c.rate;
        await setTasa(app, w.usd, precio, cc, cv);
        const cat = await app.db
          .insertInto('categorias_cliente')
          .values({ nombre: `PROP${process.pid}_${++seq}`, descripcion: 'x', descuento: c.descuento })
          .returning('id_categoria')
          .executeTakeFirstOrThrow();
        const clienteId = await crearCliente(app, cat.id_categoria);
        await asignar(app, user.id, clienteId);
        const metodo = c.comisionBanco === null
          ? { metodo_id: w.metodos.EFECTIVO }
          : {
              detalle_metodo_id: (
                await cuentaBancaria(app, w, clienteId, {
                  comision_venta: c.comisionBanco, comision_compra: c.comisionBanco, comision_personalizada_venta: true, comision_personalizada_compra: true,
                })
              ).id,
            };
        const dir = c.compra ? { divisa_origen: w.pyg, divisa_destino: w.usd, monto: c.pyg } : { divisa_origen: w.usd, divisa_destino: w.pyg, monto: c.usd };
        const payload = { cliente_id: clienteId, ...dir, ...metodo };

        let expected: ReturnType<typeof simulate>;
        const sim = await app.api('POST', '/operaciones/simular_privada_con_instancia/', { token: user.token, body: payload });
        try {
          expected = simulate({
            precioBase: precio, comisionBaseCompra: cc, comisionBaseVenta: cv, monto: dir.monto, direction: c.compra ? 'compra' : 'venta',
            descuento: c.descuento, comisionMetodo: c.comisionBanco ?? '0.00', destinoCodigo: c.compra ? 'USD' : 'PYG',
          });
        } catch (e) {
          // The pure function refuses (an amount that would receive nothing): so do both calls, with its message on `monto`.
          expect(sim.status).toBe(400);
          expect(sim.body).toEqual({ monto: [(e as Error).message] });
          const t = await app.api('POST', '/operaciones/crear-transaccion/', { token: user.token, body: { ...payload, tauser_id: tauserId } });
          expect(t.body).toEqual({ monto: [(e as Error).message] });
          return;
        }
        expect(sim.status, JSON.stringify(sim.body)).toBe(200);
        expect([sim.body.tc_final, sim.body.monto_destino]).toEqual([expected.tc_final, expected.monto_destino]);

        const t = await app.api('POST', '/operaciones/crear-transaccion/', { token: user.token, body: { ...payload, tauser_id: tauserId } });
        expect(t.status, JSON.stringify(t.body)).toBe(201);
        expect([t.body.tasa_aplicada, t.body.monto_destino]).toEqual([expected.tc_final, expected.monto_destino]);
        expect(t.body.monto_pyg).toBe(c.compra ? t.body.monto_origen : expected.monto_destino);

        const rc = await app.api('GET', `/operaciones/transacciones/${t.body.id}/reconfirmar-tasa/`, { token: user.token });
        expect(rc.body).toMatchObject({ cambio: false, tasa_actual: expected.tc_final, monto_destino_actual: expected.monto_destino, delta_pct: '0.0000' });

        const h = await app.api('GET', `/clientes/${clienteId}/get_historial_transacciones/`, { token: user.token });
        expect(h.body).toHaveLength(1);
        expect([h.body[0].tasa_aplicada, h.body[0].monto_destino, h.body[0].monto_origen]).toEqual([
          expected.tc_final, expected.monto_destino, sim.body.monto_origen,
        ]);
      }),
      // Always once: a sale that receives nothing (US$ 0,01 at ₲ 0,1), the refusal path.
      { numRuns: 25, examples: [[{ compra: false, pyg: '1000', usd: '0.01', descuento: '0.00', rate: ['0.1000', '0.0000', '0.0000'], comisionBanco: null }]] },
    );
  });
});
