import type { ReactNode } from 'react';

export function Tarjeta({ titulo, valor, detalle, testId }: { titulo: string; valor: string; detalle?: string; testId: string }) {
  return (
    <div className="card" data-testid={testId}>
      <p className="text-sm font-medium text-slate-600">{titulo}</p>
      <p className="mt-1 text-lg font-bold tabular-nums text-slate-900 sm:text-2xl">{valor}</p>
      {detalle && <p className="mt-1 text-xs text-slate-600">{detalle}</p>}
    </div>
  );
}

export function Seccion({ titulo, children, id }: { titulo: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {titulo}
      </h2>
      {children}
    </section>
  );
}

export interface Col<T> {
  header: string;
  cell: (r: T) => ReactNode;
  num?: boolean;
}

/** A compact table of figures (numbers right-aligned); `estado` shows loading, error or `vacio`. */
export function Tabla<T>({
  label,
  cols,
  rows,
  rowKey,
  estado,
  vacio = 'No hay operaciones en el período',
}: {
  label: string;
  cols: Col<T>[];
  rows: T[] | undefined;
  rowKey: (r: T) => string;
  estado: { loading: boolean; error: boolean };
  /** What an empty table says. */
  vacio?: string;
}) {
  const msg = estado.loading ? 'Cargando' : estado.error ? 'Ha ocurrido un error' : !rows?.length ? vacio : null;
  return (
    // Focusable so a keyboard can scroll a table wider than the screen (WCAG scrollable-region-focusable).
    // On a phone the rows stack as cards of "column: figure" lines (tabla-apilada, as the staff tables):
    // a figure never hides past a sideways scroll; the explicit roles keep the table's semantics.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table role="table" className="tabla-apilada min-w-full text-sm" aria-label={label}>
        <thead role="rowgroup">
          <tr role="row" className="border-b border-slate-200 text-slate-700">
            {cols.map((c) => (
              <th key={c.header} role="columnheader" scope="col" className={`px-2 py-2 font-semibold ${c.num ? 'text-right' : 'text-left'}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100">
          {msg ? (
            <tr role="row">
              <td role="cell" colSpan={cols.length} className="px-2 py-4 text-center text-slate-600">
                {msg}
              </td>
            </tr>
          ) : (
            rows!.map((r) => (
              <tr key={rowKey(r)} role="row">
                {cols.map((c) => (
                  <td key={c.header} role="cell" data-label={c.header} className={`px-2 py-2 ${c.num ? 'whitespace-nowrap text-right tabular-nums' : ''}`}>
                    {c.cell(r)}
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
