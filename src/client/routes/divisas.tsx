import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { DivisasPage } from '../features/divisas/DivisasPage';
import { divisasSearch } from '../features/divisas/divisasSearch';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/divisas')({
  beforeLoad: requireAccess({ all: [P.viewDivisa] }),
  validateSearch: divisasSearch,
  component: DivisasPage,
});
