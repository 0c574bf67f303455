import { Link } from '@tanstack/react-router';
import { formatAmount } from '../../../shared/format';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import type { Entrega } from '../../../shared/schemas/terminal';
import { retiroPrevisto } from './retiroPrevisto';
import { OP_MSG, guaraniesEnEfectivo, nombreMedio } from '../../../shared/transacciones';
import { montoEn } from './ResumenCotizacion';
import { decimalesDe } from './wizardRules';
import { OPERACION_MSG } from './wizardMsg';

/* What the operation wizard shows for an operation past its steps, or one it cannot show. */

/** A `?tx=` that cannot be shown: no such operation for this user, or the server did not answer. */
export function TxFallida({ motivo, reintentando, onReintentar, onNueva }: { motivo: 'no-encontrada' | 'sin-respuesta'; reintentando: boolean; onReintentar: () => void; onNueva: () => void }) {
  return (
    <div className="space-y-4 py-4" data-testid="tx-fallida">
      <p className="text-sm text-slate-700" role="alert">
        {motivo === 'no-encontrada' ? OPERACION_MSG.txNoEncontrada : OPERACION_MSG.txSinRespuesta}
      </p>
      <div className="flex flex-wrap gap-2">
        {motivo === 'sin-respuesta' && (
          <button type="button" className="btn-secondary" disabled={reintentando} onClick={onReintentar}>
            Reintentar
          </button>
        )}
        <button type="button" className="btn-primary" onClick={onNueva}>
          Nueva operación
        </button>
      </div>
    </div>
  );
}

/** A transaction that is no longer pending (confirmed, cancelled, expired…): its state and what is left to do. */
export function DeOtroCliente({ t, onNueva }: { t: TransaccionRecord; onNueva: () => void }) {
  return (
    <div className="space-y-4" data-testid="de-otro-cliente">
      <p className="text-sm text-slate-700" role="status">
        La operación <strong className="font-mono">{t.codigo}</strong> es del cliente {t.cliente_nombre}. {OP_MSG.retomarOtroCliente(t.cliente_nombre)}
      </p>
      <button type="button" className="btn-primary" onClick={onNueva}>
        Nueva operación
      </button>
    </div>
  );
}

export function NoPendiente({ t, onNueva }: { t: TransaccionRecord; onNueva: () => void }) {
  return (
    <div className="space-y-4" data-testid="no-pendiente">
      <p className="text-sm text-slate-700" role="status">
        {t.estado === 'en_proceso' ? OPERACION_MSG.yaConfirmada : OPERACION_MSG.noPendiente(t.estado_display)}
      </p>
      {t.estado === 'en_proceso' ? (
        <EnElTerminal t={t} />
      ) : (
        <p className="text-sm text-slate-700">
          Código <strong className="font-mono">{t.codigo}</strong> · {montoEn(t.monto_origen, t.divisa_origen_detalle.codigo)} →{' '}
          {montoEn(t.monto_destino, t.divisa_destino_detalle.codigo)}
        </p>
      )}
      <button type="button" className="btn-primary" onClick={onNueva}>
        Nueva operación
      </button>
    </div>
  );
}

/**
 * What is left to do at the terminal of a confirmed (en_proceso) operation, with its own figures: the
 * foreign currency changes hands there in cash; the guaraníes too with EFECTIVO, otherwise the method
 * settled them (paid with it) or will (credited to it once the terminal takes the notes).
 */
export function EnElTerminal({ t }: { t: TransaccionRecord }) {
  const con = (monto: string, d: { codigo: string; simbolo: string }) => formatAmount(monto, decimalesDe(d.codigo), d.simbolo);
  const efectivo = guaraniesEnEfectivo(t.metodo_financiero_detalle.nombre);
  const medio = nombreMedio(t.metodo_financiero_detalle.nombre_display, t.detalle_metodo_alias);
  const compra = t.operacion === 'compra';
  const prevista = (t.entrega_prevista ?? null) as Entrega | null;
  return (
    <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-slate-700" data-testid="en-el-terminal">
      <li>
        Ingresá el código <strong className="font-mono">{t.codigo}</strong> en el terminal {t.tauser_detalle.nombre} ({t.tauser_detalle.direccion}, {t.tauser_detalle.ciudad}).
      </li>
      <li>
        {compra && !efectivo ? (
          <>
            Ya pagaste <strong className="tabular-nums">{con(t.monto_origen, t.divisa_origen_detalle)}</strong> con {medio}: no entregás dinero.
          </>
        ) : (
          <>
            Entregá <strong className="tabular-nums">{con(t.monto_origen, t.divisa_origen_detalle)}</strong> en efectivo.
          </>
        )}
      </li>
      <li>
        {!compra && !efectivo ? (
          <>
            Recibís <strong className="tabular-nums">{con(t.monto_destino, t.divisa_destino_detalle)}</strong> en {medio} cuando el terminal reciba tus billetes.
          </>
        ) : compra && prevista ? (
          <RetiroPrevisto entrega={prevista} d={t.divisa_destino_detalle} />
        ) : (
          <>
            Retirá <strong className="tabular-nums">{con(t.monto_destino, t.divisa_destino_detalle)}</strong>
            {compra ? ` (${OPERACION_MSG.restoEnGuaranies})` : ''}.
          </>
        )}
      </li>
    </ol>
  );
}

/** A purchase's payout as fixed at payment (retiroPrevisto.ts): what the screen says is what the terminal hands out. */
function RetiroPrevisto({ entrega, d }: { entrega: Entrega; d: { simbolo: string } }) {
  const r = retiroPrevisto(entrega, d.simbolo);
  const fuerte = (v: string) => <strong className="tabular-nums">{v}</strong>;
  if (!r.notas) return <>Retirá {fuerte(r.guaranies ?? '₲ 0')} en guaraníes.</>;
  if (!r.guaranies) return <>Retirá {fuerte(r.notas)} en billetes.</>;
  return (
    <>
      Retirá {fuerte(r.notas)} en billetes y {fuerte(r.guaranies)} por lo que no llega al billete más chico.
    </>
  );
}

/** Kept above the wizard after the confirmation until dismissed: the code and what to do at the terminal. */
export function Confirmacion({ t, onCerrar }: { t: TransaccionRecord; onCerrar: () => void }) {
  return (
    <div className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4" role="status" data-testid="confirmacion">
      <p className="font-semibold text-emerald-900">Operación confirmada: completala en el terminal</p>
      <p className="mt-1 text-sm text-slate-700">
        Tu código:{' '}
        <strong className="font-mono text-lg tracking-wider text-slate-900" data-testid="codigo-transaccion">
          {t.codigo}
        </strong>
      </p>
      <EnElTerminal t={t} />
      <div className="mt-2 flex flex-wrap gap-3 text-sm">
        <Link to="/historial-transacciones" search={{ ver: String(t.id) }} className="inline-flex min-h-6 items-center font-medium text-emerald-800 underline">
          Ver en el historial
        </Link>
        <button type="button" className="inline-flex min-h-6 items-center text-slate-600 underline" onClick={onCerrar}>
          Cerrar
        </button>
      </div>
    </div>
  );
}
