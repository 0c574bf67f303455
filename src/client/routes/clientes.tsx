import { createFileRoute } from '@tanstack/react-router';
import { Guard } from '../components/Guard';
import { requireLogin } from '../session/requireLogin';
import { ClientesPage } from '../features/clientes/ClientesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/clientes')({
  beforeLoad: requireLogin,
  component: () => (
    <Guard all={[P.viewCliente]}>
      <ClientesPage />
    </Guard>
  ),
});
