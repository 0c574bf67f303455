import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { registerForm, type RegisterForm } from '../../../shared/schemas/auth';
import { AuthCard } from '../../features/auth/AuthCard';
import { FormField } from '../../components/FormField';
import { trpc } from '../../trpc';
import { applyFieldErrors } from '../../lib/errors';

function RegisterPage() {
  const navigate = useNavigate();
  const mutation = trpc.auth.register.useMutation();
  const { register, handleSubmit, formState, setError } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', first_name: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ confirm_password: _confirm, ...values }) => {
    try {
      const result = await mutation.mutateAsync(values);
      if (!result.correo_enviado) toast.error(result.detail);
      await navigate({ to: '/register/verificar', search: { email: result.email } });
    } catch (e) {
      console.error('Error en el registro', e);
      applyFieldErrors(e, setError);
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
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Registrando…' : 'Registrarse'}
        </button>
      </form>
    </AuthCard>
  );
}

export const Route = createFileRoute('/register/')({ component: RegisterPage });
