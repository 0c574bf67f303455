import { sql } from 'kysely';
import type { Db } from '../index';
import { DEMO_CUSTOMER } from './demo';
import { cotizar } from '../../modules/simulacion/simulacion.service';
import { nuevoCodigo } from '../../modules/transacciones/codigo';
import { enTerminal } from '../../modules/transacciones/transacciones.service';
import { reservarPago, type PlanPago } from '../../modules/terminal/plan';
import type { EstadoTransaccion } from '../../../shared/transacciones';

interface Plan {
  cliente: 0 | 1;
  compra: boolean;
  divisa: string;
  monto: string;
  estado: EstadoTransaccion;
  /** How long ago it was created, in hours. */
  hace: number;
  motivo?: string;
}

/** A few past transactions in each state for the demo customer's two clients. */
const PLAN: Plan[] = [
  { cliente: 0, compra: true, divisa: 'USD', monto: '1000000', estado: 'completada', hace: 24 * 20 },
  { cliente: 0, compra: false, divisa: 'USD', monto: '150.00', estado: 'completada', hace: 24 * 9 },
  { cliente: 0, compra: true, divisa: 'EUR', monto: '2500000', estado: 'cancelada', hace: 24 * 6 },
  { cliente: 0, compra: true, divisa: 'USD', monto: '500000', estado: 'expirada', hace: 24 * 3 },
  { cliente: 0, compra: false, divisa: 'BRL', monto: '400.00', estado: 'fallida', hace: 24 * 2, motivo: 'El terminal no tenía billetes suficientes.' },
  { cliente: 0, compra: true, divisa: 'USD', monto: '750000', estado: 'en_proceso', hace: 3 },
  { cliente: 0, compra: true, divisa: 'USD', monto: '300000', estado: 'pendiente', hace: 1 },
  { cliente: 1, compra: true, divisa: 'USD', monto: '5000000', estado: 'completada', hace: 24 * 12 },
  { cliente: 1, compra: false, divisa: 'EUR', monto: '1200.00', estado: 'completada', hace: 24 * 4 },
  { cliente: 1, compra: true, divisa: 'BRL', monto: '2000000', estado: 'pendiente', hace: 2 },
];

/**
 * Demo history (DESIGN §4), created once: figures come from the server's own quote (current rates,
 * the client's category and the cash method, or the client's first transfer account), dated in the
 * past. Skipped when the demo customer, their clients, the currencies or an active Tauser are missing.
 */
