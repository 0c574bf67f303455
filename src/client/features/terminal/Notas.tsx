import { formatAmount } from '../../../shared/money';

export interface Nota {
  denominacion: number;
  cantidad: number;
}

/** A banknote breakdown: "2 × 100" lines. */
export function Notas({ notas, codigo }: { notas: readonly Nota[]; codigo: string }) {
  if (notas.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label={`Billetes en ${codigo}`}>
      {notas.map((n) => (
        <li key={n.denominacion} className="flex justify-between gap-6 tabular-nums">
          <span>
            {n.cantidad} × {codigo} {formatAmount(String(n.denominacion), 0)}
          </span>
        </li>
      ))}
    </ul>
  );
}
