import { createFileRoute } from '@tanstack/react-router';
import { Guard } from '../components/Guard';
import { requireLogin } from '../session/requireLogin';
import { RolesPage } from '../features/roles/RolesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/roles')({
  beforeLoad: requireLogin,
  component: () => (
    <Guard all={[P.viewGroup]}>
      <RolesPage />
    </Guard>
  ),
});
