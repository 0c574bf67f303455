import { TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/permissions';
import { useListSearch } from '../../lib/listSearch';
import { P } from '../../../shared/permissions';
import type { CatalogoKind } from '../../../shared/schemas/metodos';
import { TabButton } from './ui';
import { MetodosTab } from './MetodosTab';
import { CatalogoTab, CATALOGO_PERMS } from './CatalogoTab';
import { InstanciasList } from './InstanciasList';

const CATALOGOS: { kind: CatalogoKind; label: string }[] = [
  { kind: 'bancos', label: 'Bancos' },
  { kind: 'billeterasCatalogo', label: 'Billeteras Digitales' },
  { kind: 'tarjetasCatalogo', label: 'Tarjetas' },
];
const CASA = [
  { kind: 'cuentas' as const, label: 'Cuentas', perm: P.viewCuentaBancaria },
  { kind: 'billeteras' as const, label: 'Billeteras Digitales', perm: P.viewBilleteraDigital },
];

/** /metodos-financieros (spec 001 §2): three tabs, sub-tabs by permission; tab and sub-tab in the URL. */
export function MetodosFinancierosPage() {
  const perms = usePermissions();
  const { filters } = useListSearch<'tab' | 'sub'>();
  const navigate = useNavigate();
  // A new tab or sub-tab starts without the previous one's search and page.
  const open = (t: string | undefined, s?: number) => void navigate({ to: '.', search: { ...(t ? { tab: t } : {}), ...(s ? { sub: String(s) } : {}) } as never });
  const catalogos = CATALOGOS.filter((c) => perms.has(CATALOGO_PERMS[c.kind].view));
  const casa = CASA.filter((c) => perms.has(c.perm) || perms.has(P.viewDetalle));
  const tabs = ['metodos', ...(catalogos.length ? ['catalogos'] : []), ...(casa.length ? ['casa'] : [])];
  const tab = Math.max(0, tabs.indexOf(filters.tab ?? 'metodos'));
  const sub = Number(filters.sub ?? 0) || 0;
  const go = (t: number) => open(tabs[t] === 'metodos' ? undefined : tabs[t]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title="Gestión de Métodos Financieros" subtitle="Métodos, catálogos de entidades e instancias de la casa" />
      <TabGroup selectedIndex={tab} onChange={go}>
        <TabList className="mb-6 flex flex-wrap gap-2" aria-label="Secciones de métodos financieros">
          <TabButton>Catálogo de Métodos Financieros</TabButton>
          {catalogos.length > 0 && <TabButton>Catálogos de Entidades</TabButton>}
          {casa.length > 0 && <TabButton>Instancias de la Casa</TabButton>}
        </TabList>
        <TabPanels>
          <TabPanel>
            <MetodosTab />
          </TabPanel>
          {catalogos.length > 0 && (
            <TabPanel>
              <SubTabs labels={catalogos.map((c) => c.label)} sub={sub} onChange={(i) => open(filters.tab, i)}>
                {catalogos.map((c) => (
                  <CatalogoTab key={c.kind} kind={c.kind} />
                ))}
              </SubTabs>
            </TabPanel>
          )}
          {casa.length > 0 && (
            <TabPanel>
              <SubTabs labels={casa.map((c) => c.label)} sub={sub} onChange={(i) => open(filters.tab, i)}>
                {casa.map((c) => (
                  <InstanciasList key={c.kind} kind={c.kind} casa cliente={null} />
                ))}
              </SubTabs>
            </TabPanel>
          )}
        </TabPanels>
      </TabGroup>
    </div>
  );
}

export function SubTabs({ labels, sub, onChange, children }: { labels: string[]; sub: number; onChange: (i: number) => void; children: React.ReactNode[] }) {
  return (
    <TabGroup selectedIndex={Math.min(sub, labels.length - 1)} onChange={onChange}>
      <TabList className="mb-4 flex flex-wrap gap-2" aria-label="Subsecciones">
        {labels.map((l) => (
          <TabButton key={l} sub>
            {l}
          </TabButton>
        ))}
      </TabList>
      <TabPanels>
        {children.map((c, i) => (
          <TabPanel key={labels[i]}>{c}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
