import { useEffect } from 'react';
import { formatAmount, formatRate } from '../../../shared/format';
import { minorUnits } from '../../../shared/minorUnits';
import type { LineaRecord } from '../../../shared/schemas/reportes';
import { Pagination, totalPages } from '../../components/Pagination';
import { formatDateTime } from '../../lib/format';
import { Tabla, type Col } from './Piezas';

const OPERACION = { compra: 'Compra', venta: 'Venta' } as const;
const pyg = (v: string) => `₲ ${formatAmount(v, 0)}`;

const COLS: Col<LineaRecord>[] = [
  { header: 'Fecha', cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.fecha_inicio)}</span> },
  { header: 'Código', cell: (l) => <span className="font-mono">{l.codigo}</span> },
  { header: 'Operación del cliente', cell: (l) => OPERACION[l.operacion_cliente] },
  // The foreign amount with its currency's minor unit (ISO 4217: USD 2 decimals, CLP none).
  { header: 'Monto divisa', cell: (l) => `${formatAmount(l.monto_divisa, minorUnits(l.divisa))} ${l.divisa}`, num: true },
  { header: 'Monto PYG', cell: (l) => pyg(l.monto_pyg), num: true },
  { header: 'Tasa aplicada', cell: (l) => formatRate(l.tasa_aplicada, 4), num: true },
  { header: 'Margen PYG', cell: (l) => pyg(l.margen_pyg), num: true },
  { header: 'Método', cell: (l) => l.metodo },
  { header: 'Operador', cell: (l) => l.operador },
  { header: 'Tauser', cell: (l) => <span className="whitespace-nowrap">{l.tauser}</span> },
  { header: 'Categoría', cell: (l) => l.categoria },
];

/**
 * The operations behind the figures (GET /reportes/ganancias/transacciones/), newest first, 10 per page;
 * the page lives in the URL with the filters. A page past the last (a shared link, a narrower filter) moves to the last.
 */
export function Listado({
  page,
  data,
  total,
  estado,
  onPage,
}: {
  page: number;
  data: { count: number; results: LineaRecord[] } | undefined;
  /** The count of the answer to the filters shown now (`undefined` while the previous one stands in). */
  total: number | undefined;
  estado: { loading: boolean; error: boolean };
  onPage: (page: number, replace?: boolean) => void;
}) {
  const last = total === undefined ? undefined : totalPages(total);
  useEffect(() => {
    if (last !== undefined && page > last) onPage(last, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onPage is a new function every render
  }, [page, last]);
  return (
    <>
      <Tabla label="Operaciones del período" estado={estado} rows={data?.results} rowKey={(l) => String(l.id)} cols={COLS} />
      {(data?.count ?? 0) > 0 && <Pagination page={page} count={data!.count} onChange={(p) => onPage(p)} />}
    </>
  );
}
