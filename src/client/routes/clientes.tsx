import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { ClientesPage } from '../features/clientes/ClientesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/clientes')({
  beforeLoad: requireAccess({ all: [P.viewCliente] }),
  component: ClientesPage,
});
