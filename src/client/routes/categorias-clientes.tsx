import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { listSearch } from '../lib/listSearch';
import { CategoriasPage } from '../features/categorias/CategoriasPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/categorias-clientes')({
  beforeLoad: requireAccess({ all: [P.viewCategoria] }),
  validateSearch: listSearch(),
  component: CategoriasPage,
});
