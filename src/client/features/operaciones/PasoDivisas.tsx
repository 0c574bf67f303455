import type { ReactNode } from 'react';
import { MontoInput } from '../../components/MontoInput';
import { decimalesDe, elegirDivisa, type DivisaOpcion, type Par } from './wizardRules';

/**
 * Step 1 of both wizards: 'Divisas y Monto', headed 'Configura tu operación'. `errorMonto` is what
 * refuses the amount beyond its format (the client's limits, the server's answer), shown under it;
 * `children` the live quote.
 */
export function PasoDivisas({
  divisas,
  par,
  monto,
  hayCliente,
  puede,
  errorMonto,
  onPar,
  onMonto,
  onContinuar,
  children,
}: {
  divisas: DivisaOpcion[];
  par: Par;
  monto: string;
  hayCliente: boolean;
  puede: boolean;
  errorMonto?: string | null;
  onPar: (p: Par) => void;
  onMonto: (m: string) => void;
  onContinuar: () => void;
  children?: ReactNode;
}) {
  const codigoOrigen = divisas.find((d) => d.id === par.origen)?.codigo;
  const select = 'input mt-1 w-full min-h-10';
  const options = divisas.map((d) => (
    <option key={d.id} value={d.id}>
      {d.codigo} – {d.nombre}
    </option>
  ));
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Configura tu operación</h2>
      {!hayCliente && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-800" role="alert">
          Cliente requerido
        </p>
      )}
      {/* One currency per line: the whole code and name fit in the select, at 375 px too. */}
      <div className="grid grid-cols-[1fr_auto] items-end gap-x-2 gap-y-2">
        <label className="col-start-1 block min-w-0 text-sm font-medium text-slate-700">
          Entregas
          <select aria-label="Entregas" className={select} value={par.origen} onChange={(e) => onPar(elegirDivisa(par, 'origen', e.target.value ? Number(e.target.value) : '', divisas))}>
            <option value="">Seleccionar…</option>
            {options}
          </select>
        </label>
        <button
          type="button"
          className="btn-secondary col-start-2 row-span-2 row-start-1 min-h-10 self-center px-3"
          aria-label="Intercambiar divisas"
          title="Intercambiar divisas"
          onClick={() => onPar({ origen: par.destino, destino: par.origen })}
        >
          ⇅
        </button>
        <label className="col-start-1 block min-w-0 text-sm font-medium text-slate-700">
          Recibes
          <select aria-label="Recibes" className={select} value={par.destino} onChange={(e) => onPar(elegirDivisa(par, 'destino', e.target.value ? Number(e.target.value) : '', divisas))}>
            <option value="">Seleccionar…</option>
            {options}
          </select>
        </label>
      </div>
      <MontoInput
        id="monto"
        label={`Monto${codigoOrigen ? ` en ${codigoOrigen}` : ''}`}
        value={monto}
        onChange={onMonto}
        decimales={codigoOrigen ? decimalesDe(codigoOrigen) : 2}
        codigo={codigoOrigen}
        error={errorMonto}
      />
      {children}
      <div className="flex justify-end">
        <button type="button" className="btn-primary w-full sm:w-auto" disabled={!puede} onClick={onContinuar}>
          Continuar
        </button>
      </div>
    </div>
  );
}
