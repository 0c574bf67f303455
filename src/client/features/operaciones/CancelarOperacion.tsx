import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * A pending operation's cancel button: it asks first, since a cancelled operation cannot be resumed.
 * Its accessible name says which operation (`Cancelar <código>`) unless the label already does.
 */
export function CancelarOperacion({
  codigo,
  label,
  className,
  busy,
  nombrarCodigo = true,
  onConfirmar,
}: {
  codigo: string;
  label: string;
  className: string;
  busy: boolean;
  nombrarCodigo?: boolean;
  onConfirmar: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={busy} aria-label={nombrarCodigo ? `Cancelar ${codigo}` : undefined} onClick={() => setOpen(true)}>
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
