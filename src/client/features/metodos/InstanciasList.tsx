import { useState } from 'react';
import { Pagination } from '../../components/Pagination';
import { SearchBar } from '../../components/SearchBar';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { P } from '../../../shared/permissions';
import { METODO_MSG, vencimientoTexto, type BilleteraRecord, type CuentaRecord, type TarjetaRecord } from '../../../shared/schemas/metodos';
import { Card, CardButton, ListState, pct, Row } from './ui';
import { useInstanciaMutations, type InstanciaKind } from './hooks';
import { comisionesDelCliente } from './comisionCliente';
import { InstanciaFormModal, type InstanciaModalState, type InstanciaRecord } from './InstanciaFormModal';
import { useEnCurso } from '../../lib/useEnCurso';

/** Staff permissions on house instances (spec 001 §6); owners need none. */
const HOUSE_PERMS = {
  cuentas: { add: P.addCuentaBancaria, change: P.changeCuentaBancaria, delete: P.deleteCuentaBancaria },
  billeteras: { add: P.addBilleteraDigital, change: P.changeBilleteraDigital, delete: P.deleteBilleteraDigital },
  tarjetas: { add: null, change: P.changeTarjeta, delete: P.deleteTarjeta },
} as const;
const CREATE_LABEL: Record<InstanciaKind, string> = { cuentas: 'Agregar Cuenta', billeteras: 'Agregar Billetera', tarjetas: 'Agregar Tarjeta' };
const EMPTY_TEXT: Record<InstanciaKind, string> = { cuentas: 'No hay cuentas bancarias.', billeteras: 'No hay billeteras digitales.', tarjetas: 'No hay tarjetas.' };

function Detalles({ kind, item }: { kind: InstanciaKind; item: InstanciaRecord }) {
  if (kind === 'cuentas') {
    const c = item as CuentaRecord;
    return (
      <>
        <Row k="Banco" v={c.banco_nombre} />
        <Row k="Número" v={c.numero_cuenta} />
        <Row k="Titular" v={c.titular} />
        <Row k="CBU/CVU" v={c.cbu_cvu} />
      </>
    );
  }
  if (kind === 'billeteras') {
    const b = item as BilleteraRecord;
    return (
      <>
        <Row k="Plataforma" v={b.plataforma_nombre} />
        <Row k="Usuario" v={b.usuario_id} />
        <Row k="Email" v={b.email} />
        {b.telefono && <Row k="Teléfono" v={b.telefono} />}
      </>
    );
  }
  const t = item as TarjetaRecord;
  return (
    <>
      <Row k="Tarjeta" v={`${t.marca_nombre ?? t.brand} •••• ${t.last4}`} />
      <Row k="Titular" v={t.titular} />
      <Row k="Vence" v={vencimientoTexto(t.exp_month, t.exp_year)} />
    </>
  );
}

/**
 * The instances of one kind as cards: the house's (`casa`) or a client's (`cliente`). Ver, Editar and
 * Desactivar/Activar; an instance taken down by its catalogue shows 'Desactivado por catálogo' and no Activar.
 */
export function InstanciasList({ kind, casa, cliente, refetchOnFocus = false }: { kind: InstanciaKind; casa: boolean; cliente: string | null; refetchOnFocus?: boolean }) {
  const perms = usePermissions();
  const { page, search, setPage, setSearch } = useListSearch();
  const list = trpc.metodos[kind].list as unknown as typeof trpc.metodos.cuentas.list;
  const q = list.useQuery(
    { page, search: search || undefined, ...(casa ? { es_cuenta_casa: true } : { cliente: cliente ?? undefined }) },
    { enabled: casa || !!cliente, refetchOnWindowFocus: refetchOnFocus ? 'always' : false },
  );
  useLoadErrorToast(q.isError, METODO_MSG.cargarInstanciasError);
  const m = useInstanciaMutations(kind, casa);
  const acciones = useEnCurso();
  const toggle = (id: number, active: boolean) => acciones.ejecutar(`estado:${id}`, () => m.toggle(id, active));
  const [modal, setModal] = useState<InstanciaModalState | null>(null);
  const data = q.data && !Array.isArray(q.data) ? (q.data as unknown as { count: number; results: InstanciaRecord[] }) : undefined;
  useLastPageAtMost(data?.count);
  const hp = HOUSE_PERMS[kind];
  // Owners manage their own instances with a session only; the house needs the kind's permissions.
  const allowed = (perm: string | null) => !casa || (!!perm && perms.has(perm));

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBar key={search} initial={search} placeholder="Buscar…" onSearch={setSearch} />
        {allowed(hp.add) && (
          <button type="button" className="btn-primary" onClick={() => setModal({ mode: 'create', item: null })}>
            {CREATE_LABEL[kind]}
          </button>
        )}
      </div>
      <ListState loading={q.isLoading || (q.isError && q.isFetching)} error={q.isError} onReintentar={() => void q.refetch()} empty={!data?.results.length} emptyText={EMPTY_TEXT[kind]}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data?.results.map((it) => (
            <Card
              key={it.id}
              title={it.detalle.alias}
              subtitle={it.detalle.metodo_financiero_nombre}
              active={it.detalle.is_active}
              porCatalogo={it.detalle.desactivado_por_catalogo}
              actions={
                <>
                  <CardButton label="Ver" onClick={() => setModal({ mode: 'view', item: it })} />
                  {allowed(hp.change) && !it.detalle.desactivado_por_catalogo && <CardButton label="Editar" onClick={() => setModal({ mode: 'edit', item: it })} />}
                  {it.detalle.is_active
                    ? allowed(hp.delete) && <CardButton label="Desactivar" tone="danger" busy={acciones.ocupado(`estado:${it.detalle.id}`)} onClick={() => void toggle(it.detalle.id, false)} />
                    : allowed(hp.change) && !it.detalle.desactivado_por_catalogo && <CardButton label="Activar" tone="success" busy={acciones.ocupado(`estado:${it.detalle.id}`)} onClick={() => void toggle(it.detalle.id, true)} />}
                </>
              }
            >
              <Detalles kind={kind} item={it} />
              {casa ? (
                <Row k="Comisión cobro / pago" v={`${pct(it.comision_efectiva.venta)} / ${pct(it.comision_efectiva.compra)}`} />
              ) : (
                <Row k="Comisión" v={comisionesDelCliente(it.comision_efectiva)} />
              )}
            </Card>
          ))}
        </div>
      </ListState>
      <Pagination page={page} count={data?.count ?? 0} onChange={setPage} />
      <InstanciaFormModal kind={kind} casa={casa} cliente={cliente} state={modal} onClose={() => setModal(null)} />
    </div>
  );
}