export async function seedDemoTransacciones(db: Db) {
  const user = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', DEMO_CUSTOMER.username).executeTakeFirst();
  if (!user) return;
  const clientes = await db
    .selectFrom('user_clientes as uc')
    .innerJoin('clientes as c', 'c.id_cliente', 'uc.cliente_id')
    .innerJoin('categorias_cliente as k', 'k.id_categoria', 'c.id_categoria')
    .select(['c.id_cliente', 'c.nombre', 'k.nombre as nombre_categoria', 'k.descuento', 'c.created_at'])
    .where('uc.user_id', '=', user.id)
    .orderBy('c.created_at')
    .orderBy('c.nombre', 'desc')
    .execute();
  if (clientes.length < 2) return;
  const ya = await db.selectFrom('transacciones').select('id').where('cliente_id', 'in', clientes.map((c) => c.id_cliente)).limit(1).executeTakeFirst();
  if (ya) return;
  const tauser = await db.selectFrom('tausers').select('id_tauser').where('is_active', '=', true).orderBy('codigo').executeTakeFirst();
  if (!tauser) return;
  const divisas = new Map((await db.selectFrom('divisas').select(['id', 'codigo', 'es_base']).execute()).map((d) => [d.codigo, d]));
  const base = [...divisas.values()].find((d) => d.es_base);
  const efectivo = await db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'EFECTIVO').executeTakeFirst();
  if (!base || !efectivo) return;

  await db.transaction().execute(async (trx) => {
    for (const p of PLAN) {
      const extranjera = divisas.get(p.divisa);
      if (!extranjera) continue;
      const c = clientes[p.cliente];
      const cuenta = await trx
        .selectFrom('metodo_financiero_detalle as md')
        .innerJoin('cuentas_bancarias as cb', 'cb.metodo_financiero_detalle_id', 'md.id')
        .select('md.id')
        .where('md.cliente_id', '=', c.id_cliente)
        .where('md.is_active', '=', true)
        .orderBy('md.id')
        .executeTakeFirst();
      let q;
      try {
        q = await cotizar(trx, {
          divisaOrigen: p.compra ? base.id : extranjera.id,
          divisaDestino: p.compra ? extranjera.id : base.id,
          monto: p.monto,
          // Alternate: the transfer account when there is one, otherwise cash.
          ...(cuenta && PLAN.indexOf(p) % 2 === 1 ? { detalleId: cuenta.id } : { metodoId: efectivo.id }),
          cliente: { id_cliente: c.id_cliente, nombre: c.nombre, nombre_categoria: c.nombre_categoria, descuento: c.descuento },
          real: true,
        });
      } catch {
        continue; // a rate or method the staff changed: leave that row out
      }
      const inicio = sql<Date>`now() - make_interval(hours => ${p.hace})`;
      const pagada = p.estado === 'en_proceso' || p.estado === 'completada' || p.estado === 'fallida';
      const cerrada = p.estado !== 'pendiente' && p.estado !== 'en_proceso';
      const fila = await trx
        .insertInto('transacciones')
        .values({
          codigo: nuevoCodigo(),
          cliente_id: c.id_cliente,
          operador_id: user.id,
          operacion_cliente: q.direction.operacion_cliente,
          divisa_origen_id: q.origen.id,
          divisa_destino_id: q.destino.id,
          monto_origen: q.montoOrigen,
          monto_destino: q.montoDestino,
          monto_pyg: q.montoPyg,
          tasa_aplicada: q.tcFinal,
          tasa_inicial: q.tcFinal,
          monto_destino_inicial: q.montoDestino,
          precio_base: q.precioBase,
          comision_base: q.comisionBase,
          nombre_categoria: q.categoria.nombre ?? '',
          descuento_categoria: q.categoria.descuento,
          metodo_financiero_id: q.metodo.id,
          detalle_metodo_id: q.detalle?.id ?? null,
          comision_metodo: q.comisionMetodo,
          tauser_id: tauser.id_tauser,
          estado: p.estado,
          terminos_aceptados: pagada,
          motivo: p.motivo ?? null,
          fecha_inicio: inicio as never, // Generated<Timestamp> has no insert type for an expression
          expira_en: sql<Date>`now() - make_interval(hours => ${p.hace}) + interval '24 hours'`,
          fecha_pago: pagada ? sql<Date>`now() - make_interval(hours => ${p.hace}) + interval '20 minutes'` : null,
          fecha_fin: cerrada
            ? p.estado === 'expirada'
              ? sql<Date>`now() - make_interval(hours => ${p.hace}) + interval '24 hours'`
              : sql<Date>`now() - make_interval(hours => ${p.hace}) + interval '40 minutes'`
            : null,
        })
        .onConflict((oc) => oc.column('codigo').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (fila && p.estado === 'en_proceso') {
        // Paid as a payment is: its payout planned on the terminal's notes and set aside, so the kiosk pays
        // what the customer was told and settles the guaraníes by the operation's method.
        const plan = await reservarPago(trx, enTerminal(tauser.id_tauser, q), fila.id).catch(() => null);
        if (plan) {
          const planPago: PlanPago = { entrega: plan.entrega, recibidas: plan.recibidas };
          await trx.updateTable('transacciones').set({ reserva: JSON.stringify(plan.reserva), plan_pago: JSON.stringify(planPago) }).where('id', '=', fila.id).execute();
        }
      }
    }
  });
}
