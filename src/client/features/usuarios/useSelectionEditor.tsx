import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { sameSet } from '../../lib/text';

/**
 * State of an assignment editor (clients or roles of a user): view mode, then edit mode with a
 * selection that starts from what is assigned. `changed` enables Guardar (spec 000 §4).
 */
export function useSelectionEditor<T, K>(assigned: T[] | undefined, keyOf: (item: T) => K) {
  // keyOf is a pure accessor; the assigned list alone decides the original selection.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const original = useMemo(() => new Set((assigned ?? []).map(keyOf)), [assigned]);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<Set<K> | null>(null);
  const [search, setSearch] = useState('');
  const current = selected ?? original;
  const { firstFieldRef: searchRef, editRef } = useFocusOnModeChange<HTMLInputElement>(editing);

  const set = (id: K, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  return {
    editing,
    start: () => setEditing(true),
    stop: () => {
      setEditing(false);
      setSelected(null);
      setSearch('');
    },
    current,
    changed: !sameSet(current, original),
    set,
    toggle: (id: K) => set(id, !current.has(id)),
    search,
    setSearch,
    /** The edit mode's search box: it takes the focus when Editar is pressed. */
    searchRef,
    /** The Editar button: it takes the focus back after Guardar or Cancelar. */
    editRef,
  };
}

/**
 * Focus across the switch between read-only and edit mode inside a dialog: the button pressed
 * (Editar, Guardar, Cancelar) leaves the page, and the focus with it, to the document body. Entering
 * edit mode focuses the first field; leaving it focuses Editar again.
 */
export function useFocusOnModeChange<F extends HTMLElement>(editing: boolean) {
  const firstFieldRef = useRef<F>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing && !wasEditing.current) firstFieldRef.current?.focus();
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return { firstFieldRef, editRef };
}

/** Cancelar / Guardar of an assignment editor; Guardar only when the selection changed. */
export function SelectionFooter({ changed, saving, onCancel, onSave }: { changed: boolean; saving: boolean; onCancel: () => void; onSave: () => void }) {
  return (
    <div className="mt-4 flex justify-end gap-2">
      <button key="cancelar" type="button" className="btn-secondary" onClick={onCancel}>
        Cancelar
      </button>
      <button key="guardar" type="button" className="btn-primary" disabled={!changed || saving} onClick={onSave}>
        Guardar
      </button>
    </div>
  );
}

/** The Editar button of an assignment's read-only view. */
export function EditButton({ onClick, ref }: { onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <div className="mt-4 flex justify-end">
      <button key="editar" ref={ref} type="button" className="btn-primary" onClick={onClick}>
        Editar
      </button>
    </div>
  );
}
