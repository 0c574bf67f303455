import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { TausersPage } from '../features/tausers/TausersPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/configuracion-tausers')({
  beforeLoad: requireAccess({ all: [P.viewTauser] }),
  validateSearch: listSearch(),
  component: TausersPage,
});
