import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { registerForm, type RegisterForm } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/AuthCard';
import { FormField } from '../../components/FormField';
import { trpc } from '../../trpc';
import { applyFieldErrors, errorMessage } from '../../lib/errors';
import { M } from '../../../shared/messages';

function RegisterPage() {
  const navigate = useNavigate();
  const mutation = trpc.auth.register.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', first_name: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ confirm_password: _confirm, ...values }) => {
    setFailure(null);
    try {
      const result = await mutation.mutateAsync(values);
      if (!result.correo_enviado) toast.error(result.detail);
      await navigate({ to: '/register/verificar', search: { email: result.email } });
    } catch (e) {
      console.error('Error en el registro', e);
      // Taken username or e-mail go on their fields; a refusal of no field (too many tries, no connection) is said here.
      if (!applyFieldErrors(e, setError)) setFailure(errorMessage(e, M.internal));
    }
  });

  const field = (name: keyof RegisterForm, label: string, type = 'text', autoComplete?: string) => (
    <FormField label={label} htmlFor={name} error={errors[name]?.message}>
      <input id={name} type={type} autoComplete={autoComplete} className="input" {...register(name)} />
    </FormField>
  );

  return (
    <AuthCard
      title="Crear cuenta"
      footer={
        <>
          ¿Ya tenés cuenta?{' '}
          <Link to="/login" className="font-semibold text-white underline">
            Iniciá sesión
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {field('username', 'Nombre de usuario', 'text', 'username')}
        {field('email', 'Correo electrónico', 'email', 'email')}
        {field('first_name', 'Nombre', 'text', 'given-name')}
        {field('password', 'Contraseña', 'password', 'new-password')}
        {field('confirm_password', 'Confirmar contraseña', 'password', 'new-password')}
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Registrando…' : 'Registrarse'}
        </button>
      </form>
    </AuthCard>
  );
}

export const Route = createFileRoute('/register/')({ component: RegisterPage });
