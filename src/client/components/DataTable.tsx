import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Left out of the table (e.g. 'Acciones' for someone who may do nothing on any row). */
  hidden?: boolean;
}


/**
 * A table with the spec's states: 'Cargando', 'Ha ocurrido un error', 'No hay datos'. On a phone its
 * rows stack as cards of "header: value" lines (`tabla-apilada` in styles.css; the explicit roles keep
 * the table's semantics when CSS changes its display); `phone="scroll"` keeps a narrow table (the
 * public rates) as a table that scrolls in its box.
 */
export function DataTable<T>({
  rows,
  rowKey,
  loading,
  error,
  label,
  phone = 'stack',
  columns: allColumns,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: boolean;
  label: string;
  phone?: 'stack' | 'scroll';
}) {
  const columns = allColumns.filter((c) => !c.hidden);
  const message = loading ? 'Cargando' : error ? 'Ha ocurrido un error' : !rows?.length ? 'No hay datos' : null;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table role="table" className={`min-w-full divide-y divide-slate-200 text-sm ${phone === 'stack' ? 'tabla-apilada' : ''}`} aria-label={label}>
        <thead role="rowgroup" className="bg-slate-50">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.header} role="columnheader" scope="col" className={`px-4 py-3 text-left font-semibold text-slate-700 ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100">
          {message ? (
            <tr role="row">
              <td colSpan={columns.length} className={`px-4 py-8 text-center ${error ? 'text-red-600' : 'text-slate-500'}`} role={error ? 'alert' : 'cell'}>
                {message}
              </td>
            </tr>
          ) : (
            rows!.map((row) => (
              <tr key={rowKey(row)} role="row" className="hover:bg-slate-50">
                {columns.map((c) => (
                  <td key={c.header} role="cell" data-label={c.header} className={`px-4 py-3 align-middle ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
