import { useState } from 'react';
import { formatAmount } from '../../../shared/money';
import type { MovimientoRecord } from '../../../shared/schemas/terminal';
import { DataTable, type Column } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';

/** Who moved the notes: a staff user, the terminal itself completing an operation, or the system (the demo's first load). */
const autor = (m: MovimientoRecord) => m.usuario ?? (m.transaccion_codigo ? `Terminal (operación ${m.transaccion_codigo})` : 'Sistema');

/** "+1.000" for notes in, "−5" for notes out. */
const cambio = (m: MovimientoRecord) => {
  const n = m.despues - m.antes;
  return `${n >= 0 ? '+' : '−'}${formatAmount(String(Math.abs(n)), 0)}`;
};

const columns: Column<MovimientoRecord>[] = [
  { header: 'Fecha', cell: (m) => <span className="whitespace-nowrap">{formatDateTime(m.fecha)}</span> },
  { header: 'Billete', cell: (m) => <span className="whitespace-nowrap">{`${m.divisa} ${formatAmount(String(m.denominacion), 0)}`}</span> },
  { header: 'Cambio', cell: (m) => cambio(m), className: 'text-right tabular-nums' },
  { header: 'Antes', cell: (m) => formatAmount(String(m.antes), 0), className: 'text-right tabular-nums' },
  { header: 'Después', cell: (m) => formatAmount(String(m.despues), 0), className: 'text-right tabular-nums' },
  { header: 'Por', cell: autor },
  { header: 'Motivo', cell: (m) => <span className="whitespace-pre-line">{m.motivo}</span> },
];

/** 'Movimientos de billetes' of a Tauser (change permission): who loaded or withdrew what, when and why, newest first, 10 per page. */
export function MovimientosStock({ idTauser }: { idTauser: string }) {
  const [page, setPage] = useState(1);
  const q = trpc.terminal.movimientos.useQuery({ id: idTauser, page });
  return (
    <section aria-labelledby={`movimientos-${idTauser}`} className="space-y-2 border-t border-slate-200 pt-3">
      <h3 id={`movimientos-${idTauser}`} className="text-base font-semibold">
        Movimientos de billetes
      </h3>
      <DataTable label="Movimientos de billetes" columns={columns} rows={q.isError ? [] : q.data?.results} rowKey={(m) => m.id} loading={q.isLoading} error={q.isError} />
      {(q.data?.count ?? 0) > 0 && <Pagination page={page} count={q.data?.count ?? 0} onChange={setPage} />}
    </section>
  );
}
