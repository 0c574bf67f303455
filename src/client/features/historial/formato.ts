import { formatAmount } from '../../../shared/format';
import { minorUnits } from '../../../shared/money';

/** An amount with its currency's decimals (guaraníes none): "1.000.000 PYG", "134,14 USD". */
export const monto = (v: string, codigo: string) => `${formatAmount(v, minorUnits(codigo))} ${codigo}`;
