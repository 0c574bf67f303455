import { formatAmount } from '../../../shared/format';
import type { StockRecord } from '../../../shared/schemas/reportes';
import { stockBajoResumen } from './stockBajo';
import { Tabla } from './Piezas';

/** Stock per Tauser (rows) and currency (columns): the value held, flagged when below the currency's minimum. */
export function StockTabla({ filas, estado, vacio = 'Ninguna terminal activa tiene billetes.' }: { filas: StockRecord[] | undefined; estado: { loading: boolean; error: boolean }; vacio?: string }) {
  const divisas = [...new Set((filas ?? []).map((f) => f.divisa))].sort();
  const tausers = new Map<string, { nombre: string; celdas: Map<string, StockRecord> }>();
  for (const f of filas ?? []) {
    const t = tausers.get(f.tauser_id) ?? {
      nombre: `${f.tauser_codigo} — ${f.tauser_nombre}`,
      celdas: new Map(),
    };
    t.celdas.set(f.divisa, f);
    tausers.set(f.tauser_id, t);
  }
  // Terminals (not rows of terminal × currency) holding less than some currency's minimum.
  const terminalesBajas = new Set((filas ?? []).filter((f) => f.bajo).map((f) => f.tauser_id)).size;
  return (
    <>
      {terminalesBajas > 0 && (
        <p className="mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {stockBajoResumen(terminalesBajas)}
        </p>
      )}
      <Tabla
        label="Stock por Tauser y divisa"
        estado={estado}
        vacio={vacio}
        rows={[...tausers].map(([id, t]) => ({ id, ...t }))}
        rowKey={(r) => r.id}
        cols={[
          { header: 'Tauser', cell: (r) => r.nombre },
          ...divisas.map((d) => ({
            header: d,
            num: true,
            cell: (r: { celdas: Map<string, StockRecord> }) => {
              const c = r.celdas.get(d);
              if (!c) return <span className="text-slate-500">—</span>;
              return (
                <span title={`${formatAmount(String(c.billetes), 0)} billetes${c.minimo ? `, mínimo ${formatAmount(c.minimo, 0)}` : ''}`}>
                  {formatAmount(c.valor, 0)}
                  {c.bajo && <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Stock bajo</span>}
                </span>
              );
            },
          })),
        ]}
      />
    </>
  );
}
