import { useEffect, useState } from 'react';
import { formatAmount, formatRate } from '../../../shared/format';
import { costosEnGuaranies } from '../../../shared/costosCotizacion';
import type { SimulacionResultado, TransaccionRecord } from '../../../shared/schemas/operaciones';
import { decimalesDe } from './wizardRules';

export const montoEn = (v: string, codigo: string) => `${formatAmount(v, decimalesDe(codigo))} ${codigo}`;
/** A rate as the operation's texts write it (spec 001 §9: 1 to 4 decimals): ₲ 7.345,0, ₲ 7.455,175. */
export const tasaGs = (v: string) => `₲ ${formatRate(v, 4, 1)}`;
/** es-PY percentage with two decimals: "1,50 %". */
export const porcentaje = (v: string) => `${formatAmount(v, 2)} %`;
const guaranies = (v: string) => formatAmount(v, 0, '₲');

/** A figure inside a sentence ("₲ 7.345,0", "40,30 USD"): the line breaks around it, never between its symbol and its number. */
export const Cifra = ({ children }: { children: string }) => (
  <span className="whitespace-nowrap" data-cifra="">
    {children}
  </span>
);

/** A stored transaction's figures as a quote (the operation wizard's summary shows what was stored). */
export const comoCotizacion = (t: TransaccionRecord): SimulacionResultado => ({
  operacion_cliente: t.operacion,
  operacion_casa: t.operacion_casa,
  monto_origen: t.monto_origen,
  divisa_origen: t.divisa_origen_detalle.codigo,
  monto_destino: t.monto_destino,
  divisa_destino: t.divisa_destino_detalle.codigo,
  tc_final: t.tasa_aplicada,
  parametros: t.parametros,
  tauser_seleccionado: t.tauser_detalle,
});

/** The quote's summary (spec 001 §3): amounts, final rate, category discount and method commission (in ₲ and percent). */
export function ResumenCotizacion({ r, actualizando = false }: { r: SimulacionResultado; actualizando?: boolean }) {
  const p = r.parametros;
  const compra = r.operacion_cliente === 'compra';
  const costos = costosEnGuaranies(r);
  const extranjera = compra ? r.divisa_destino : r.divisa_origen;
  return (
    <div
      className={`rounded-lg border border-emerald-200 bg-emerald-50 p-4 transition-opacity ${actualizando ? 'opacity-60' : ''}`}
      data-testid="resumen-cotizacion"
      aria-busy={actualizando}
    >
      <p className="text-sm text-slate-600">{compra ? 'Comprás' : 'Vendés'} divisas</p>
      <p className="mt-1 text-sm">
        Entregás <strong className="tabular-nums" data-testid="monto-origen">{montoEn(r.monto_origen, r.divisa_origen)}</strong>
      </p>
      <p className="text-2xl font-semibold text-emerald-800 tabular-nums">
        Recibís <span data-testid="monto-destino">{montoEn(r.monto_destino, r.divisa_destino)}</span>
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Tipo de cambio final</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="tc-final">{tasaGs(r.tc_final)}</dd>
        {/* Per unit of the foreign currency first; then what discount and commission came to over the whole amount. */}
        <dt className="text-slate-600">Precio base por {extranjera}</dt>
        <dd className="text-right tabular-nums">{tasaGs(p.precio_base)}</dd>
        <dt className="text-slate-600">{compra ? 'Margen de venta' : 'Margen de compra'} por {extranjera}</dt>
        <dd className="text-right tabular-nums">
          {compra ? '+' : '−'} {tasaGs(p.comision_base)}
        </dd>
        <dt className="text-slate-600">Categoría</dt>
        <dd className="text-right">{p.nombre_categoria || 'Sin categoría'}</dd>
        <dt className="text-slate-600">Descuento de categoría (en total)</dt>
        <dd className="max-w-40 text-right tabular-nums sm:max-w-none" data-testid="descuento">
          {/* The percent applies to the house's margin, not to the amount. */}
          {guaranies(costos.descuento)} <span className="whitespace-nowrap">({porcentaje(p.descuento_categoria)} del margen)</span>
        </dd>
        <dt className="text-slate-600">Método</dt>
        <dd className="text-right">{p.nombre_metodo}</dd>
        <dt className="text-slate-600">Comisión del método (en total)</dt>
        <dd className="text-right tabular-nums" data-testid="comision">
          {guaranies(costos.comision)} ({porcentaje(p.comision_metodo)})
        </dd>
      </dl>
      {r.aviso_billetes && (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="aviso-billetes">
          {r.aviso_billetes}
        </p>
      )}
    </div>
  );
}

const dosCifras = (n: number) => String(n).padStart(2, '0');

/** `expira_en` as a countdown ("Vence en 23:59:12"); 'Vencida' once past. */
export function CuentaRegresiva({ expiraEn }: { expiraEn: string }) {
  const fin = Date.parse(expiraEn);
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const s = Math.max(0, Math.floor((fin - ahora) / 1000));
  const texto = s === 0 ? 'La operación venció' : `Vence en ${dosCifras(Math.floor(s / 3600))}:${dosCifras(Math.floor((s % 3600) / 60))}:${dosCifras(s % 60)}`;
  return (
    <p className={`text-sm tabular-nums ${s === 0 ? 'text-red-700' : 'text-slate-600'}`} data-testid="vencimiento">
      {texto}
    </p>
  );
}
