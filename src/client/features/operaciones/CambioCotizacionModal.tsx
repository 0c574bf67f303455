import type { Reconfirmacion } from '../../../shared/schemas/operaciones';
import { Modal } from '../../components/Modal';
import { montoEn, porcentaje, tasaGs } from './ResumenCotizacion';
import { CancelarOperacion } from './CancelarOperacion';

/**
 * 'La cotización cambió' (spec 001 §4): old and new rate, % change, old and new destination amount.
 * × and Escape only close it (the operation stays pendiente: paying again shows the newest figures);
 * cancelling the operation is its own button and asks first, as the pending banner's cancel does.
 */
export function CambioCotizacionModal({
  cambio,
  codigo,
  divisaDestino,
  pending,
  onAceptar,
  onCerrar,
  onCancelar,
}: {
  cambio: Reconfirmacion | null;
  /** The operation's code, named in the cancel confirmation. */
  codigo: string;
  divisaDestino: string;
  pending: boolean;
  onAceptar: () => void;
  onCerrar: () => void;
  onCancelar: () => void;
}) {
  return (
    <Modal open={!!cambio} onClose={() => (pending ? undefined : onCerrar())} title="La cotización cambió">
      {cambio && (
        <div className="space-y-4 text-sm">
          <p className="text-slate-600">La cotización cambió desde que se creó la transacción. ¿Aceptás la nueva cotización?</p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-slate-600">Tasa anterior</dt>
            <dd className="text-right tabular-nums" data-testid="tasa-anterior">{tasaGs(cambio.tasa_anterior)}</dd>
            <dt className="text-slate-600">Tasa actual</dt>
            <dd className="text-right font-medium tabular-nums" data-testid="tasa-actual">{tasaGs(cambio.tasa_actual)}</dd>
            <dt className="text-slate-600">Variación</dt>
            {/* Signed both ways: '+1,36 %' reads as a rise as plainly as '−1,34 %' reads as a fall. */}
            <dd className="text-right tabular-nums" data-testid="variacion">
              {cambio.delta_pct.startsWith('-') ? `−${porcentaje(cambio.delta_pct.slice(1))}` : `+${porcentaje(cambio.delta_pct)}`}
            </dd>
            <dt className="text-slate-600">Monto a recibir anterior</dt>
            <dd className="text-right tabular-nums">{montoEn(cambio.monto_destino_anterior, divisaDestino)}</dd>
            <dt className="text-slate-600">Monto a recibir actual</dt>
            <dd className="text-right font-medium tabular-nums">{montoEn(cambio.monto_destino_actual, divisaDestino)}</dd>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelarOperacion codigo={codigo} label="Cancelar la operación" className="btn-secondary" busy={pending} nombrarCodigo={false} onConfirmar={onCancelar} />
            <button type="button" className="btn-primary" disabled={pending} onClick={onAceptar}>
              Aceptar
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
