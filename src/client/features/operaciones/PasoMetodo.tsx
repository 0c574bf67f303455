import type { ReactNode } from 'react';
import { porcentaje } from './ResumenCotizacion';
import { ErrorCarga } from '../../components/ErrorCarga';
import type { MetodosRespuesta } from '../../../shared/schemas/operaciones';
import { etiquetaDireccion, resumenInstancia, type MetodoElegido } from './wizardRules';

/** Step 2 of both wizards: the client's saved instances per group plus the generic method where allowed. */
export function PasoMetodo({
  data,
  loading,
  error = null,
  onReintentar,
  elegido,
  onElegir,
  onAtras,
  onSiguiente,
  siguienteLabel,
  pending = false,
  bloqueado = false,
  agregar,
  children,
}: {
  data: MetodosRespuesta | undefined;
  loading: boolean;
  /** Why the methods could not be read: said, with 'Reintentar' (not 'No hay métodos disponibles'). */
  error?: string | null;
  onReintentar?: () => void;
  elegido: MetodoElegido;
  onElegir: (m: MetodoElegido) => void;
  onAtras: () => void;
  onSiguiente: () => void;
  siguienteLabel: string;
  pending?: boolean;
  /** Something on this step refuses to go on (shown by `children`). */
  bloqueado?: boolean;
  /** A link to add an account or wallet, coming back here. */
  agregar?: ReactNode;
  children?: ReactNode;
}) {
  const grupos = Object.entries(data?.metodos ?? {});
  const etiqueta = etiquetaDireccion(data?.operacion_casa);
  const radio = 'mt-1 h-4 w-4 shrink-0 accent-emerald-700';
  const opcion = (activo: boolean) =>
    `flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${activo ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200 hover:bg-slate-50'}`;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{etiqueta}</h2>
      {loading ? (
        <p className="text-sm text-slate-600" role="status">
          Cargando métodos disponibles...
        </p>
      ) : error && !data ? (
        <ErrorCarga mensaje={error} onReintentar={onReintentar} testId="metodos-error" />
      ) : grupos.length === 0 ? (
        <div className="rounded-lg border border-slate-200 p-6 text-center">
          <p className="font-medium text-slate-800">No hay métodos disponibles</p>
          <p className="mt-1 text-sm text-slate-600">No tienes métodos financieros registrados para esta operación.</p>
        </div>
      ) : (
        // Spec 001: the list's area is 50vh high, between 300 and 400 px; longer lists scroll inside it.
        <fieldset className="max-h-[clamp(300px,50vh,400px)] space-y-4 overflow-y-auto">
          <legend className="sr-only">{etiqueta}</legend>
          {grupos.map(([tipo, g]) => (
            <div key={tipo} className="space-y-2">
              {/* Each option says its own commission: a card or account of a catalogue entry may charge another than its method's. */}
              <h3 className="text-sm font-semibold text-slate-700">{g.metodo_financiero.nombre_display}</h3>
              {g.instancias.map((i) => {
                const activo = elegido?.tipo === 'instancia' && elegido.id === i.id;
                return (
                  <label key={i.id} className={opcion(activo)}>
                    <input
                      type="radio"
                      name="metodo"
                      className={radio}
                      checked={activo}
                      onChange={() => onElegir({ tipo: 'instancia', id: i.id, metodoId: g.metodo_financiero.id })}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{i.alias}</span>
                      <span className="block break-words text-slate-600">{resumenInstancia(i)}</span>
                      <span className="block text-slate-500">Comisión {porcentaje(i.comision_porcentaje)}</span>
                    </span>
                  </label>
                );
              })}
              {g.permite_generico && (
                <label className={opcion(elegido?.tipo === 'generico' && elegido.metodoId === g.metodo_financiero.id)}>
                  <input
                    type="radio"
                    name="metodo"
                    className={radio}
                    checked={elegido?.tipo === 'generico' && elegido.metodoId === g.metodo_financiero.id}
                    onChange={() => onElegir({ tipo: 'generico', metodoId: g.metodo_financiero.id })}
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{g.metodo_financiero.nombre_display}</span>
                    <span className="block text-slate-600">Método genérico: sin una cuenta guardada</span>
                    <span className="block text-slate-500">Comisión {porcentaje(g.metodo_financiero.comision_porcentaje)}</span>
                  </span>
                </label>
              )}
            </div>
          ))}
        </fieldset>
      )}
      {agregar}
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button type="button" className="btn-secondary" onClick={onAtras}>
          Atrás
        </button>
        <button type="button" className="btn-primary" disabled={!elegido || loading || (!!error && !data) || pending || bloqueado} onClick={onSiguiente}>
          {siguienteLabel}
        </button>
      </div>
    </div>
  );
}
