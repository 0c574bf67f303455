import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { AuthCard, VolverALogin } from '../../features/auth/AuthCard';
import { CodeInput } from '../../features/auth/CodeInput';
import { FormField } from '../../components/FormField';
import { trpc } from '../../trpc';
import { M } from '../../../shared/messages';
import { errorMessage } from '../../lib/errors';

function VerifyPage() {
  const { email: enlace } = Route.useSearch();
  // Opened without ?email= (a bookmark, a link typed by hand): the address is asked for.
  const [email, setEmail] = useState(enlace);
  const navigate = useNavigate();
  const [digits, setDigits] = useState<string[]>(Array(6).fill(''));
  const verify = trpc.auth.verifyEmail.useMutation();
  const resend = trpc.auth.resendCode.useMutation();
  const complete = digits.every((d) => /^\d$/.test(d)) && email.trim() !== '';

  const onVerify = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!complete || verify.isPending) return;
    try {
      await verify.mutateAsync({ email, code: digits.join('') });
      toast.success(M.verifyOk);
      await navigate({ to: '/login' });
    } catch (e) {
      console.error('Error en la verificación', e);
      toast.error(M.verifyError);
    }
  };

  const onResend = async () => {
    try {
      const r = await resend.mutateAsync({ email });
      setDigits(Array(6).fill(''));
      toast.success(r.detail);
    } catch (e) {
      console.error('Error al reenviar el código', e);
      // The server says why (too many requests, an address it cannot read); a lost connection says so.
      toast.error(errorMessage(e, 'No se pudo reenviar el código. Probá de nuevo.'));
    }
  };

  return (
    <AuthCard
      title="Verificá tu correo"
      // The navbar is hidden here: a way out for whoever verifies later or signs in with another account.
      footer={<VolverALogin />}
    >
      {/* A form: Enter in the last box verifies, as the button does. */}
      <form onSubmit={(ev) => void onVerify(ev)} noValidate>
        {enlace ? (
          <p className="mb-6 text-center text-sm text-slate-600">
            Ingresá el código de 6 dígitos que enviamos a <strong data-testid="verify-email">{enlace}</strong>
          </p>
        ) : (
          <div className="mb-6 space-y-2">
            <p className="text-center text-sm text-slate-600">Ingresá el correo con el que te registraste y el código de 6 dígitos que te enviamos.</p>
            <FormField label="Correo electrónico" htmlFor="verify-email-input">
              <input id="verify-email-input" type="email" autoComplete="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
          </div>
        )}
        <CodeInput value={digits} onChange={setDigits} />
        <button type="submit" className="btn-primary mt-6 w-full" disabled={!complete || verify.isPending}>
          {verify.isPending ? 'Verificando…' : 'Verificar'}
        </button>
        <button type="button" className="mt-3 w-full text-sm text-emerald-700 hover:underline disabled:opacity-50" disabled={resend.isPending || email.trim() === ''} onClick={() => void onResend()}>
          Reenviar código
        </button>
      </form>
    </AuthCard>
  );
}

export const Route = createFileRoute('/register/verificar')({
  validateSearch: (search: Record<string, unknown>) => ({ email: typeof search.email === 'string' ? search.email : '' }),
  component: VerifyPage,
});
