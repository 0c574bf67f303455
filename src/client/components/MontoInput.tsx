import { useState, type ReactNode } from 'react';
import { leerMonto } from '../../shared/montoEsPy';

/**
 * The one amount field of the product (simulator, wizards, limits, stock): a text field read in
 * es-PY by `leerMonto` (shared/montoEsPy.ts). It keeps exactly what was typed and says inline why a
 * text is refused; the parent gets the text and builds the canonical amount with the same function.
 * `error` is a message from elsewhere about this amount (the server, a limit) shown when the text reads well.
 */
export function MontoInput({
  id,
  label,
  value,
  onChange,
  decimales,
  codigo,
  error,
  mostrarVacio = false,
  opcional = false,
  cantidad = false,
  cero = false,
  disabled = false,
  hint,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (texto: string) => void;
  decimales: number;
  codigo?: string;
  error?: string | null;
  /** Also say that an empty field needs an amount (after a submit). */
  mostrarVacio?: boolean;
  /** Empty is a valid answer (e.g. "no limit"). */
  opcional?: boolean;
  /** A count (whole), with its own words. */
  cantidad?: boolean;
  /** Zero is a valid answer. */
  cero?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const [tocado, setTocado] = useState(false);
  // The text the person last typed: a field emptied by its form (a reset after saving) is not one
  // the person emptied, so it does not say "Ingresá un monto." until a submit asks for it.
  const [tecleado, setTecleado] = useState<string | null>(null);
  const lectura = leerMonto(value, { decimales, codigo, cantidad, cero });
  const vacio = value.trim() === '';
  const vaciadoPorLaPersona = tocado && value === tecleado;
  const propio = lectura.ok || (vacio && (opcional || (!mostrarVacio && !vaciadoPorLaPersona))) ? null : lectura.error;
  const mensaje = propio ?? (lectura.ok ? error : null) ?? null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input min-h-10 tabular-nums"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={cantidad ? '10' : decimales === 0 ? '1.000.000' : '1.000,00'}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          setTecleado(e.target.value);
          onChange(e.target.value);
        }}
        onBlur={() => setTocado(value.trim() !== '')}
        aria-invalid={!!mensaje}
        aria-describedby={mensaje ? errorId : hint ? hintId : undefined}
      />
      {hint && !mensaje && (
        <p className="mt-1 text-xs text-slate-500" id={hintId}>
          {hint}
        </p>
      )}
      {mensaje && (
        <p className="field-error" role="alert" id={errorId} data-testid={`${id}-error`}>
          {mensaje}
        </p>
      )}
    </div>
  );
}
