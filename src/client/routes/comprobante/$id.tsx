import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../../session/requireAccess';
import { ComprobantePage } from '../../features/terminal/ComprobantePage';

function Page() {
  const { id } = Route.useParams();
  return <ComprobantePage id={Number(id)} />;
}

export const Route = createFileRoute('/comprobante/$id')({
  beforeLoad: requireAccess(),
  component: Page,
});
