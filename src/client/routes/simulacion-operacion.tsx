import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../session/requireAccess';
import { SimulacionWizard } from '../features/operaciones/SimulacionWizard';
import { validarSimulacionSearch } from '../features/operaciones/wizardSearch';
import { P } from '../../shared/permissions';

export const Route = createFileRoute('/simulacion-operacion')({
  beforeLoad: requireAccess({ all: [P.useSimulacion] }),
  validateSearch: validarSimulacionSearch,
  component: SimulacionWizard,
});
