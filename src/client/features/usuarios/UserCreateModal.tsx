import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Modal } from '../../components/Modal';
import { FormActions } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { Toggle } from '../../components/Toggle';
import { useCrearUsuario } from './hooks';
import { applyFieldErrors } from '../../lib/errors';
import { userCreateInput, type UserCreateInput } from '../../../shared/schemas/usuarios';
import { useEnCurso } from '../../lib/useEnCurso';

type FormIn = z.input<typeof userCreateInput>;

const EMPTY: FormIn = { username: '', first_name: '', last_name: '', email: '', password: '', is_active: true };

/** Crear usuario: every field required; active by default with a toggle (spec 000 §5). */
export function UserCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCrearUsuario();
  const { register, handleSubmit, formState, setError, control, reset } = useForm<FormIn, unknown, UserCreateInput>({
    resolver: zodResolver(userCreateInput),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const enCurso = useEnCurso();
  const enviando = isSubmitting || enCurso.ocupado();

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      close();
    } catch (e) {
      console.error('Error al crear el usuario', e);
      applyFieldErrors(e, setError);
    }
  });

  return (
    <Modal open={open} onClose={close} title="Crear usuario">
      <form onSubmit={enCurso.enviar(onSubmit)} noValidate className="space-y-4">
        <FormField label="Nombre de usuario" htmlFor="nu-username" error={errors.username?.message}>
          <input id="nu-username" className="input" autoComplete="off" {...register('username')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nombre" htmlFor="nu-first_name" error={errors.first_name?.message}>
            <input id="nu-first_name" className="input" {...register('first_name')} />
          </FormField>
          <FormField label="Apellido" htmlFor="nu-last_name" error={errors.last_name?.message}>
            <input id="nu-last_name" className="input" {...register('last_name')} />
          </FormField>
        </div>
        <FormField label="Correo electrónico" htmlFor="nu-email" error={errors.email?.message}>
          <input id="nu-email" type="email" className="input" {...register('email')} />
        </FormField>
        <FormField label="Contraseña" htmlFor="nu-password" error={errors.password?.message}>
          <input id="nu-password" type="password" autoComplete="new-password" className="input" {...register('password')} />
        </FormField>
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => <Toggle label="Activo" checked={field.value ?? true} onChange={field.onChange} />}
        />
        <FormActions submitting={enviando} onCancel={close} submitLabel="Crear" />
      </form>
    </Modal>
  );
}
