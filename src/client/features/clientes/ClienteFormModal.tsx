import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '../../components/Modal';
import { FormField } from '../../components/FormField';
import { trpc } from '../../trpc';
import { useCrearCliente, useEditarCliente } from './hooks';
import { applyFieldErrors, errorData } from '../../lib/errors';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { MA } from '../../../shared/messagesAdmin';
import { clienteForm, clientePayloadFromForm, type ClienteForm, type ClienteRecord } from '../../../shared/schemas/clientes';
import { FormActions } from '../../components/FormActions';
import { formatDescuento } from '../categorias/formatDescuento';
import { filasDe } from '../../lib/listSearch';

export type ClienteModalState = { mode: 'create' } | { mode: 'view' | 'edit'; cliente: ClienteRecord } | null;

const EMPTY = { nombre: '', isPersonaFisica: true, idCategoria: '', correo: '', telefono: '', direccion: '', documento: '' } as ClienteForm;

const toForm = (c: ClienteRecord): ClienteForm => ({
  nombre: c.nombre,
  isPersonaFisica: c.isPersonaFisica,
  idCategoria: c.idCategoria,
  correo: c.correo,
  telefono: c.telefono,
  direccion: c.direccion,
  documento: (c.isPersonaFisica ? c.cedula : c.ruc) ?? '',
});

/** Create, edit (PUT; always saved active) and read-only view of a client. */
export function ClienteFormModal({ state, onClose }: { state: ClienteModalState; onClose: () => void }) {
  const title = !state ? '' : state.mode === 'create' ? 'Crear cliente' : state.mode === 'edit' ? 'Editar cliente' : 'Detalles del cliente';
  return (
    <Modal open={!!state} onClose={onClose} title={title} size="lg">
      {state && <ClienteFormBody key={state.mode === 'create' ? 'new' : `${state.mode}-${state.cliente.idCliente}`} state={state} onDone={onClose} />}
    </Modal>
  );
}

function ClienteFormBody({ state, onDone }: { state: NonNullable<ClienteModalState>; onDone: () => void }) {
  const categorias = trpc.categorias.list.useQuery({});
  useLoadErrorToast(categorias.isError, MA.toast.categoriasLoadErrorClientes);
  const create = useCrearCliente();
  const update = useEditarCliente();
  const readOnly = state.mode === 'view';
  const { register, handleSubmit, formState, setError, control, watch } = useForm<ClienteForm>({
    resolver: zodResolver(clienteForm),
    defaultValues: state.mode === 'create' ? EMPTY : toForm(state.cliente),
  });
  const { errors, isSubmitting } = formState;
  const fisica = watch('isPersonaFisica');
  const current = state.mode === 'create' ? undefined : state.cliente.idCategoria;
  // Only active categories can be chosen; a client keeps the one it has.
  const options = (filasDe(categorias.data) ?? []).filter((k) => k.isActive || k.idCategoria === current);

  const onSubmit = handleSubmit(async (values) => {
    const payload = clientePayloadFromForm(values);
    try {
      if (state.mode === 'create') {
        await create.mutateAsync(payload);
      } else if (state.mode === 'edit') {
        await update.mutateAsync({ id: state.cliente.idCliente, ...payload, cedula: payload.cedula ?? '', ruc: payload.ruc ?? '' });
      }
      onDone();
    } catch (e) {
      console.error('Error al guardar el cliente', e);
      // The server names cedula or ruc; the form has one document box.
      const fields = errorData(e).fields;
      if (fields?.cedula || fields?.ruc) setError('documento', { type: 'server', message: (fields.cedula ?? fields.ruc)!.join(' ') });
      applyFieldErrors(e, setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label="Nombre" htmlFor="cli-nombre" error={errors.nombre?.message}>
            <input id="cli-nombre" className="input" {...register('nombre')} />
          </FormField>
        </div>
        <Controller
          control={control}
          name="isPersonaFisica"
          render={({ field }) => (
            <FormField label="Tipo" htmlFor="cli-tipo" error={errors.isPersonaFisica?.message}>
              <select id="cli-tipo" className="input" value={field.value ? 'fisica' : 'juridica'} onChange={(e) => field.onChange(e.target.value === 'fisica')}>
                <option value="fisica">Persona física</option>
                <option value="juridica">Persona jurídica</option>
              </select>
            </FormField>
          )}
        />
        <FormField label={fisica ? 'Cédula' : 'RUC'} htmlFor="cli-documento" error={errors.documento?.message}>
          <input id="cli-documento" className="input" placeholder={fisica ? 'Ej: 1234567' : 'Ej: 80012345-6'} {...register('documento')} />
        </FormField>
        {/* Controlled: the options arrive after the form has set the value, and the box must then show the client's. */}
        <Controller
          control={control}
          name="idCategoria"
          render={({ field }) => (
            <FormField label="Categoría" htmlFor="cli-categoria" error={errors.idCategoria?.message}>
              <select id="cli-categoria" className="input" name={field.name} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                <option value="">{categorias.isLoading ? 'Cargando' : 'Seleccionar categoría…'}</option>
                {options.map((k) => (
                  <option key={k.idCategoria} value={k.idCategoria}>
                    {k.nombre} ({formatDescuento(k.descuento)} %)
                  </option>
                ))}
              </select>
            </FormField>
          )}
        />
        <FormField label="Correo" htmlFor="cli-correo" error={errors.correo?.message}>
          <input id="cli-correo" type="email" className="input" {...register('correo')} />
        </FormField>
        <FormField label="Teléfono" htmlFor="cli-telefono" error={errors.telefono?.message}>
          <input id="cli-telefono" type="tel" className="input" placeholder="+595981123456" {...register('telefono')} />
        </FormField>
        <FormField label="Dirección" htmlFor="cli-direccion" error={errors.direccion?.message}>
          <input id="cli-direccion" className="input" {...register('direccion')} />
        </FormField>
      </fieldset>
      <FormActions readOnly={readOnly} submitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}
