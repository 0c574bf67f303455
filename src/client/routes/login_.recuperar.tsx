import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { AuthCard, VolverALogin } from '../features/auth/AuthCard';
import { CodeInput } from '../features/auth/CodeInput';
import { FormField } from '../components/FormField';
import { trpc } from '../trpc';
import { session } from '../session/store';
import { applyFieldErrors, errorMessage } from '../lib/errors';
import { M } from '../../shared/messages';
import { MS } from '../../shared/messagesSecurity';
import { mismaContrasena, passwordResetConfirmInput, passwordResetInput } from '../../shared/schemas/auth';

const newPasswordForm = passwordResetConfirmInput
  .pick({ password: true })
  .extend({ confirm_password: z.string().min(1, M.required) })
  .refine(...mismaContrasena('password'));

/** Step 1: the e-mail of the account (the answer is the same whether it exists or not). */
function AskCode({ onSent }: { onSent: (email: string) => void }) {
  const ask = trpc.auth.passwordReset.useMutation();
  const form = useForm<z.infer<typeof passwordResetInput>>({ resolver: zodResolver(passwordResetInput), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const r = await ask.mutateAsync({ email });
      toast.success(r.detail);
      onSent(email);
    } catch (e) {
      console.error('Error al pedir el código', e);
      if (!applyFieldErrors(e, form.setError)) toast.error(errorMessage(e, M.tooManyRequests));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Ingresá el correo de tu cuenta: te enviamos un código de 6 dígitos para elegir una contraseña nueva.</p>
      <FormField label="Correo electrónico" htmlFor="reset-email" error={errors.email?.message}>
        <input id="reset-email" type="email" autoComplete="email" className="input" {...form.register('email')} />
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Enviando…' : 'Enviar código'}
      </button>
    </form>
  );
}

/** Step 2: the mailed code and the new password; every session of the account ends. */
function NewPassword({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const confirm = trpc.auth.passwordResetConfirm.useMutation();
  const [digits, setDigits] = useState<string[]>(Array(6).fill(''));
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof newPasswordForm>>({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '', confirm_password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    const code = digits.join('');
    if (!/^\d{6}$/.test(code)) return setCodeError(M.codeSixDigits);
    setCodeError(null);
    try {
      await confirm.mutateAsync({ email, code, password });
      session.clear();
      toast.success(MS.resetDone);
      await navigate({ to: '/login' });
    } catch (e) {
      console.error('Error al restablecer la contraseña', e);
      const fields = (e as { data?: { fields?: Record<string, string[]> } }).data?.fields;
      if (fields?.code) setCodeError(fields.code[0]);
      if (!applyFieldErrors(e, form.setError) && !fields?.code) toast.error(errorMessage(e, M.internal));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-center text-sm text-slate-600">
        Ingresá el código que enviamos a <strong data-testid="reset-email-sent">{email}</strong> y tu contraseña nueva.
      </p>
      <CodeInput value={digits} onChange={setDigits} />
      {codeError && (
        <p role="alert" className="text-center text-sm text-red-700">
          {codeError}
        </p>
      )}
      <FormField label="Contraseña nueva" htmlFor="reset-password" error={errors.password?.message}>
        <input id="reset-password" type="password" autoComplete="new-password" className="input" {...form.register('password')} />
      </FormField>
      <FormField label="Repetí la contraseña nueva" htmlFor="reset-confirm" error={errors.confirm_password?.message}>
        <input id="reset-confirm" type="password" autoComplete="new-password" className="input" {...form.register('confirm_password')} />
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Guardando…' : 'Restablecer contraseña'}
      </button>
      <button type="button" className="w-full text-sm text-emerald-700 hover:underline" onClick={onRestart}>
        Pedir otro código
      </button>
    </form>
  );
}

function RecoverPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title="Restablecer contraseña"
      footer={<VolverALogin />}
    >
      {email ? <NewPassword email={email} onRestart={() => setEmail(null)} /> : <AskCode onSent={setEmail} />}
    </AuthCard>
  );
}

export const Route = createFileRoute('/login_/recuperar')({ component: RecoverPage });
