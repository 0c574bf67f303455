import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Modal } from '../../components/Modal';
import { FormField } from '../../components/FormField';
import { useCrearCategoria, useEditarCategoria } from './hooks';
import { applyFieldErrors } from '../../lib/errors';
import { MA } from '../../../shared/messagesAdmin';
import { categoriaForm, type CategoriaRecord } from '../../../shared/schemas/categorias';
import { FormActions } from '../../components/FormActions';
import { formatDescuento } from './formatDescuento';
import { conPorcentajesEsPy } from '../../../shared/schemas/porcentajeEsPy';
import { useEnCurso } from '../../lib/useEnCurso';

/** The discount is read es-PY ("7.350" is seven thousand three hundred fifty, refused; never 7,35). */
const categoriaFormEsPy = conPorcentajesEsPy(categoriaForm, ['descuento']);

export type CategoriaModalState = { mode: 'create' } | { mode: 'view' | 'edit'; categoria: CategoriaRecord } | null;

type FormIn = z.input<typeof categoriaForm>;
type FormOut = z.output<typeof categoriaForm>;

/** Category form: name (locked on edit), description, discount 0–100 with step 0.01 (comma or point). */
export function CategoriaFormModal({ state, onClose }: { state: CategoriaModalState; onClose: () => void }) {
  const title = !state ? '' : state.mode === 'create' ? 'Crear categoría' : state.mode === 'edit' ? 'Editar categoría' : 'Detalles de la categoría';
  return (
    <Modal open={!!state} onClose={onClose} title={title}>
      {state && <CategoriaForm key={state.mode === 'create' ? 'new' : `${state.mode}-${state.categoria.idCategoria}`} state={state} onDone={onClose} />}
    </Modal>
  );
}

function CategoriaForm({ state, onDone }: { state: NonNullable<CategoriaModalState>; onDone: () => void }) {
  const create = useCrearCategoria();
  const update = useEditarCategoria();
  const readOnly = state.mode === 'view';
  const { register, handleSubmit, formState, setError } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(categoriaFormEsPy as never) as unknown as Resolver<FormIn, unknown, FormOut>,
    defaultValues:
      state.mode === 'create'
        ? { nombre: '', descripcion: '', descuento: '' }
        : { nombre: state.categoria.nombre, descripcion: state.categoria.descripcion, descuento: formatDescuento(state.categoria.descuento) },
  });
  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();

  const onSubmit = handleSubmit(async (values) => {
    if (state.mode === 'edit' && !state.categoria.idCategoria) {
      toast.error(MA.toast.categoriaInvalidId);
      return;
    }
    try {
      if (state.mode === 'create') {
        await create.mutateAsync(values);
      } else if (state.mode === 'edit') {
        await update.mutateAsync({ id: state.categoria.idCategoria, descripcion: values.descripcion, descuento: values.descuento });
      }
      onDone();
    } catch (e) {
      console.error(MA.toast.categoriaSaveError, e);
      applyFieldErrors(e, setError);
    }
  });

  return (
    <form onSubmit={enCurso.enviar(onSubmit)} noValidate className="space-y-4">
      <fieldset disabled={readOnly} className="space-y-4">
        <FormField label="Nombre" htmlFor="cat-nombre" error={errors.nombre?.message}>
          <input id="cat-nombre" className="input" disabled={state.mode !== 'create'} {...register('nombre')} />
        </FormField>
        <FormField label="Descripción" htmlFor="cat-descripcion" error={errors.descripcion?.message}>
          <input id="cat-descripcion" className="input" {...register('descripcion')} />
        </FormField>
        <FormField label="Descuento (%)" htmlFor="cat-descuento" error={errors.descuento?.message}>
          {/* Text, not type=number: an es-PY browser would read "2,5" as 25. The schema takes a comma or a point. */}
          <input id="cat-descuento" type="text" inputMode="decimal" autoComplete="off" placeholder="Ej: 2,5" className="input" {...register('descuento')} />
        </FormField>
      </fieldset>
      <FormActions readOnly={readOnly} submitting={enviando} onCancel={onDone} />
    </form>
  );
}
