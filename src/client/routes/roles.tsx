import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { RolesPage } from '../features/roles/RolesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/roles')({
  beforeLoad: requireAccess({ all: [P.viewGroup] }),
  validateSearch: listSearch(),
  component: RolesPage,
});
