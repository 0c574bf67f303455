/**
 * The wizards' step indicator (spec 001 §2): completed steps show a check mark, the current one is highlighted.
 * On a phone it is one row (only the current step is named, over two lines if it must); from 640 px every
 * step is named and the row may wrap.
 */
export function StepIndicator({ pasos, actual }: { pasos: string[]; actual: number }) {
  return (
    <ol className="mb-6 flex flex-nowrap items-center gap-x-2 gap-y-2 sm:flex-wrap" aria-label="Pasos">
      {pasos.map((titulo, i) => {
        const n = i + 1;
        const hecho = n < actual;
        const activo = n === actual;
        return (
          <li key={titulo} className={`flex items-center gap-2 ${activo ? 'min-w-0' : ''}`} aria-current={activo ? 'step' : undefined} data-completed={hecho || undefined}>
            <span
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                hecho ? 'bg-emerald-600 text-white' : activo ? 'bg-emerald-700 text-white ring-4 ring-emerald-100' : 'bg-slate-200 text-slate-600'
              }`}
              aria-hidden="true"
            >
              {hecho ? '✓' : n}
            </span>
            <span className={`text-sm leading-tight ${activo ? 'font-semibold text-slate-900' : 'text-slate-600'} ${activo ? '' : 'hidden sm:inline'}`}>
              {titulo}
              {hecho && <span className="sr-only"> (completado)</span>}
            </span>
            {n < pasos.length && <span className="mx-1 hidden h-px w-6 bg-slate-300 sm:block" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}

/** A thin progress bar under the indicator (the operation wizard's "progress indicator"). */
export function ProgressBar({ actual, total }: { actual: number; total: number }) {
  const pct = Math.round(((actual - 1) / (total - 1)) * 100);
  return (
    <div className="mb-6 h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuemin={1} aria-valuemax={total} aria-valuenow={actual} aria-label={`Paso ${actual} de ${total}`}>
      <div className="h-full bg-emerald-600 transition-all" style={{ width: `${pct}%` }} />
    </div>
  );
}
