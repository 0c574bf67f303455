import { Link } from '@tanstack/react-router';
import { usePermissions } from '../../session/permissions';
import { useSession } from '../../session/store';
import { P } from '../../../shared/permissions';
import { OP_MSG } from '../../../shared/transacciones';
import type { TransaccionRecord } from '../../../shared/schemas/operaciones';
import { useClienteActual } from '../clienteSelector/useClienteActual';
import { useCancelarPendiente } from '../operaciones/hooks';
import { estadoDe } from '../operaciones/Pendientes';
import { aSearch, ESTADO_INICIAL } from '../operaciones/wizardSearch';
import { CancelarOperacion } from '../operaciones/CancelarOperacion';

/**
 * A pending transaction of the person's own (created by them, not yet paid, not overdue) can be
 * resumed at the wizard's summary or cancelled from the history, as from the wizard. The wizard
 * operates for the current client: another client's transaction is resumed after choosing that
 * client in the selector (resumed as it is, the wizard would name the current client and start
 * its next operation for it).
 */
export function AccionesPendiente({ t, onCancelada }: { t: TransaccionRecord; onCancelada: () => void }) {
  const session = useSession();
  const perms = usePermissions();
  const cancelar = useCancelarPendiente();
  const actual = useClienteActual().cliente;
  const propia = session?.user.id === t.operador_detalle.id && perms.allows({ all: [P.useOperacion] });
  if (!propia || t.estado !== 'pendiente' || Date.parse(t.expira_en) <= Date.now()) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {actual?.idCliente === t.cliente_id ? (
        <Link to="/operacion-compra-venta" search={aSearch({ ...ESTADO_INICIAL, ...estadoDe(t), paso: 4 })} className="btn-primary min-h-10" aria-label={`Retomar ${t.codigo}`}>
          Retomar
        </Link>
      ) : (
        <p className="text-sm text-slate-700" data-testid="retomar-otro-cliente">
          {OP_MSG.retomarOtroCliente(t.cliente_nombre)}
        </p>
      )}
      <CancelarOperacion
        codigo={t.codigo}
        label="Cancelar operación"
        className="btn-secondary min-h-10"
        busy={cancelar.isPending}
        onConfirmar={() => cancelar.mutate({ id: t.id }, { onSuccess: onCancelada })}
      />
      {cancelar.error && (
        <p className="field-error" role="alert">
          {cancelar.error.message || OP_MSG.cancelarError}
        </p>
      )}
    </div>
  );
}
