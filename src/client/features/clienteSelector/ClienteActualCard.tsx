import { useEffect } from 'react';
import { M } from '../../../shared/messages';
import { MSEL as MA } from '../../../shared/messagesSelector';
import { useClienteActual } from './useClienteActual';
import { formatDescuento } from '../categorias/formatDescuento';
import { AppLink } from '../../components/AppLink';

/**
 * The client the customer acts for, on the home screen of a signed-in customer: its name, category and
 * discount; 'No tienes un cliente asignado. Contacta a soporte.' when no client is assigned (spec 000
 * §6), except to staff, who need none. It follows the navbar selector through the `clienteActualChanged` event. A failed load is only
 * logged (spec 001 §8).
 */
export function ClienteActualCard({ staff = false }: { staff?: boolean }) {
  const { loading, failed, sinClientes, cliente } = useClienteActual();
  useEffect(() => {
    if (failed) console.error('No se pudo cargar el cliente actual');
  }, [failed]);
  // Staff without assigned clients are not customers missing one.
  if (failed || (staff && sinClientes)) return null;
  return (
    <div className="mt-6 max-w-xl rounded-lg bg-white/10 px-4 py-3 text-sm" data-testid="cliente-actual" aria-live="polite">
      {loading ? (
        <p>{MA.selectorLoading}</p>
      ) : sinClientes ? (
        <p role="alert" className="font-medium">
          {M.noClientAssigned}
        </p>
      ) : cliente ? (
        <p>
          {MA.actingFor} <strong>{cliente.nombre}</strong> · {cliente.categoria.nombre} ({formatDescuento(cliente.categoria.descuento)} % {MA.discount})
          {' · '}
          <AppLink to="/metodos-financieros-cliente" className="font-medium underline">
            Mis métodos financieros
          </AppLink>
        </p>
      ) : (
        <p>{MA.chooseClientHint}</p>
      )}
    </div>
  );
}
