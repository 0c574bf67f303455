import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { CategoriasPage } from '../features/categorias/CategoriasPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/categorias-clientes')({
  beforeLoad: requireAccess({ all: [P.viewCategoria] }),
  component: CategoriasPage,
});
