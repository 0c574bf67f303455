import { TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { queryClient, trpc } from '../../trpc';
import { actualizarYAvisar } from '../../lib/actualizar';
import { useListSearch } from '../../lib/listSearch';
import { M } from '../../../shared/messages';
import { MSEL } from '../../../shared/messagesSelector';
import { ClienteSelectorInline } from '../clienteSelector/ClienteSelector';
import { METODO_MSG } from '../../../shared/schemas/metodos';
import { useClienteActual } from '../clienteSelector/useClienteActual';
import { TabButton } from './ui';
import { InstanciasList } from './InstanciasList';

const KINDS = [
  { kind: 'cuentas' as const, label: 'Cuentas bancarias' },
  { kind: 'billeteras' as const, label: 'Billeteras digitales' },
  { kind: 'tarjetas' as const, label: 'Tarjetas' },
];

/** /metodos-financieros-cliente (spec 001 §2): the current client's accounts, wallets and cards. */
export function MisMetodosPage() {
  const { cliente, loading, sinClientes } = useClienteActual();
  const utils = trpc.useUtils();
  const { filters } = useListSearch<'tab' | 'volver'>();
  // Only back into a wizard of this app (never an address from elsewhere).
  const volver = filters.volver && /^\/(operacion-compra-venta|simulacion-operacion)(\?|$)/.test(filters.volver) ? filters.volver : undefined;
  const navigate = useNavigate();
  const tab = Math.max(0, KINDS.findIndex((k) => k.kind === filters.tab));

  /** What the tabs show: the cached answers of the methods' active queries. */
  const enPantalla = () =>
    queryClient
      .getQueriesData({ type: 'active', predicate: (q) => Array.isArray(q.queryKey[0]) && q.queryKey[0][0] === 'metodos' })
      .map(([key, data]) => [JSON.stringify(key), data])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
  const refresh = () =>
    actualizarYAvisar({
      leer: enPantalla,
      refrescar: () => utils.metodos.invalidate(undefined, { refetchType: 'active' }, { throwOnError: true }),
      cambiado: METODO_MSG.datosActualizados,
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title="Mis Métodos Financieros" subtitle={cliente ? `Cliente: ${cliente.nombre}` : 'Tus cuentas, billeteras y tarjetas'} />
      {volver && (
        <a href={volver} className="mb-4 inline-flex min-h-10 items-center rounded-md border border-emerald-300 bg-emerald-50 px-3 text-sm font-medium text-emerald-800">
          {volver.startsWith('/simulacion-operacion') ? '← Volver a la simulación' : '← Volver a la operación'}
        </a>
      )}
      <ClienteSelectorInline className="mb-4" />
      {loading ? (
        <p className="text-sm text-slate-500">Cargando…</p>
      ) : sinClientes ? (
        <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-800" role="alert">
          {M.noClientAssigned}
        </p>
      ) : !cliente ? (
        <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-800" role="status">
          {MSEL.chooseClientHint}
        </p>
      ) : (
        <TabGroup selectedIndex={tab} onChange={(i) => void navigate({ to: '.', search: { ...(i ? { tab: KINDS[i].kind } : {}), ...(volver ? { volver } : {}) } as never })}>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-2">
            <TabList className="flex flex-wrap gap-2" aria-label="Tipos de métodos">
              {KINDS.map((k) => (
                <TabButton key={k.kind}>{k.label}</TabButton>
              ))}
            </TabList>
            <button type="button" className="btn-secondary" onClick={() => void refresh()}>
              Actualizar
            </button>
          </div>
          <TabPanels>
            {KINDS.map((k) => (
              <TabPanel key={k.kind}>
                <InstanciasList kind={k.kind} casa={false} cliente={cliente.idCliente} refetchOnFocus />
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      )}
    </div>
  );
}
