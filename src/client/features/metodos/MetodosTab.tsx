import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { applyFieldErrors } from '../../lib/errors';
import { DataTable } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { SearchBar } from '../../components/SearchBar';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction } from '../../components/RowActions';
import { Can } from '../../components/Guard';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { trpc } from '../../trpc';
import { usePermissions } from '../../session/permissions';
import { P } from '../../../shared/permissions';
import { metodoCreateInput, type MetodoCreateInput, type MetodoRecord } from '../../../shared/schemas/metodos';
import { useListSearch, useLastPageAtMost } from '../../lib/listSearch';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { METODO_MSG } from '../../../shared/schemas/metodos';
import { pct, pctInput, RegCheck, RegText } from './ui';
import { useCambiarEstadoMetodo, useCrearMetodo, useEditarMetodo } from './hooks';
import { conPorcentajesEsPy } from '../../../shared/schemas/porcentajeEsPy';
import { useEnCurso } from '../../lib/useEnCurso';

/** The commissions are read es-PY ("2.500" is two thousand five hundred, refused; never 2,5). */
const metodoFormEsPy = conPorcentajesEsPy(metodoCreateInput, ['comision_cobro_porcentaje', 'comision_pago_porcentaje']);

/** 'Catálogo de Métodos Financieros': the paged table (10 a page) with search and the modals. */
export function MetodosTab() {
  const perms = usePermissions();
  const { page, search, setPage, setSearch } = useListSearch();
  const q = trpc.metodos.list.useQuery({ page, search: search || undefined });
  useLoadErrorToast(q.isError, METODO_MSG.cargarMetodosError);
  const estado = useCambiarEstadoMetodo();
  const acciones = useEnCurso();
  const setActive = (m: MetodoRecord, active: boolean) => acciones.ejecutar(`estado:${m.id}`, () => estado.mutateAsync(m, active));
  const [modal, setModal] = useState<{ mode: 'create' | 'edit' | 'view'; metodo: MetodoRecord | null } | null>(null);
  const data = q.data && !Array.isArray(q.data) ? q.data : undefined;
  useLastPageAtMost(data?.count);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBar key={search} initial={search} placeholder="Buscar métodos…" onSearch={setSearch} />
        <Can all={[P.addMetodo]}>
          <button type="button" className="btn-primary" onClick={() => setModal({ mode: 'create', metodo: null })}>
            Crear Método
          </button>
        </Can>
      </div>
      <DataTable<MetodoRecord>
        label="Métodos financieros"
        rows={data?.results}
        loading={q.isLoading}
        error={q.isError}
        rowKey={(m) => m.id}
        columns={[
          { header: 'Nombre', cell: (m) => <span className="font-mono text-xs">{m.nombre}</span> },
          { header: 'Nombre a mostrar', cell: (m) => m.nombre_display },
          { header: 'Cobro', cell: (m) => (m.permite_cobro ? pct(m.comision_cobro_porcentaje) : 'No permite') },
          { header: 'Pago', cell: (m) => (m.permite_pago ? pct(m.comision_pago_porcentaje) : 'No permite') },
          { header: 'Estado', cell: (m) => <StatusBadge active={m.is_active} /> },
          {
            header: 'Acciones',
            cell: (m) => (
              <div className="flex flex-wrap gap-1">
                <RowAction label="Ver" onClick={() => setModal({ mode: 'view', metodo: m })} />
                {perms.has(P.changeMetodo) && <RowAction label="Editar" onClick={() => setModal({ mode: 'edit', metodo: m })} />}
                {m.is_active
                  ? perms.has(P.deleteMetodo) && <RowAction label="Desactivar" tone="danger" busy={acciones.ocupado(`estado:${m.id}`)} onClick={() => void setActive(m, false)} />
                  : perms.has(P.changeMetodo) && <RowAction label="Activar" tone="success" busy={acciones.ocupado(`estado:${m.id}`)} onClick={() => void setActive(m, true)} />}
              </div>
            ),
          },
        ]}
      />
      <Pagination page={page} count={data?.count ?? 0} onChange={setPage} />
      <MetodoFormModal state={modal} onClose={() => setModal(null)} />
    </div>
  );
}

type MetodoValues = {
  nombre: string;
  nombre_display: string;
  permite_cobro: boolean;
  permite_pago: boolean;
  comision_cobro_porcentaje: string;
  comision_pago_porcentaje: string;
};
const empty: MetodoValues = { nombre: '', nombre_display: '', permite_cobro: true, permite_pago: true, comision_cobro_porcentaje: '0,00', comision_pago_porcentaje: '0,00' };

function MetodoFormModal({ state, onClose }: { state: { mode: 'create' | 'edit' | 'view'; metodo: MetodoRecord | null } | null; onClose: () => void }) {
  const { register, handleSubmit, reset, setError, formState } = useForm<MetodoValues>({
    resolver: zodResolver(metodoFormEsPy as never) as unknown as Resolver<MetodoValues>,
    defaultValues: empty,
  });
  const create = useCrearMetodo();
  const update = useEditarMetodo();
  const m = state?.metodo;
  const readOnly = state?.mode === 'view';
  useEffect(() => {
    if (!state) return;
    reset(
      m
        ? { nombre: m.nombre, nombre_display: m.nombre_display, permite_cobro: m.permite_cobro, permite_pago: m.permite_pago, comision_cobro_porcentaje: pctInput(m.comision_cobro_porcentaje), comision_pago_porcentaje: pctInput(m.comision_pago_porcentaje) }
        : empty,
    );
  }, [state, m, reset]);

  // The resolver hands over the parsed values (uppercase name, two-decimal commissions).
  const onSubmit = handleSubmit(async (parsed) => {
    const v = parsed as unknown as MetodoCreateInput;
    try {
      if (m) await update.mutateAsync({ id: m.id, ...v, nombre: m.nombre });
      else await create.mutateAsync(v);
      onClose();
    } catch (err) {
      applyFieldErrors(err, setError);
    }
  });

  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();
  const title = state?.mode === 'create' ? 'Crear Método Financiero' : readOnly ? 'Detalles del Método Financiero' : 'Editar Método Financiero';
  return (
    <Modal open={!!state} onClose={onClose} title={title}>
      <form onSubmit={readOnly ? (e) => e.preventDefault() : enCurso.enviar(onSubmit)} noValidate className="space-y-4">
        <RegText id="metodo-nombre" label="Nombre (código)" reg={register('nombre')} error={errors.nombre?.message} readOnly={readOnly || !!m} maxLength={40} />
        <RegText id="metodo-display" label="Nombre a mostrar" reg={register('nombre_display')} error={errors.nombre_display?.message} readOnly={readOnly} maxLength={100} />
        <div className="grid gap-4 sm:grid-cols-2">
          <RegText id="metodo-cobro" label="Comisión de cobro (%)" inputMode="decimal" reg={register('comision_cobro_porcentaje')} error={errors.comision_cobro_porcentaje?.message} readOnly={readOnly} />
          <RegText id="metodo-pago" label="Comisión de pago (%)" inputMode="decimal" reg={register('comision_pago_porcentaje')} error={errors.comision_pago_porcentaje?.message} readOnly={readOnly} />
        </div>
        <RegCheck id="metodo-permite-cobro" label="Permite cobro" reg={register('permite_cobro')} disabled={readOnly} />
        <RegCheck id="metodo-permite-pago" label="Permite pago" reg={register('permite_pago')} disabled={readOnly} />
        <FormActions readOnly={readOnly} submitting={enviando} onCancel={onClose} submitLabel={m ? 'Guardar' : 'Crear'} />
      </form>
    </Modal>
  );
}
