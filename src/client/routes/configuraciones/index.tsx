import { createFileRoute } from '@tanstack/react-router';
import { AppLink, useRouteExists } from '../../components/AppLink';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/permissions';
import { requireAccess } from '../../session/requireAccess';
import { CONFIG_HUB_ANY } from '../../../shared/permissions';
import { HUB_CARDS, type HubCard } from '../../features/config/hubCards';
import { M } from '../../../shared/messages';
import { useStaffSinClientes } from '../../features/clienteSelector/useClienteActual';

function CardBody({ card, soon }: { card: HubCard; soon: boolean }) {
  return (
    <>
      <span className="text-3xl" aria-hidden>
        {card.icon}
      </span>
      <h2 className="mt-3 text-lg font-semibold">{card.title}</h2>
      <p className="mt-1 text-sm text-slate-600">{soon ? M.comingSoon : card.description}</p>
    </>
  );
}

function Hub() {
  const perms = usePermissions();
  const exists = useRouteExists();
  const staffSinClientes = useStaffSinClientes();
  const cards = HUB_CARDS.filter((c) => (!c.perm || perms.has(c.perm)) && !(c.needsClient && staffSinClientes));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Configuraciones" subtitle="Administrá las áreas a las que tenés acceso" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="hub-cards">
        {cards.map((card) => {
          const soon = !!card.disabled || !exists(card.to);
          return soon ? (
            <div key={card.to} aria-disabled="true" data-testid={`hub-card-${card.to}`} className="card cursor-not-allowed opacity-60">
              <CardBody card={card} soon />
            </div>
          ) : (
            <AppLink key={card.to} to={card.to} className="card block transition hover:border-emerald-500 hover:shadow-md">
              <span data-testid={`hub-card-${card.to}`}>
                <CardBody card={card} soon={false} />
              </span>
            </AppLink>
          );
        })}
      </div>
    </div>
  );
}

export const Route = createFileRoute('/configuraciones/')({
  beforeLoad: requireAccess({ any: CONFIG_HUB_ANY }),
  component: Hub,
});
