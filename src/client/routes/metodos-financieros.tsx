import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { MetodosFinancierosPage } from '../features/metodos/MetodosFinancierosPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/metodos-financieros')({
  beforeLoad: requireAccess({ all: [P.viewMetodo] }),
  validateSearch: listSearch('tab', 'sub'),
  component: MetodosFinancierosPage,
});
