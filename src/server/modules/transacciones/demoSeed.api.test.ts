import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, ADMIN_PASSWORD, type TestApp } from '../../test/harness';
import { seed } from '../../db/seed';
import { DEMO_CUSTOMER } from '../../db/seed/demo';
import { ESTADOS } from '../../../shared/transacciones';
import { simulate } from '../../../shared/pricing';
import { tauser } from './testFixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seedDemo: true });
});
afterAll(() => app.close());

const reseed = () => seed(app.db, { admin: { username: 'admin', password: ADMIN_PASSWORD, email: 'admin@cambio.local' }, demo: true });

describe('demo transactions seed', () => {
  it('waits for a Tauser, then gives the demo customer a history in every state, once, with the server\'s figures', async () => {
    const activo = await app.db.selectFrom('tausers').select('id_tauser').where('is_active', '=', true).executeTakeFirst();
    if (!activo) {
      // Without the Tausers' demo seed: nothing until a terminal exists.
      expect((await app.db.selectFrom('transacciones').select('id').execute()).length).toBe(0);
      await tauser(app);
    }
    await reseed();
    await reseed();
    const { access } = await app.login(DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const r = await app.api('GET', '/operaciones/transacciones/?all=true', { token: access });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(10);
    expect(new Set(r.body.map((t: { estado: string }) => t.estado))).toEqual(new Set(ESTADOS));
    expect(new Set(r.body.map((t: { cliente_id: string }) => t.cliente_id)).size).toBe(2);
    for (const t of r.body) {
      const compra = t.operacion === 'compra';
      const expected = simulate({
        precioBase: t.parametros.precio_base,
        comisionBaseCompra: t.parametros.comision_base,
        comisionBaseVenta: t.parametros.comision_base,
        monto: t.monto_origen,
        direction: t.operacion,
        descuento: t.parametros.descuento_categoria,
        comisionMetodo: t.parametros.comision_metodo,
        destinoCodigo: t.divisa_destino_detalle.codigo,
      });
      expect([t.tasa_aplicada, t.monto_destino]).toEqual([expected.tc_final, expected.monto_destino]);
      expect(t.monto_pyg).toBe(compra ? t.monto_origen : t.monto_destino);
    }
    // The paid one is paid as a payment is: its payout set aside, its guaraníes settled by its method
    // (by transfer, the kiosk asks for no cash).
    const pagada = r.body.find((t: { estado: string }) => t.estado === 'en_proceso');
    expect(pagada.entrega_prevista).not.toBeNull();
    const enEfectivo = pagada.metodo_financiero_detalle.nombre === 'EFECTIVO';
    expect(pagada.entrega_prevista.pyg_con_metodo).toBe(enEfectivo ? '0' : pagada.monto_origen);
    expect((await app.db.selectFrom('transacciones').select('reserva').where('id', '=', pagada.id).executeTakeFirstOrThrow()).reserva).not.toBeNull();
  });

  it('a restart after the demo instances were renamed (or their bank, number or platform edited) adds no copies', async () => {
    const instancias = () =>
      app.db
        .selectFrom('metodo_financiero_detalle')
        .select(['id', 'cliente_id', 'metodo_financiero_id', 'alias'])
        .orderBy('id')
        .execute();
    const antes = await instancias();
    // The demo customer's two clients hold an account, a wallet and a card each; the house two accounts and two wallets.
    expect(antes.filter((d) => d.cliente_id !== null)).toHaveLength(6);
    expect(antes.filter((d) => d.cliente_id === null)).toHaveLength(4);
    // Everything a customer or staff may edit, edited.
    await app.db.updateTable('metodo_financiero_detalle').set({ alias: sql`'Renombrada ' || id` }).execute();
    await app.db.updateTable('cuentas_bancarias').set({ numero_cuenta: sql`'9' || id` }).execute();
    await app.db.updateTable('billeteras_digitales').set({ usuario_id: sql`'otro' || id` }).execute();
    await app.db.updateTable('metodo_financiero_detalle').set({ is_active: false }).where('cliente_id', 'is not', null).execute();
    await reseed();
    await reseed();
    expect((await instancias()).map((d) => d.id)).toEqual(antes.map((d) => d.id));
    expect((await app.db.selectFrom('cuentas_bancarias').select('id').execute()).length).toBe(4);
    expect((await app.db.selectFrom('billeteras_digitales').select('id').execute()).length).toBe(4);
    expect((await app.db.selectFrom('tarjetas').select('id').execute()).length).toBe(2);
  });
});
