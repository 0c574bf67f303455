import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { UsuariosPage } from '../features/usuarios/UsuariosPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/usuarios')({
  beforeLoad: requireAccess({ all: [P.viewUser] }),
  validateSearch: listSearch(),
  component: UsuariosPage,
});
