import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * Below 640 px each row becomes a card of "header: value" lines (the header drawn from the cell's
 * `data-label`), so actions and last columns stay in view without a sideways swipe. The explicit
 * roles keep the table's semantics when CSS changes its display.
 */
const STACK = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:px-4 max-sm:py-2',
  cell:
    'max-sm:flex max-sm:min-h-8 max-sm:flex-wrap max-sm:items-center max-sm:justify-between max-sm:gap-x-4 max-sm:px-0 max-sm:py-1 max-sm:text-right ' +
    'max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
};
const SCROLL = { table: '', head: '', body: '', row: '', cell: '' };

/**
 * A table with the spec's states: 'Cargando', 'Ha ocurrido un error', 'No hay datos'. On a phone its
 * rows stack as cards; `phone="scroll"` keeps a narrow table (the public rates) as a table.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  label,
  phone = 'stack',
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: boolean;
  label: string;
  phone?: 'stack' | 'scroll';
}) {
  const message = loading ? 'Cargando' : error ? 'Ha ocurrido un error' : !rows?.length ? 'No hay datos' : null;
  const s = phone === 'stack' ? STACK : SCROLL;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table role="table" className={`min-w-full divide-y divide-slate-200 text-sm ${s.table}`} aria-label={label}>
        <thead role="rowgroup" className={`bg-slate-50 ${s.head}`}>
          <tr role="row">
            {columns.map((c) => (
              <th key={c.header} role="columnheader" scope="col" className={`px-4 py-3 text-left font-semibold text-slate-700 ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={`divide-y divide-slate-100 ${s.body}`}>
          {message ? (
            <tr role="row" className={s.row}>
              <td colSpan={columns.length} className={`px-4 py-8 text-center ${error ? 'text-red-600' : 'text-slate-500'} max-sm:block`} role={error ? 'alert' : 'cell'}>
                {message}
              </td>
            </tr>
          ) : (
            rows!.map((row) => (
              <tr key={rowKey(row)} role="row" className={`hover:bg-slate-50 ${s.row}`}>
                {columns.map((c) => (
                  <td key={c.header} role="cell" data-label={c.header} className={`px-4 py-3 align-middle ${c.className ?? ''} ${s.cell}`}>
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
