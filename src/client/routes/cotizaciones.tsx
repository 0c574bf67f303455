import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { CotizacionesPage } from '../features/cotizaciones/CotizacionesPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/cotizaciones')({
  beforeLoad: requireAccess({ all: [P.viewTasa] }),
  validateSearch: listSearch(),
  component: CotizacionesPage,
});
