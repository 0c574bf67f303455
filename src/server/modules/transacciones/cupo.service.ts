import type { ServiceCtx } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { Decimal } from '../../../shared/money';
import type { Cupo } from '../../../shared/schemas/operaciones';
import { isAssigned } from '../clientes/clientes.repository';
import { getLimites } from '../divisas/divisas.repository';
import { usadoPyg } from './transacciones.repository';

/**
 * GET operaciones/cupo/?cliente_id: what is left of a client's daily and monthly limits (PYG), so
 * the wizard can say so while the amount is typed. Only for a user the client is assigned to (a
 * customer reads their own clients, never another's); staff permissions do not widen it.
 * Indicative: creation and payment check the limits again under the client's lock.
 */
export async function cupoCliente(ctx: ServiceCtx, clienteId: string, tz: string): Promise<Cupo> {
  if (!(await isAssigned(ctx.db, ctx.actor.id, clienteId))) throw forbidden();
  const lim = await getLimites(ctx.db);
  const usado = await usadoPyg(ctx.db, clienteId, tz);
  const disponible = (limite: string | null | undefined, ya: string) =>
    limite == null ? null : Decimal.max(0, new Decimal(limite).minus(ya)).toFixed(0, Decimal.ROUND_DOWN);
  return {
    limite_diario: lim?.limite_diario ?? null,
    limite_mensual: lim?.limite_mensual ?? null,
    usado_diario: usado.dia,
    usado_mensual: usado.mes,
    disponible_diario: disponible(lim?.limite_diario, usado.dia),
    disponible_mensual: disponible(lim?.limite_mensual, usado.mes),
  };
}
