import { createFileRoute, Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { loginInput, type LoginInput } from '../../shared/schemas/auth';
import { AuthCard } from '../features/auth/AuthCard';
import { FormField } from '../components/FormField';
import { useAuthActions } from '../session/useAuthActions';
import { errorMessage } from '../lib/errors';

function LoginPage() {
  const { login } = useAuthActions();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values.username, values.password);
    } catch (e) {
      console.error('Error al iniciar sesión', e);
      setFailure(errorMessage(e, 'No se pudo iniciar sesión.'));
    }
  });

  return (
    <AuthCard
      title="Iniciar sesión"
      footer={
        <>
          ¿No tenés cuenta?{' '}
          <Link to="/register" className="font-semibold text-white underline">
            Registrate
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Nombre de usuario" htmlFor="username" error={errors.username?.message}>
          <input id="username" autoComplete="username" className="input" {...register('username')} />
        </FormField>
        <FormField label="Contraseña" htmlFor="password" error={errors.password?.message}>
          <input id="password" type="password" autoComplete="current-password" className="input" {...register('password')} />
        </FormField>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Ingresando…' : 'Iniciar sesión'}
        </button>
      </form>
    </AuthCard>
  );
}

export const Route = createFileRoute('/login')({ component: LoginPage });
