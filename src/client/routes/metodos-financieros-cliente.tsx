import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { MisMetodosPage } from '../features/metodos/MisMetodosPage';

export const Route = createFileRoute('/metodos-financieros-cliente')({
  beforeLoad: requireAccess(),
  validateSearch: listSearch('tab', 'volver'),
  component: MisMetodosPage,
});
