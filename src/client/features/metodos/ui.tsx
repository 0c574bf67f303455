import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Tab } from '@headlessui/react';
import { FormField } from '../../components/FormField';
import { ErrorCarga } from '../../components/ErrorCarga';

export const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none data-[selected]:bg-emerald-700 data-[selected]:text-white';
export const subTabClass =
  'rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100 focus:outline-none data-[selected]:border-emerald-700 data-[selected]:bg-emerald-50 data-[selected]:text-emerald-800';

export const TabButton = ({ children, sub = false }: { children: ReactNode; sub?: boolean }) => <Tab className={sub ? subTabClass : tabClass}>{children}</Tab>;

export type Errors = Record<string, string | undefined>;

/** A labelled control with its error, linked as every form's (components/FormField): aria-invalid, aria-describedby, no alert per field. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <FormField label={label} htmlFor={id} error={error}>
      {children}
    </FormField>
  );
}

/** Loading, error and empty states of a list; children when there are rows. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  onReintentar,
  children,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  /** Offered with the error: read the list again. */
  onReintentar?: () => void;
  children: ReactNode;
}) {
  if (loading) return <p className="py-8 text-center text-sm text-slate-500">Cargando…</p>;
  if (error) return <ErrorCarga mensaje="No se pudieron cargar los datos." onReintentar={onReintentar} />;
  if (empty) return <p className="py-8 text-center text-sm text-slate-500">{emptyText}</p>;
  return <>{children}</>;
}

/** 'es-PY' percentage: "1.50" → "1,50 %". */
export const pct = (v: string | null | undefined) => (v == null ? '—' : `${v.replace('.', ',')}\u00a0%`);
/** A decimal string for an input ("1.50" → "1,50"). */
export const pctInput = (v: string) => v.replace('.', ',');

export function Card({ title, subtitle, active, porCatalogo, children, actions }: { title: string; subtitle?: string; active: boolean; porCatalogo?: boolean; children?: ReactNode; actions: ReactNode }) {
  return (
    <article className="flex flex-col justify-between rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label={title}>
      <div>
        <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="break-words font-semibold text-slate-900">{title}</h3>
            {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
          </div>
          <div className="flex flex-col items-end gap-1">
            <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-600'}`}>
              {active ? 'Activo' : 'Inactivo'}
            </span>
            {porCatalogo && <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Desactivado por catálogo</span>}
          </div>
        </div>
        <dl className="space-y-1 text-sm text-slate-700">{children}</dl>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">{actions}</div>
    </article>
  );
}

export const Row = ({ k, v }: { k: string; v: ReactNode }) => (
  <div className="flex flex-wrap justify-between gap-2">
    <dt className="text-slate-500">{k}</dt>
    <dd className="break-all text-right font-medium">{v}</dd>
  </div>
);

export const CardButton = ({ label, onClick, tone = 'neutral', disabled, busy = false }: { label: string; onClick: () => void; tone?: 'neutral' | 'danger' | 'success'; disabled?: boolean; busy?: boolean }) => (
  <button
    type="button"
    disabled={disabled || busy}
    aria-busy={busy || undefined}
    onClick={onClick}
    className={`rounded-md px-3 py-1 text-sm font-medium ${tone === 'danger' ? 'bg-red-50 text-red-700 hover:bg-red-100' : tone === 'success' ? 'bg-emerald-50 text-emerald-800 hover:bg-emerald-100' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'} disabled:opacity-50`}
  >
    {label}
  </button>
);

/** A text input registered in a react-hook-form form. */
export function RegText({ id, label, error, reg, ...rest }: { id: string; label: string; error?: string; reg: UseFormRegisterReturn } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} className="input read-only:bg-slate-100 read-only:text-slate-600" aria-invalid={!!error} {...rest} {...reg} />
    </Field>
  );
}

/** A checkbox registered in a react-hook-form form. */
export function RegCheck({ id, label, reg, disabled }: { id: string; label: string; reg: UseFormRegisterReturn; disabled?: boolean }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
      <input id={id} type="checkbox" disabled={disabled} {...reg} /> {label}
    </label>
  );
}
