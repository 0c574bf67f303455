import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** A pending operation's cancel button: it asks first, since a cancelled operation cannot be resumed. */
export function CancelarOperacion({ codigo, label, className, busy, onConfirmar }: { codigo: string; label: string; className: string; busy: boolean; onConfirmar: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={busy} aria-label={`Cancelar ${codigo}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title="¿Cancelar la operación?"
        confirmLabel="Sí, cancelar"
        closeLabel="Volver"
        danger
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirmar();
        }}
      >
        La operación <span className="font-mono">{codigo}</span> se cancela y ya no se puede retomar ni pagar.
      </ConfirmDialog>
    </>
  );
}
