import { useEffect, useRef, useState } from 'react';
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useSession } from '../../session/store';
import { MA } from '../../../shared/messagesAdmin';
import { emitClienteActualChanged } from './events';
import { useClientesDelUsuario } from './useClienteActual';
import { useElegirClienteActual } from './hooks';

type Actual = { idCliente: string; nombre: string } | null;

/**
 * The user's assigned clients and the choice among them: a choice is shown at once and saved; if
 * saving fails the previous client comes back (the mutation hook's toast says why); on success the
 * `clienteActualChanged` window event carries the client and the user id.
 */
function useEleccion(userId: number) {
  const { list, actual, loading } = useClientesDelUsuario(userId);
  const save = useElegirClienteActual(userId);
  /** The optimistic choice while it is being saved; undefined when the server's answer rules. */
  const [pending, setPending] = useState<Actual | undefined>(undefined);
  const selected: Actual = pending !== undefined ? pending : actual;
  const choose = async (idCliente: string) => {
    const cliente = list.find((c) => c.idCliente === idCliente);
    if (!cliente || idCliente === selected?.idCliente) return;
    setPending({ idCliente, nombre: cliente.nombre });
    try {
      await save.mutateAsync({ id: userId, cliente_id: idCliente });
      emitClienteActualChanged({ cliente, userId });
    } catch {
      // the previous client, as the server still has it
    } finally {
      setPending(undefined);
    }
  };
  return { list, loading, selected, choose, saving: save.isPending };
}

/**
 * The current-client selector of the navbar (spec 000 §2, §4): 'Cargando clientes…' while loading,
 * 'No hay clientes asignados' when the list is empty (or failed to load), 'Seleccionar cliente…' when
 * none is chosen, else the current client's name. A choice is shown at once and saved; if saving
 * fails the previous client comes back and an error toast says why; on success the
 * `clienteActualChanged` window event carries the client and the user id.
 */
export function ClienteSelector({ className = '' }: { className?: string }) {
  const s = useSession();
  if (!s) return null;
  return <Selector key={s.user.id} userId={s.user.id} className={className} />;
}

function Selector({ userId, className }: { userId: number; className: string }) {
  const { list, loading, selected, choose } = useEleccion(userId);

  // A single assigned client and none chosen: it is the current one (nothing to ask). Once per client.
  const unico = !loading && list.length === 1 && !selected ? list[0] : null;
  const elegidoSolo = useRef<string | null>(null);
  useEffect(() => {
    if (unico && elegidoSolo.current !== unico.idCliente) {
      elegidoSolo.current = unico.idCliente;
      void choose(unico.idCliente);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unico?.idCliente]);

  const label = loading ? MA.selectorLoading : list.length === 0 ? MA.selectorEmpty : selected ? selected.nombre : MA.selectorPlaceholder;

  return (
    <Listbox value={selected?.idCliente ?? null} onChange={(id: string | null) => id && void choose(id)} disabled={loading || list.length === 0}>
      <div className={`relative ${className}`}>
        <ListboxButton
          aria-label={`Cliente actual: ${label}`}
          data-testid="cliente-selector"
          className="flex w-full min-w-[150px] items-center justify-between gap-2 rounded-md bg-emerald-800 px-3 py-2 text-left text-sm font-medium text-white hover:bg-emerald-900 data-[disabled]:cursor-default data-[disabled]:opacity-80"
        >
          <span className="truncate">{label}</span>
          <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden>
            <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom end"
          className="z-40 mt-1 max-h-72 min-w-[var(--button-width)] overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-black/5 focus:outline-none"
        >
          {list.map((c) => (
            <ListboxOption
              key={c.idCliente}
              value={c.idCliente}
              className="cursor-pointer px-3 py-2 text-slate-700 data-[focus]:bg-emerald-50 data-[selected]:font-semibold"
            >
              {c.nombre}
              <span className="ml-2 text-xs text-slate-500">{c.categoria.nombre}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}

/**
 * The same choice inline on a customer screen (Mis métodos financieros), for a user with several
 * assigned clients: saved and announced (`clienteActualChanged`) like the navbar's; a user with a
 * single client has nothing to choose and sees none.
 */
export function ClienteSelectorInline({ className = '' }: { className?: string }) {
  const s = useSession();
  if (!s) return null;
  return <Inline key={s.user.id} userId={s.user.id} className={className} />;
}

function Inline({ userId, className }: { userId: number; className: string }) {
  const { list, loading, selected, choose, saving } = useEleccion(userId);
  if (loading || list.length < 2) return null;
  return (
    <label className={`flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700 ${className}`}>
      Cliente
      <select
        className="input w-full sm:w-auto sm:min-w-[16rem]"
        value={selected?.idCliente ?? ''}
        disabled={saving}
        onChange={(e) => void choose(e.target.value)}
        data-testid="cliente-selector-inline"
      >
        {!selected && <option value="">{MA.selectorPlaceholder}</option>}
        {list.map((c) => (
          <option key={c.idCliente} value={c.idCliente}>
            {c.nombre}
          </option>
        ))}
      </select>
    </label>
  );
}
