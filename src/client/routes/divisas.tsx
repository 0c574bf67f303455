import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { DivisasPage } from '../features/divisas/DivisasPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/divisas')({
  beforeLoad: requireAccess({ all: [P.viewDivisa] }),
  validateSearch: listSearch(),
  component: DivisasPage,
});
