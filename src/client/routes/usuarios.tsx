import { createFileRoute } from '@tanstack/react-router';
import { Guard } from '../components/Guard';
import { requireLogin } from '../session/requireLogin';
import { UsuariosPage } from '../features/usuarios/UsuariosPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/usuarios')({
  beforeLoad: requireLogin,
  component: () => (
    <Guard all={[P.viewUser]}>
      <UsuariosPage />
    </Guard>
  ),
});
