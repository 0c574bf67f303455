import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { DivisasTab } from './DivisasTab';
import { LimitesForm } from './LimitesForm';
import type { DivisasSearch } from './divisasSearch';

const tabClass =
  'w-full rounded-md px-4 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none data-[selected]:bg-emerald-700 data-[selected]:text-white';

/**
 * /divisas (spec 001 §2): side tabs 'Divisas' and 'Configuración' (limits, with VIEW or CHANGE on limits).
 * The open tab is `?tab=configuracion` (divisasSearch): reload, back and shared links keep it; a tab the
 * person may not see opens the first one.
 */
export function DivisasPage() {
  const perms = usePermissions();
  const showLimits = perms.allows({ any: [P.viewLimites, P.changeLimites] });
  const { tab } = useSearch({ strict: false }) as DivisasSearch;
  const navigate = useNavigate();
  const selectedIndex = tab === 'configuracion' && showLimits ? 1 : 0;
  const elegir = (i: number) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, tab: i === 1 ? 'configuracion' : undefined }) as never });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title="Divisas" subtitle="Monedas, denominaciones y límites de operación" />
      <TabGroup vertical selectedIndex={selectedIndex} onChange={elegir} className="flex flex-col gap-6 md:flex-row">
        <TabList className="flex shrink-0 gap-2 md:w-48 md:flex-col" aria-label="Secciones de divisas">
          <Tab className={tabClass}>Divisas</Tab>
          {showLimits && <Tab className={tabClass}>Configuración</Tab>}
        </TabList>
        <TabPanels className="min-w-0 flex-1">
          <TabPanel>
            <DivisasTab />
          </TabPanel>
          {showLimits && (
            <TabPanel>
              <LimitesForm />
            </TabPanel>
          )}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
