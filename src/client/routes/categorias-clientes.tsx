import { createFileRoute } from '@tanstack/react-router';
import { Guard } from '../components/Guard';
import { requireLogin } from '../session/requireLogin';
import { CategoriasPage } from '../features/categorias/CategoriasPage';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/categorias-clientes')({
  beforeLoad: requireLogin,
  component: () => (
    <Guard all={[P.viewCategoria]}>
      <CategoriasPage />
    </Guard>
  ),
});
