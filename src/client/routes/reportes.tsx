import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { reportesSearch } from '../features/reportes/search';
import { ReportesPage } from '../features/reportes/ReportesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/reportes')({
  beforeLoad: requireAccess({ all: [P.viewReporte] }),
  validateSearch: reportesSearch,
  component: ReportesPage,
});
