import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { HistorialPage } from '../features/historial/HistorialPage';

export const Route = createFileRoute('/historial-transacciones')({
  beforeLoad: requireAccess(),
  validateSearch: listSearch('estado', 'divisa', 'desde', 'hasta', 'cliente', 'ver'),
  component: HistorialPage,
});
