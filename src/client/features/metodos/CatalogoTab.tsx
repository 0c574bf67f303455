import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { errorData } from '../../lib/errors';
import { Pagination } from '../../components/Pagination';
import { SearchBar } from '../../components/SearchBar';
import { Can } from '../../components/Guard';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import {
  bancoCreateInput, billeteraCatalogoCreateInput, CATALOGO_LABEL, METODO_MSG, tarjetaCatalogoCreateInput, type CatalogoKind,
} from '../../../shared/schemas/metodos';
import { P } from '../../../shared/permissions';
import { Card, CardButton, ListState, pct, pctInput, RegCheck, RegText, Row } from './ui';
import { useCatalogoMutations } from './hooks';
import { conPorcentajesEsPy } from '../../../shared/schemas/porcentajeEsPy';
import type { z } from 'zod';
import { useEnCurso } from '../../lib/useEnCurso';

interface Entry {
  id: number;
  nombre?: string;
  marca?: string;
  cvu?: string | null;
  comision_compra: string;
  comision_venta: string;
  comision_personalizada_compra: boolean;
  comision_personalizada_venta: boolean;
  is_active: boolean;
}

export const CATALOGO_PERMS = {
  bancos: { view: P.viewBanco, add: P.addBanco, change: P.changeBanco, delete: P.deleteBanco },
  billeterasCatalogo: { view: P.viewBilleteraCatalogo, add: P.addBilleteraCatalogo, change: P.changeBilleteraCatalogo, delete: P.deleteBilleteraCatalogo },
  tarjetasCatalogo: { view: P.viewTarjetaCatalogo, add: P.addTarjetaCatalogo, change: P.changeTarjetaCatalogo, delete: P.deleteTarjetaCatalogo },
} as const;

const CREATE_LABEL: Record<CatalogoKind, string> = { bancos: 'Crear Banco', billeterasCatalogo: 'Crear Billetera', tarjetasCatalogo: 'Crear Marca' };
const nameOf = (e: Entry) => e.nombre ?? e.marca ?? '';

/** One catalogue (banks, wallet platforms or card brands) as cards with Ver, Editar, Desactivar/Activar. */
export function CatalogoTab({ kind }: { kind: CatalogoKind }) {
  const perms = usePermissions();
  const p = CATALOGO_PERMS[kind];
  const { page, search, setPage, setSearch } = useListSearch();
  const q = (trpc.metodos[kind].list as unknown as typeof trpc.metodos.bancos.list).useQuery({ page, search: search || undefined });
  useLoadErrorToast(q.isError, METODO_MSG.cargarCatalogosError);
  const m = useCatalogoMutations(kind);
  const acciones = useEnCurso();
  const toggle = (id: number, active: boolean) => acciones.ejecutar(`estado:${id}`, () => m.toggle(id, active));
  const [modal, setModal] = useState<{ mode: 'create' | 'edit' | 'view'; entry: Entry | null } | null>(null);
  const data = q.data && !Array.isArray(q.data) ? (q.data as { count: number; results: Entry[] }) : undefined;
  useLastPageAtMost(data?.count);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBar key={search} initial={search} placeholder={`Buscar ${CATALOGO_LABEL[kind].nombre}…`} onSearch={setSearch} />
        <Can all={[p.add]}>
          <button type="button" className="btn-primary" onClick={() => setModal({ mode: 'create', entry: null })}>
            {CREATE_LABEL[kind]}
          </button>
        </Can>
      </div>
      <ListState loading={q.isLoading} error={q.isError} empty={!data?.results.length} emptyText="No hay registros.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data?.results.map((e) => (
            <Card
              key={e.id}
              title={nameOf(e)}
              active={e.is_active}
              actions={
                <>
                  <CardButton label="Ver" onClick={() => setModal({ mode: 'view', entry: e })} />
                  {perms.has(p.change) && <CardButton label="Editar" onClick={() => setModal({ mode: 'edit', entry: e })} />}
                  {e.is_active
                    ? perms.has(p.delete) && <CardButton label="Desactivar" tone="danger" busy={acciones.ocupado(`estado:${e.id}`)} onClick={() => void toggle(e.id, false)} />
                    : perms.has(p.change) && <CardButton label="Activar" tone="success" busy={acciones.ocupado(`estado:${e.id}`)} onClick={() => void toggle(e.id, true)} />}
                </>
              }
            >
              {kind === 'bancos' && <Row k="CVU" v={e.cvu ?? 'Sin CVU fijo'} />}
              <Row k="Comisión compra" v={e.comision_personalizada_compra ? pct(e.comision_compra) : 'La del método'} />
              <Row k="Comisión venta" v={e.comision_personalizada_venta ? pct(e.comision_venta) : 'La del método'} />
            </Card>
          ))}
        </div>
      </ListState>
      <Pagination page={page} count={data?.count ?? 0} onChange={setPage} />
      <CatalogoFormModal kind={kind} state={modal} onClose={() => setModal(null)} />
    </div>
  );
}

