import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { OperacionWizard } from '../features/operaciones/OperacionWizard';
import { validarOperacionSearch } from '../features/operaciones/wizardSearch';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/operacion-compra-venta')({
  beforeLoad: requireAccess({ all: [P.useOperacion] }),
  validateSearch: validarOperacionSearch,
  component: OperacionWizard,
});
