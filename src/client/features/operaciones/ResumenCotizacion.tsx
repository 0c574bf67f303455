import { formatAmount, formatRate } from '../../../shared/format';
import type { SimulacionResultado, TransaccionRecord } from '../../../shared/schemas/operaciones';
import { decimalesDe } from './wizardRules';

export const montoEn = (v: string, codigo: string) => `${formatAmount(v, decimalesDe(codigo))} ${codigo}`;
export const tasaGs = (v: string) => `₲ ${formatRate(v, 4)}`;

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

/** The quote's summary (spec 001 §3): amounts, final rate, category discount and method commission. */
export function ResumenCotizacion({ r }: { r: SimulacionResultado }) {
  const p = r.parametros;
  const compra = r.operacion_cliente === 'compra';
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="resumen-cotizacion">
      <p className="text-sm text-slate-600">{compra ? 'Compras' : 'Vendes'} divisas</p>
      <p className="mt-1 text-sm">
        Entregas <strong className="tabular-nums" data-testid="monto-origen">{montoEn(r.monto_origen, r.divisa_origen)}</strong>
      </p>
      <p className="text-2xl font-semibold text-emerald-800 tabular-nums" data-testid="monto-destino">
        Recibes {montoEn(r.monto_destino, r.divisa_destino)}
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Tipo de cambio final</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="tc-final">{tasaGs(r.tc_final)}</dd>
        <dt className="text-slate-600">Precio base</dt>
        <dd className="text-right tabular-nums">{tasaGs(p.precio_base)}</dd>
        <dt className="text-slate-600">Categoría</dt>
        <dd className="text-right">{p.nombre_categoria ?? 'Sin categoría'}</dd>
        <dt className="text-slate-600">Descuento de categoría</dt>
        <dd className="text-right tabular-nums">{formatRate(p.descuento_categoria, 2)} %</dd>
        <dt className="text-slate-600">Método</dt>
        <dd className="text-right">{p.nombre_metodo}</dd>
        <dt className="text-slate-600">Comisión del método</dt>
        <dd className="text-right tabular-nums">{formatRate(p.comision_metodo, 2)} %</dd>
      </dl>
    </div>
  );
}
