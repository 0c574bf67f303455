import { useState, type FormEvent } from 'react';

/**
 * Search box. `live` reports every keystroke; otherwise the search runs with the Buscar button or
 * the Enter key. `label` names the box (the placeholder by default), so the placeholder can stay short
 * enough for a phone; there the button goes under the box, which takes the whole width.
 */
export function SearchBar({
  onSearch,
  placeholder = 'Buscar…',
  label = placeholder,
  live = false,
  initial = '',
}: {
  onSearch: (q: string) => void;
  placeholder?: string;
  label?: string;
  live?: boolean;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-md gap-2 max-sm:flex-col">
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="input"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (live) onSearch(e.target.value.trim());
        }}
      />
      {!live && (
        <button type="submit" className="btn-secondary">
          Buscar
        </button>
      )}
    </form>
  );
}
