import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A table with the spec's states: 'Cargando', 'Ha ocurrido un error', 'No hay datos'. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  label,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: boolean;
  label: string;
}) {
  const message = loading ? 'Cargando' : error ? 'Ha ocurrido un error' : !rows?.length ? 'No hay datos' : null;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 text-left font-semibold text-slate-700 ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {message ? (
            <tr>
              <td colSpan={columns.length} className={`px-4 py-8 text-center ${error ? 'text-red-600' : 'text-slate-500'}`} role={error ? 'alert' : undefined}>
                {message}
              </td>
            </tr>
          ) : (
            rows!.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50">
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 align-middle ${c.className ?? ''}`}>
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
