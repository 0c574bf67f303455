import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { ClientesPage } from '../features/clientes/ClientesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/clientes')({
  beforeLoad: requireAccess({ all: [P.viewCliente] }),
  validateSearch: listSearch(),
  component: ClientesPage,
});
