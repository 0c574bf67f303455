import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { FormField } from '../../components/FormField';
import { applyFieldErrors, errorMessage } from '../../lib/errors';
import { M } from '../../../shared/messages';
import { MF } from '../../../shared/messagesMfa';
import { mfaDisableInput, mfaEnableInput } from '../../../shared/schemas/mfa';
import { useActivarMfa, useDesactivarMfa, useGenerarSecreto } from './hooks';
import { ARCHIVO_CODIGOS, gruposDeCuatro, textoCodigos } from './codigosRecuperacion';
import { copiarTexto, descargarTexto } from '../../lib/copiarDescargar';
import { useSession } from '../../session/store';

type Enrolment = { secret: string; otpauth_url: string; qr_svg: string };

/** Enrolment: the QR and the secret (shown once), then a current code and the password turn it on and show the recovery codes. */
function Activar({ onDone }: { onDone: (codes: string[]) => void }) {
  const setup = useGenerarSecreto();
  const enable = useActivarMfa();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const form = useForm<z.infer<typeof mfaEnableInput>>({ resolver: zodResolver(mfaEnableInput), defaultValues: { password: '', code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const r = await enable.mutateAsync(values);
      onDone(r.recovery_codes);
    } catch (e) {
      if (!applyFieldErrors(e, form.setError)) form.setError('code', { type: 'server', message: errorMessage(e, MF.codeWrong) });
    }
  });

  if (!enrolment) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Con la verificación en dos pasos, además de tu contraseña se te pide un código de 6 dígitos de una aplicación de autenticación (Google Authenticator,
          Microsoft Authenticator, FreeOTP, 1Password…).
        </p>
        <button type="button" className="btn-primary" disabled={setup.isPending} onClick={() => void setup.mutateAsync({}).then(setEnrolment, () => undefined)}>
          {setup.isPending ? 'Generando…' : 'Configurar la verificación en dos pasos'}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Escaneá el código QR con tu aplicación o ingresá el secreto a mano. Se muestra una sola vez.</p>
      <div className="flex flex-wrap items-center gap-6">
        {/* The SVG is built by the server (qrcode) from the otpauth URL: no user text reaches it. */}
        <div className="h-44 w-44 rounded border border-slate-200 bg-white p-1" aria-label="Código QR" dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }} />
        <div className="min-w-0">
          <p className="label">Secreto</p>
          {/* Groups of 4 with a line break allowed only between them; no spaces in the text, so a copy is the plain secret.
              The gap follows a group, so a wrapped line ends with it and the next starts flush. */}
          <code data-testid="mfa-secret" className="block rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider">
            {gruposDeCuatro(enrolment.secret).map((g, i, todos) => (
              <Fragment key={i}>
                {i > 0 && <wbr />}
                <span className={i < todos.length - 1 ? 'mr-[1ch]' : undefined}>{g}</span>
              </Fragment>
            ))}
          </code>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => void copiarTexto(enrolment.secret, 'Secreto copiado.')}>
              Copiar secreto
            </button>
            {/* On a phone the QR cannot be scanned by the phone itself: its authenticator opens otpauth:// links. */}
            <a href={enrolment.otpauth_url} className="btn-secondary sm:hidden">
              Abrir en la app de autenticación
            </a>
          </div>
        </div>
      </div>
      <FormField label="Código de 6 dígitos de la aplicación" htmlFor="mfa-enable-code" error={errors.code?.message}>
        <input id="mfa-enable-code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} className="input max-w-40" {...form.register('code')} />
      </FormField>
      <FormField label="Tu contraseña" htmlFor="mfa-enable-password" error={errors.password?.message}>
        <input id="mfa-enable-password" type="password" autoComplete="current-password" className="input max-w-xs" {...form.register('password')} />
      </FormField>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Activando…' : 'Activar'}
      </button>
    </form>
  );
}

function CodigosRecuperacion({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const texto = textoCodigos(codes, useSession()?.user.username ?? '');
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-emerald-800">{MF.enabled}</p>
      <p className="text-sm text-slate-600">
        Guardá estos códigos de recuperación en un lugar seguro: cada uno sirve una sola vez para entrar si no tenés tu aplicación. No se vuelven a mostrar.
      </p>
      <ul data-testid="recovery-codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void copiarTexto(texto, 'Códigos de recuperación copiados.')}>
          Copiar
        </button>
        <button type="button" className="btn-secondary" onClick={() => descargarTexto(texto, ARCHIVO_CODIGOS)}>
          Descargar
        </button>
        <button type="button" className="btn-primary" onClick={onClose}>
          Ya los guardé
        </button>
      </div>
    </div>
  );
}

function Desactivar() {
  const disable = useDesactivarMfa();
  const form = useForm<z.infer<typeof mfaDisableInput>>({ resolver: zodResolver(mfaDisableInput), defaultValues: { password: '', code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      form.reset();
    } catch (e) {
      if (!applyFieldErrors(e, form.setError)) form.setError('root', { type: 'server', message: errorMessage(e, M.internal) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-3">
      <p className="text-sm text-slate-600">Para desactivarla, confirmá tu contraseña y un código de la aplicación (o uno de recuperación).</p>
      <FormField label="Contraseña" htmlFor="mfa-disable-password" error={errors.password?.message}>
        <input id="mfa-disable-password" type="password" autoComplete="current-password" className="input" {...form.register('password')} />
      </FormField>
      <FormField label="Código" htmlFor="mfa-disable-code" error={errors.code?.message}>
        <input id="mfa-disable-code" autoComplete="one-time-code" className="input" {...form.register('code')} />
      </FormField>
      {errors.root && <p role="alert" className="text-sm text-red-700">{errors.root.message}</p>}
      <div>
        <button type="submit" className="btn-danger" disabled={isSubmitting}>
          Desactivar la verificación en dos pasos
        </button>
      </div>
    </form>
  );
}

/** The second-factor card of Seguridad. */
export function SegundoFactor() {
  // Asked only while signed in: after "Cerrar todas" the page is left without a session.
  const status = trpc.auth.mfaStatus.useQuery(undefined, { enabled: useSession() !== null });
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [wasRequired, setWasRequired] = useState(false);

  const body = () => {
    if (codes) {
      return (
        <CodigosRecuperacion
          codes={codes}
          onClose={() => {
            setCodes(null);
            if (wasRequired) void navigate({ to: '/' });
          }}
        />
      );
    }
    if (status.isLoading) return <p className="text-sm text-slate-500">Cargando…</p>;
    if (!status.data) return <p className="text-sm text-red-700">No se pudo cargar el estado de la verificación en dos pasos.</p>;
    if (!status.data.mfa_enabled) {
      return (
        <Activar
          onDone={(c) => {
            setWasRequired(status.data!.enrollment_required);
            setCodes(c);
          }}
        />
      );
    }
    return (
      <div className="space-y-4">
        <p className="text-sm">
          <span data-testid="mfa-state" className="rounded bg-emerald-100 px-2 py-0.5 font-medium text-emerald-800">Activada</span>{' '}
          <span className="text-slate-600">Te quedan {status.data.recovery_codes_left} códigos de recuperación.</span>
        </p>
        {status.data.mfa_required ? <p className="text-sm text-slate-600">{MF.requiredByRole}</p> : <Desactivar />}
      </div>
    );
  };

  return (
    <section className="card space-y-4">
      <h2 className="text-lg font-semibold">Verificación en dos pasos</h2>
      {status.data?.enrollment_required && !codes && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {MF.enrollmentRequiredAqui}
        </p>
      )}
      {body()}
    </section>
  );
}
