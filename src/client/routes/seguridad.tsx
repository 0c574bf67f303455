import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../session/requireLogin';
import { SeguridadPage } from '../features/seguridad/SeguridadPage';

/** Open to every signed-in user, also while a required second factor is still to be set up. */
export const Route = createFileRoute('/seguridad')({
  beforeLoad: requireLogin,
  component: SeguridadPage,
});
