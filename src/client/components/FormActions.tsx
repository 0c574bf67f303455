/** The footer of a create/edit/view form: Cerrar when read-only, otherwise Cancelar and a submit button. */
export function FormActions({ readOnly = false, submitting, onCancel, submitLabel = 'Guardar' }: { readOnly?: boolean; submitting: boolean; onCancel: () => void; submitLabel?: string }) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <button type="button" className="btn-secondary" onClick={onCancel}>
        {readOnly ? 'Cerrar' : 'Cancelar'}
      </button>
      {!readOnly && (
        <button type="submit" className="btn-primary" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Guardando…' : submitLabel}
        </button>
      )}
    </div>
  );
}
