import type { TestApp } from '../../test/harness';
import { crearCliente, exchangeWorld, tauser, type ExchangeWorld } from '../transacciones/testFixtures';

/** The world of the report tests: currencies, methods, two Tausers, a client, the admin as operator. */
export async function reportWorld(app: TestApp) {
  const w = await exchangeWorld(app);
  const clienteId = await crearCliente(app, w.categorias.vip);
  const tausers = [await tauser(app), await tauser(app)];
  const admin = await app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  return { ...w, clienteId, tausers, operador: admin.id };
}
export type ReportWorld = ExchangeWorld & { clienteId: string; tausers: string[]; operador: number };

export interface Operacion {
  operacion_cliente: 'compra' | 'venta';
  divisa: number;
  /** The foreign amount (what the client buys or sells). */
  monto_divisa: string;
  monto_pyg: string;
  tasa_aplicada: string;
  precio_base: string;
  metodo: number;
  tauser: string;
  operador: number;
  categoria: string;
  estado: 'pendiente' | 'en_proceso' | 'completada' | 'cancelada' | 'expirada' | 'fallida';
  fecha_inicio: string;
}

let seq = 0;

/** Writes operations as the quote stored them (figures given, not recomputed). */
export async function insertarOperaciones(app: TestApp, w: ReportWorld, ops: Operacion[]) {
  if (ops.length === 0) return;
  await app.db
    .insertInto('transacciones')
    .values(
      ops.map((o) => {
        const compra = o.operacion_cliente === 'compra';
        return {
          codigo: `R${process.pid % 1000}${++seq}`,
          cliente_id: w.clienteId,
          operador_id: o.operador,
          operacion_cliente: o.operacion_cliente,
          divisa_origen_id: compra ? w.pyg : o.divisa,
          divisa_destino_id: compra ? o.divisa : w.pyg,
          monto_origen: compra ? o.monto_pyg : o.monto_divisa,
          monto_destino: compra ? o.monto_divisa : o.monto_pyg,
          monto_pyg: o.monto_pyg,
          tasa_aplicada: o.tasa_aplicada,
          tasa_inicial: o.tasa_aplicada,
          monto_destino_inicial: compra ? o.monto_divisa : o.monto_pyg,
          precio_base: o.precio_base,
          comision_base: '50',
          nombre_categoria: o.categoria,
          descuento_categoria: '0',
          metodo_financiero_id: o.metodo,
          comision_metodo: '0',
          tauser_id: o.tauser,
          estado: o.estado,
          // The row type declares fecha_inicio as generated (Generated<ColumnType>): its insert type is not a value.
          fecha_inicio: o.fecha_inicio as never,
          expira_en: new Date(Date.parse(o.fecha_inicio) + 86_400_000 * 400).toISOString(),
        };
      }),
    )
    .execute();
}
