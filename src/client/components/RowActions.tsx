import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** A small text button for table row actions; `busy` while its action is in flight (disabled, aria-busy: `useEnCurso`). */
export function RowAction({ label, onClick, tone = 'default', busy = false, children }: { label: string; onClick: () => void; tone?: 'default' | 'danger' | 'success'; busy?: boolean; children?: ReactNode }) {
  const color = { default: 'text-emerald-700 hover:bg-emerald-50', danger: 'text-red-600 hover:bg-red-50', success: 'text-emerald-700 hover:bg-emerald-50' }[tone];
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
      className={`min-h-6 rounded px-2 py-1 text-xs font-medium max-sm:min-h-9 max-sm:px-3 max-sm:text-sm disabled:cursor-wait disabled:opacity-60 ${color}`}
    >
      {children ?? label}
    </button>
  );
}

/**
 * Desactivar on an active row (when `canDeactivate`), Activar on an inactive one (when `canActivate`):
 * the permission rule of every toggled entity (spec 000 §6, 001 §6). With `consecuencia`, Desactivar
 * first asks, saying what the deactivation ends (sessions, operations): a misclick there locks people out.
 */
export function ToggleAction({
  active,
  name,
  canDeactivate,
  canActivate,
  onToggle,
  busy = false,
  consecuencia,
}: {
  active: boolean;
  name: string;
  canDeactivate: boolean;
  canActivate: boolean;
  onToggle: () => void;
  busy?: boolean;
  consecuencia?: string;
}) {
  const [preguntando, setPreguntando] = useState(false);
  if (!active) return canActivate ? <RowAction label={`Activar ${name}`} tone="success" busy={busy} onClick={onToggle}>Activar</RowAction> : null;
  if (!canDeactivate) return null;
  return (
    <>
      <RowAction label={`Desactivar ${name}`} tone="danger" busy={busy} onClick={consecuencia ? () => setPreguntando(true) : onToggle}>
        Desactivar
      </RowAction>
      {consecuencia && (
        <ConfirmDialog
          open={preguntando}
          title={`¿Desactivar ${name}?`}
          confirmLabel="Desactivar"
          closeLabel="Volver"
          danger
          onConfirm={() => {
            setPreguntando(false);
            onToggle();
          }}
          onClose={() => setPreguntando(false)}
        >
          {consecuencia}
        </ConfirmDialog>
      )}
    </>
  );
}
