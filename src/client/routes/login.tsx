import { createFileRoute, Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { loginInput, type LoginInput } from '../../shared/schemas/auth';
import { MF } from '../../shared/messagesMfa';
import { AuthCard } from '../features/auth/AuthCard';
import { FormField } from '../components/FormField';
import { useAuthActions } from '../session/useAuthActions';
import { errorData, errorMessage } from '../lib/errors';

/** Step 2 for a user with a second factor: a code of the app, or a recovery code. */
function SecondFactorStep({ mfaToken, username, onRestart }: { mfaToken: string; username: string; onRestart: () => void }) {
  const { completeMfa, loggingIn } = useAuthActions();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!code.trim()) return setFailure(MF.codeRequired);
    try {
      await completeMfa(mfaToken, code.trim(), username);
    } catch (err) {
      console.error('Error en la verificación en dos pasos', err);
      const fields = errorData(err).fields;
      setFailure(fields?.code?.[0] ?? fields?.mfa_token?.[0] ?? errorMessage(err, MF.codeWrong));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Ingresá el código de 6 dígitos de tu aplicación de autenticación o uno de tus códigos de recuperación.</p>
      <FormField label="Código" htmlFor="mfa-code">
        <input id="mfa-code" autoComplete="one-time-code" autoFocus className="input" value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={loggingIn}>
        {loggingIn ? 'Verificando…' : 'Verificar'}
      </button>
      <button type="button" className="w-full text-sm text-emerald-700 hover:underline" onClick={onRestart}>
        Volver a iniciar sesión
      </button>
    </form>
  );
}

function LoginPage() {
  const { login } = useAuthActions();
  const [failure, setFailure] = useState<{ message: string; unverified: boolean } | null>(null);
  const [challenge, setChallenge] = useState<{ mfaToken: string; username: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const step = await login(values.username, values.password);
      if (!step.done) setChallenge({ mfaToken: step.mfaToken, username: values.username });
    } catch (e) {
      console.error('Error al iniciar sesión', e);
      // An account still to verify is led to the verification screen (its code can be sent again there).
      setFailure({ message: errorMessage(e, 'No se pudo iniciar sesión.'), unverified: errorData(e).extra?.code === 'email_not_verified' });
    }
  });

  return (
    <AuthCard
      title={challenge ? 'Verificación en dos pasos' : 'Iniciar sesión'}
      footer={
        <>
          ¿No tenés cuenta?{' '}
          <Link to="/register" className="font-semibold text-white underline">
            Registrate
          </Link>
        </>
      }
    >
      {challenge ? (
        <SecondFactorStep mfaToken={challenge.mfaToken} username={challenge.username} onRestart={() => setChallenge(null)} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Nombre de usuario" htmlFor="username" error={errors.username?.message}>
            <input id="username" autoComplete="username" className="input" {...register('username')} />
          </FormField>
          <FormField label="Contraseña" htmlFor="password" error={errors.password?.message}>
            <input id="password" type="password" autoComplete="current-password" className="input" {...register('password')} />
          </FormField>
          {failure && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure.message}
              {failure.unverified && (
                <>
                  {' '}
                  <Link to="/register/verificar" search={{ email: '' }} className="font-semibold underline">
                    Verificar mi correo
                  </Link>
                </>
              )}
            </p>
          )}
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Ingresando…' : 'Iniciar sesión'}
          </button>
          <p className="text-center text-sm">
            <Link to="/login/recuperar" className="text-emerald-700 hover:underline">
              ¿Olvidaste tu contraseña?
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}

export const Route = createFileRoute('/login')({ component: LoginPage });
