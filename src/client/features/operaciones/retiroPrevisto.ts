import { totalDesglose } from '../../../shared/desglose';
import { formatAmount } from '../../../shared/format';
import { dec } from '../../../shared/money';
import type { Entrega } from '../../../shared/schemas/terminal';

/**
 * What a purchase's payout, fixed at payment, hands out: the foreign notes and the guaraníes for what
 * is below the smallest note (at the operation's rate, never more than was paid for that part:
 * decisions.md, "Money"). Null for a part that is not paid.
 */
export function retiroPrevisto(entrega: Entrega, simbolo: string): { notas: string | null; guaranies: string | null } {
  const enNotas = totalDesglose(entrega.notas);
  return {
    notas: enNotas > 0 ? formatAmount(String(enNotas), 0, simbolo) : null,
    guaranies: dec(entrega.resto_pyg).isZero() ? null : formatAmount(entrega.resto_pyg, 0, '₲'),
  };
}