interface CatValues {
  nombre: string;
  cvuFijo: boolean;
  cvu: string;
  comision_compra: string;
  comision_venta: string;
  comision_personalizada_compra: boolean;
  comision_personalizada_venta: boolean;
}
const emptyValues: CatValues = { nombre: '', cvuFijo: false, cvu: '', comision_compra: '0,00', comision_venta: '0,00', comision_personalizada_compra: false, comision_personalizada_venta: false };
/** The commissions are read es-PY ("2.500" is two thousand five hundred, refused; never 2,5). */
const esPy = <T extends z.ZodType>(s: T) => conPorcentajesEsPy(s, ['comision_compra', 'comision_venta']);
const SCHEMA = { bancos: esPy(bancoCreateInput), billeterasCatalogo: esPy(billeteraCatalogoCreateInput), tarjetasCatalogo: esPy(tarjetaCatalogoCreateInput) };

/** The form's values as the API's body: `marca` for card brands, `cvu` null when the bank has none. */
function bodyOf(kind: CatalogoKind, v: CatValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    [kind === 'tarjetasCatalogo' ? 'marca' : 'nombre']: v.nombre, comision_compra: v.comision_compra, comision_venta: v.comision_venta,
    comision_personalizada_compra: v.comision_personalizada_compra, comision_personalizada_venta: v.comision_personalizada_venta,
  };
  if (kind === 'bancos') body.cvu = v.cvuFijo ? v.cvu : null;
  return body;
}
/** The form field of an API field (a brand's `marca` is the form's name box). */
const formField = (k: string) => (k === 'marca' ? 'nombre' : k) as keyof CatValues;

/** Validates with the shared schema of the catalogue and hands over the API's body. */
const resolverOf =
  (kind: CatalogoKind): Resolver<CatValues> =>
  async (values) => {
    const r = SCHEMA[kind].safeParse(bodyOf(kind, values));
    if (r.success) return { values: r.data as unknown as CatValues, errors: {} };
    const errors: FieldErrors<CatValues> = {};
    for (const i of r.error.issues) errors[formField(String(i.path[0]))] ??= { type: 'validation', message: i.message };
    return { values: {}, errors };
  };

function CatalogoFormModal({ kind, state, onClose }: { kind: CatalogoKind; state: { mode: 'create' | 'edit' | 'view'; entry: Entry | null } | null; onClose: () => void }) {
  const resolver = useMemo(() => resolverOf(kind), [kind]);
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<CatValues>({ resolver, defaultValues: emptyValues });
  const m = useCatalogoMutations(kind);
  const entry = state?.entry;
  const readOnly = state?.mode === 'view';
  useEffect(() => {
    if (!state) return;
    reset(
      entry
        ? {
            nombre: nameOf(entry), cvuFijo: !!entry.cvu, cvu: entry.cvu ?? '', comision_compra: pctInput(entry.comision_compra), comision_venta: pctInput(entry.comision_venta),
            comision_personalizada_compra: entry.comision_personalizada_compra, comision_personalizada_venta: entry.comision_personalizada_venta,
          }
        : emptyValues,
    );
  }, [state, entry, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (entry) await m.update.mutateAsync({ id: entry.id, ...body } as never);
      else await m.create.mutateAsync(body as never);
      onClose();
    } catch (err) {
      for (const [k, msgs] of Object.entries(errorData(err).fields ?? {})) setError(formField(k), { type: 'server', message: msgs.join(' ') });
    }
  });

  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const l = CATALOGO_LABEL[kind];
  const title = state?.mode === 'create' ? `Crear ${l.titulo}` : readOnly ? `Detalles de ${l.nombre}` : `Editar ${l.titulo}`;
  return (
    <Modal open={!!state} onClose={onClose} title={title}>
      <form onSubmit={readOnly ? (e) => e.preventDefault() : enCurso.enviar(onSubmit)} noValidate className="space-y-4">
        <RegText id="catalogo-nombre" label={kind === 'tarjetasCatalogo' ? 'Marca' : 'Nombre'} reg={register('nombre')} error={errors.nombre?.message} readOnly={readOnly} maxLength={100} />
        {kind === 'bancos' && (
          <>
            <RegCheck id="catalogo-cvu-fijo" label="El banco tiene un CVU fijo" reg={register('cvuFijo')} disabled={readOnly} />
            {watch('cvuFijo') && <RegText id="catalogo-cvu" label="CVU" inputMode="numeric" maxLength={22} reg={register('cvu')} error={errors.cvu?.message} readOnly={readOnly} />}
          </>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <RegText id="catalogo-compra" label="Comisión de compra (%)" inputMode="decimal" reg={register('comision_compra')} error={errors.comision_compra?.message} readOnly={readOnly} />
            <RegCheck id="catalogo-pers-compra" label="Comisión personalizada de compra" reg={register('comision_personalizada_compra')} disabled={readOnly} />
          </div>
          <div className="space-y-2">
            <RegText id="catalogo-venta" label="Comisión de venta (%)" inputMode="decimal" reg={register('comision_venta')} error={errors.comision_venta?.message} readOnly={readOnly} />
            <RegCheck id="catalogo-pers-venta" label="Comisión personalizada de venta" reg={register('comision_personalizada_venta')} disabled={readOnly} />
          </div>
        </div>
        <FormActions readOnly={readOnly} submitting={enviando} onCancel={onClose} submitLabel={entry ? 'Guardar' : 'Crear'} />
      </form>
    </Modal>
  );
}
