import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../components/PageHeader';
import { FormField } from '../../components/FormField';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { applyFieldErrors, errorMessage } from '../../lib/errors';
import { M } from '../../../shared/messages';
import { session, useSession } from '../../session/store';
import { passwordChangeForm } from '../../../shared/schemas/mfa';
import { SegundoFactor } from './SegundoFactor';
import { useCambiarContrasena, useCerrarTodasLasSesiones } from './hooks';

type PasswordForm = z.infer<typeof passwordChangeForm>;

function CambiarContrasena() {
  const change = useCambiarContrasena();
  const form = useForm<PasswordForm>({ resolver: zodResolver(passwordChangeForm), defaultValues: { current_password: '', new_password: '', confirm_password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
    } catch (e) {
      if (!applyFieldErrors(e, form.setError)) form.setError('root', { type: 'server', message: errorMessage(e, M.internal) });
    }
  });
  return (
    <section className="card space-y-4">
      <h2 className="text-lg font-semibold">Cambiar contraseña</h2>
      <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-3">
        <FormField label="Contraseña actual" htmlFor="current_password" error={errors.current_password?.message}>
          <input id="current_password" type="password" autoComplete="current-password" className="input" {...form.register('current_password')} />
        </FormField>
        <FormField label="Contraseña nueva" htmlFor="new_password" error={errors.new_password?.message}>
          <input id="new_password" type="password" autoComplete="new-password" className="input" {...form.register('new_password')} />
        </FormField>
        <FormField label="Repetí la contraseña nueva" htmlFor="confirm_password" error={errors.confirm_password?.message}>
          <input id="confirm_password" type="password" autoComplete="new-password" className="input" {...form.register('confirm_password')} />
        </FormField>
        {errors.root && (
          <p role="alert" className="text-sm text-red-700">
            {errors.root.message}
          </p>
        )}
        <div>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando…' : 'Cambiar contraseña'}
          </button>
        </div>
      </form>
    </section>
  );
}

function CerrarSesiones() {
  const [open, setOpen] = useState(false);
  const logoutAll = useCerrarTodasLasSesiones();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = async () => {
    try {
      await logoutAll.mutateAsync({});
      session.clear();
      queryClient.clear();
      // Like every sign-out (spec 000 §2): home.
      await navigate({ to: '/' });
    } catch {
      setOpen(false);
    }
  };
  return (
    <section className="card space-y-3">
      <h2 className="text-lg font-semibold">Sesiones</h2>
      <p className="text-sm text-slate-600">Cierra la sesión en todos los dispositivos donde entraste, también en este.</p>
      <button type="button" className="btn-danger" onClick={() => setOpen(true)}>
        Cerrar sesión en todos los dispositivos
      </button>
      <ConfirmDialog open={open} title="Cerrar sesión en todos los dispositivos" danger busy={logoutAll.isPending} confirmLabel="Cerrar todas" onConfirm={() => void confirm()} onClose={() => setOpen(false)}>
        Vas a tener que iniciar sesión de nuevo en cada dispositivo, también en este.
      </ConfirmDialog>
    </section>
  );
}

/** Seguridad (user menu): second factor, own password, every session. */
export function SeguridadPage() {
  useSession();
  const pending = session.enrolmentPending();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageHeader title="Seguridad" subtitle="Verificación en dos pasos, contraseña y sesiones de tu cuenta" />
      <SegundoFactor />
      {!pending && <CambiarContrasena />}
      <CerrarSesiones />
    </div>
  );
}
