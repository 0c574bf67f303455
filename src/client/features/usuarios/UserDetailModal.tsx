import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal } from '../../components/Modal';
import { PIE_DE_FORMULARIO } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { Toggle } from '../../components/Toggle';
import { useEditarUsuario } from './hooks';
import { applyFieldErrors } from '../../lib/errors';
import { useFocusOnModeChange } from './useSelectionEditor';
import { usePermissions } from '../../session/permissions';
import { useSession } from '../../session/store';
import { P } from '../../../shared/permissions';
import { userEditFormFor, type UserEditForm, type UserRecord } from '../../../shared/schemas/usuarios';

const toForm = (u: UserRecord): UserEditForm => ({
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  password: '',
  is_active: u.is_active,
});

/**
 * Details of a user: opens read-only; Editar (change permission) unlocks the form; after saving it
 * returns to read-only (spec 000 §4). The password may stay empty, and so may the last name of a
 * user who registered themselves (registration asks none) until someone types one. The active switch needs the
 * delete permission (the toggle's), and nobody switches themselves off. One's own password is not
 * offered here but in Seguridad.
 */
export function UserDetailModal({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  return (
    <Modal open={!!user} onClose={onClose} title="Detalles del usuario">
      {user && <UserDetail key={user.id} user={user} />}
    </Modal>
  );
}

function UserDetail({ user: initial }: { user: UserRecord }) {
  const perms = usePermissions();
  const me = useSession()?.user;
  const update = useEditarUsuario();
  const [user, setUser] = useState(initial);
  const [editing, setEditing] = useState(false);
  const { register, handleSubmit, formState, setError, control, reset } = useForm<UserEditForm>({
    // The names the user has now pass as they are (a self-registered user has no last name).
    resolver: zodResolver(userEditFormFor(user)),
    defaultValues: toForm(user),
  });
  const { errors, isSubmitting } = formState;
  const { firstFieldRef, editRef } = useFocusOnModeChange<HTMLInputElement>(editing);
  const { ref: usernameRef, ...username } = register('username');
  const self = me?.id === user.id;
  const canToggle = perms.has(P.deleteUser) && !self;
  const mayChange = perms.has(P.changeUser) && (!user.is_superuser || !!me?.is_superuser);

  const cancel = () => {
    reset(toForm(user));
    setEditing(false);
  };

  const onSubmit = handleSubmit(async ({ password, is_active, ...fields }) => {
    try {
      const updated = await update.mutateAsync({
        id: user.id,
        ...fields,
        ...(password ? { password } : {}),
        ...(is_active !== undefined && is_active !== user.is_active ? { is_active } : {}),
      });
      setUser(updated);
      reset(toForm(updated));
      setEditing(false);
    } catch (e) {
      console.error('Error al actualizar el usuario', e);
      applyFieldErrors(e, setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset disabled={!editing} className="space-y-4">
        <FormField label="Nombre de usuario" htmlFor="du-username" error={errors.username?.message}>
          <input
            id="du-username"
            className="input"
            {...username}
            ref={(el) => {
              usernameRef(el);
              firstFieldRef.current = el;
            }}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nombre" htmlFor="du-first_name" error={errors.first_name?.message}>
            <input id="du-first_name" className="input" {...register('first_name')} />
          </FormField>
          <FormField label="Apellido" htmlFor="du-last_name" error={errors.last_name?.message}>
            <input id="du-last_name" className="input" {...register('last_name')} />
          </FormField>
        </div>
        <FormField label="Correo electrónico" htmlFor="du-email" error={errors.email?.message}>
          <input id="du-email" type="email" className="input" {...register('email')} />
        </FormField>
        {editing &&
          (self ? (
            // One's own password is changed in Seguridad: it asks the current one and keeps this session (here it would end it).
            <p className="text-sm text-slate-600">
              Tu contraseña se cambia en{' '}
              <Link to="/seguridad" className="font-medium text-emerald-700 underline">
                Seguridad
              </Link>
              .
            </p>
          ) : (
            <FormField label="Nueva contraseña (opcional)" htmlFor="du-password" error={errors.password?.message}>
              <input id="du-password" type="password" autoComplete="new-password" className="input" placeholder="Dejar vacío para no cambiarla" {...register('password')} />
            </FormField>
          ))}
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => <Toggle label="Activo" checked={!!field.value} onChange={field.onChange} disabled={!editing || !canToggle} />}
        />
      </fieldset>
      {(editing || mayChange) && (
        <div data-testid="form-actions" className={PIE_DE_FORMULARIO}>
          {editing ? (
            <>
              <button key="cancelar" type="button" className="btn-secondary" onClick={cancel}>
                Cancelar
              </button>
              <button key="guardar" type="submit" className="btn-primary" disabled={isSubmitting}>
                {isSubmitting ? 'Guardando…' : 'Guardar'}
              </button>
            </>
          ) : (
            <button key="editar" ref={editRef} type="button" className="btn-primary" onClick={() => setEditing(true)}>
              Editar
            </button>
          )}
        </div>
      )}
    </form>
  );
}
