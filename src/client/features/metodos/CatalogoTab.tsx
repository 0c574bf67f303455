import { useEffect, useState, type FormEvent } from 'react';
import { Pagination } from '../../components/Pagination';
import { SearchBar } from '../../components/SearchBar';
import { Can } from '../../components/Guard';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { useListSearch } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import {
  bancoCreateInput, billeteraCatalogoCreateInput, CATALOGO_LABEL, METODO_MSG, tarjetaCatalogoCreateInput, type CatalogoKind,
} from '../../../shared/schemas/metodos';
import { P } from '../../../shared/permissions';
import { Card, CardButton, Check, ListState, pct, pctInput, Row, schemaErrors, serverErrors, TextField, type Errors } from './ui';
import { useCatalogoMutations } from './hooks';

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
  const [modal, setModal] = useState<{ mode: 'create' | 'edit' | 'view'; entry: Entry | null } | null>(null);
  const data = q.data && !Array.isArray(q.data) ? (q.data as { count: number; results: Entry[] }) : undefined;

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
                    ? perms.has(p.delete) && <CardButton label="Desactivar" tone="danger" disabled={m.toggling} onClick={() => void m.toggle(e.id, false)} />
                    : perms.has(p.change) && <CardButton label="Activar" tone="success" disabled={m.toggling} onClick={() => void m.toggle(e.id, true)} />}
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

const emptyValues = { nombre: '', cvuFijo: false, cvu: '', comision_compra: '0,00', comision_venta: '0,00', comision_personalizada_compra: false, comision_personalizada_venta: false };
const SCHEMA = { bancos: bancoCreateInput, billeterasCatalogo: billeteraCatalogoCreateInput, tarjetasCatalogo: tarjetaCatalogoCreateInput };

function CatalogoFormModal({ kind, state, onClose }: { kind: CatalogoKind; state: { mode: 'create' | 'edit' | 'view'; entry: Entry | null } | null; onClose: () => void }) {
  const [v, setV] = useState(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const m = useCatalogoMutations(kind);
  const entry = state?.entry;
  const readOnly = state?.mode === 'view';
  const nameKey = kind === 'tarjetasCatalogo' ? 'marca' : 'nombre';
  useEffect(() => {
    if (!state) return;
    setErrors({});
    setV(
      entry
        ? {
            nombre: nameOf(entry), cvuFijo: !!entry.cvu, cvu: entry.cvu ?? '', comision_compra: pctInput(entry.comision_compra), comision_venta: pctInput(entry.comision_venta),
            comision_personalizada_compra: entry.comision_personalizada_compra, comision_personalizada_venta: entry.comision_personalizada_venta,
          }
        : emptyValues,
    );
  }, [state, entry]);
  const set = (k: keyof typeof emptyValues) => (val: string | boolean) => setV((p) => ({ ...p, [k]: val }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      [nameKey]: v.nombre, comision_compra: v.comision_compra, comision_venta: v.comision_venta,
      comision_personalizada_compra: v.comision_personalizada_compra, comision_personalizada_venta: v.comision_personalizada_venta,
    };
    if (kind === 'bancos') body.cvu = v.cvuFijo ? v.cvu : null;
    const errs = schemaErrors(SCHEMA[kind], body);
    if (errs) return setErrors(errs.marca ? { ...errs, nombre: errs.marca } : errs);
    try {
      if (entry) await m.update.mutateAsync({ id: entry.id, ...body } as never);
      else await m.create.mutateAsync(body as never);
      onClose();
    } catch (err) {
      const f = serverErrors(err) ?? {};
      setErrors(f.marca ? { ...f, nombre: f.marca } : f);
    }
  };

  const l = CATALOGO_LABEL[kind];
  const title = state?.mode === 'create' ? `Crear ${l.titulo}` : readOnly ? `Detalles de ${l.nombre}` : `Editar ${l.titulo}`;
  return (
    <Modal open={!!state} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField id="catalogo-nombre" label={kind === 'tarjetasCatalogo' ? 'Marca' : 'Nombre'} value={v.nombre} onChange={set('nombre')} error={errors.nombre} readOnly={readOnly} maxLength={100} />
        {kind === 'bancos' && (
          <>
            <Check id="catalogo-cvu-fijo" label="El banco tiene un CVU fijo" checked={v.cvuFijo} onChange={set('cvuFijo')} disabled={readOnly} />
            {v.cvuFijo && <TextField id="catalogo-cvu" label="CVU" inputMode="numeric" maxLength={22} value={v.cvu} onChange={set('cvu')} error={errors.cvu} readOnly={readOnly} />}
          </>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <TextField id="catalogo-compra" label="Comisión de compra (%)" inputMode="decimal" value={v.comision_compra} onChange={set('comision_compra')} error={errors.comision_compra} readOnly={readOnly} />
            <Check id="catalogo-pers-compra" label="Comisión personalizada de compra" checked={v.comision_personalizada_compra} onChange={set('comision_personalizada_compra')} disabled={readOnly} />
          </div>
          <div className="space-y-2">
            <TextField id="catalogo-venta" label="Comisión de venta (%)" inputMode="decimal" value={v.comision_venta} onChange={set('comision_venta')} error={errors.comision_venta} readOnly={readOnly} />
            <Check id="catalogo-pers-venta" label="Comisión personalizada de venta" checked={v.comision_personalizada_venta} onChange={set('comision_personalizada_venta')} disabled={readOnly} />
          </div>
        </div>
        <FormActions readOnly={readOnly} submitting={m.create.isPending || m.update.isPending} onCancel={onClose} submitLabel={entry ? 'Guardar' : 'Crear'} />
      </form>
    </Modal>
  );
}
