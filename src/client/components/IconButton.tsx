import type { ReactNode } from 'react';

/** A small text button for table row actions. */
export function RowAction({ label, onClick, tone = 'default', children }: { label: string; onClick: () => void; tone?: 'default' | 'danger' | 'success'; children?: ReactNode }) {
  const color = { default: 'text-emerald-700 hover:bg-emerald-50', danger: 'text-red-600 hover:bg-red-50', success: 'text-emerald-700 hover:bg-emerald-50' }[tone];
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className={`rounded px-2 py-1 text-xs font-medium ${color}`}>
      {children ?? label}
    </button>
  );
}
