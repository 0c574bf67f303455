import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Modal } from '../../components/Modal';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { noEncontrado } from '../../lib/errors';
import { formatPercent, formatRate } from '../../../shared/format';
import { ESTADO_LABEL } from '../../../shared/transacciones';
import { monto } from './formato';
import { AccionesPendiente } from './AccionesPendiente';

const tasa = (v: string) => `₲ ${formatRate(v, 4)}`;

/** Every figure of a transaction's quote and its life (codes, dates, terminal, method). */
export function TransaccionDetalleModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  // id 0: a link's `?ver=` that is no transaction id (nothing to ask the server).
  const q = trpc.transacciones.get.useQuery({ id: id ?? 0 }, { enabled: id !== null && id > 0 });
  const noHay = id === 0 || noEncontrado(q.error);
  const t = q.data;
  const fila = (k: string, v: ReactNode) => (
    <>
      <dt className="text-slate-600">{k}</dt>
      <dd className="text-right font-medium text-slate-900 tabular-nums break-words">{v}</dd>
    </>
  );
  return (
    <Modal open={id !== null} onClose={onClose} title="Detalle de la transacción" size="lg">
      {noHay ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700" role="alert" data-testid="transaccion-no-encontrada">
            No encontramos esta transacción: no existe o no es de tus clientes.
          </p>
          <div className="flex justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cerrar
            </button>
          </div>
        </div>
      ) : q.isLoading ? (
        <p className="text-sm text-slate-600">Cargando</p>
      ) : q.isError || !t ? (
        <div className="space-y-4">
          <p className="text-sm text-red-600" role="alert">
            No se pudo cargar la transacción
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" disabled={q.isFetching} onClick={() => void q.refetch()}>
              Reintentar
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cerrar
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="detalle-transaccion">
            {fila('Código', <span className="font-mono">{t.codigo}</span>)}
            {fila('Estado', ESTADO_LABEL[t.estado])}
            {fila('Cliente', t.cliente_nombre)}
            {fila('Operación', t.operacion === 'compra' ? 'Compra' : 'Venta')}
            {fila('Monto origen', monto(t.monto_origen, t.divisa_origen_detalle.codigo))}
            {fila('Monto destino', monto(t.monto_destino, t.divisa_destino_detalle.codigo))}
            {t.monto_destino_inicial !== t.monto_destino && fila('Monto destino inicial', monto(t.monto_destino_inicial, t.divisa_destino_detalle.codigo))}
            {fila('Equivalente en guaraníes', monto(t.monto_pyg, 'PYG'))}
            {fila('Tasa aplicada', tasa(t.tasa_aplicada))}
            {fila('Tasa inicial', tasa(t.tasa_inicial))}
            {fila('Precio base', tasa(t.parametros.precio_base))}
            {/* The name the wizard and the receipt give it ('del margen'); staff set it as the rate's Comisión base. */}
            {fila(`${t.operacion === 'compra' ? 'Margen de venta' : 'Margen de compra'} por ${t.operacion === 'compra' ? t.divisa_destino_detalle.codigo : t.divisa_origen_detalle.codigo}`, tasa(t.parametros.comision_base))}
            {fila('Categoría', t.parametros.nombre_categoria ?? 'Sin categoría')}
            {fila('Descuento de categoría', `${formatPercent(t.parametros.descuento_categoria)} del margen`)}
            {fila('Método financiero', t.metodo_financiero_detalle.nombre_display || t.metodo_financiero_detalle.nombre)}
            {t.detalle_metodo_alias && fila('Cuenta', t.detalle_metodo_alias)}
            {fila('Comisión del método', formatPercent(t.parametros.comision_metodo))}
            {fila(
              'Tauser',
              <>
                {t.tauser_detalle.nombre}{' '}
                <span className="whitespace-nowrap" data-codigo-tauser="">
                  ({t.tauser_detalle.codigo})
                </span>
              </>,
            )}
            {fila('Ubicación', `${t.tauser_detalle.direccion}, ${t.tauser_detalle.ciudad}`)}
            {fila('Realizada por', `${t.operador_detalle.first_name} ${t.operador_detalle.last_name}`.trim())}
            {fila('Fecha de inicio', formatDateTime(t.fecha_inicio))}
            {(t.estado === 'pendiente' || t.estado === 'en_proceso') && fila('Vence el', formatDateTime(t.expira_en))}
            {t.estado === 'expirada' && fila('Venció el', formatDateTime(t.expira_en))}
            {t.fecha_pago && fila('Fecha de pago', formatDateTime(t.fecha_pago))}
            {t.fecha_fin && fila('Fecha de fin', formatDateTime(t.fecha_fin))}
            {fila('Términos aceptados', t.terminos_aceptados ? 'Sí' : 'No')}
            {t.motivo && fila('Motivo', t.motivo)}
          </dl>
          <AccionesPendiente t={t} onCancelada={onClose} />
          <div className="flex justify-end gap-2">
            <Link to="/comprobante/$id" params={{ id: String(t.id) }} className="btn-primary">
              Ver comprobante
            </Link>
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cerrar
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
