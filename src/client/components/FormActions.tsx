/**
 * The footer of a create/edit/view form in a Modal: Cerrar when read-only, otherwise Cancelar and a
 * submit button. It stays at the bottom of the modal's scrolling body, so a long form (a client, a
 * role on a phone) never hides Guardar below the fold; the negative margins meet the body's padding.
 */
/** The footer's place and look, for a modal form whose buttons change with its mode (the user's details). */
export const PIE_DE_FORMULARIO = 'sticky bottom-0 -mx-6 -mb-4 mt-6 flex justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3';

export function FormActions({
  readOnly = false,
  submitting,
  disabled = false,
  onCancel,
  submitLabel = 'Guardar',
}: {
  readOnly?: boolean;
  submitting: boolean;
  /** Something in the form refuses to be sent as it is (besides a submission under way). */
  disabled?: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  return (
    <div data-testid="form-actions" className={PIE_DE_FORMULARIO}>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        {readOnly ? 'Cerrar' : 'Cancelar'}
      </button>
      {!readOnly && (
        <button type="submit" className="btn-primary" disabled={submitting || disabled} aria-busy={submitting || undefined}>
          {submitting ? 'Guardando…' : submitLabel}
        </button>
      )}
    </div>
  );
}
