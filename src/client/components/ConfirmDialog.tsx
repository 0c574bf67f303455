import type { ReactNode } from 'react';
import { Modal } from './Modal';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirmar',
  closeLabel = 'Cancelar',
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** The button that closes without doing anything ("Volver" where "Cancelar" would name the action). */
  closeLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm">
      <div className="text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {closeLabel}
        </button>
        <button type="button" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
