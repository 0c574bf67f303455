import { formatAmount } from '../../../shared/format';

/** A category discount ("7.25", percent with 2 decimals) as es-PY shows it: "7,25". */
export const formatDescuento = (descuento: string) => formatAmount(descuento, 2);
