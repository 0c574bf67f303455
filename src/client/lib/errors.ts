import { TRPCClientError } from '@trpc/client';
import toast from 'react-hot-toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

interface ErrorData {
  fields?: Record<string, string[]>;
  extra?: Record<string, unknown>;
  code?: string;
  /** The domain code (rate_changed, invalid_transition, validation…). */
  appCode?: string;
}

export function errorData(err: unknown): ErrorData {
  return err instanceof TRPCClientError ? ((err.data ?? {}) as ErrorData) : {};
}

/** True when the server answered the failed call (false for a network failure, with no answer at all). */
export const serverAnswered = (err: unknown): err is TRPCClientError<never> => err instanceof TRPCClientError && !!err.shape;

/** What a person reads when the call never got the server's answer (no network, a proxy's HTML page). */
export const SIN_CONEXION = 'No se pudo conectar con el servidor. Revisá tu conexión y probá de nuevo.';

/**
 * The server's message, or the given fallback. A call the server did not answer says so in Spanish:
 * its own message is the browser's or the JSON parser's ("Failed to fetch", "Unexpected token '<'…").
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof TRPCClientError && !serverAnswered(err)) return SIN_CONEXION;
  if (err instanceof TRPCClientError && err.message) return err.message;
  return fallback;
}

/** All field messages joined by line breaks (spec 001 §8 for rates), or null. */
export function fieldMessages(err: unknown): string | null {
  const fields = errorData(err).fields;
  if (!fields) return null;
  return Object.values(fields).flat().join('\n');
}

/** Puts the server's field messages on the form; returns true when there were any. */
export function applyFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  const fields = errorData(err).fields;
  if (!fields) return false;
  for (const [name, messages] of Object.entries(fields)) {
    setError(name as Path<T>, { type: 'server', message: messages.join(' ') });
  }
  return true;
}

/** The rule the server refused a change for (400 with a message and no field errors), or null. */
export function reglaRechazada(err: unknown): string | null {
  if (!serverAnswered(err)) return null;
  const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === 400 && !errorData(err).fields && err.message ? err.message : null;
}

/**
 * A spec error text followed by the server's reason when it refused the call on a rule of who may do
 * what (403 with its message: e.g. a user holding permissions the caller lacks), so the person learns
 * why instead of a bare 'Ha ocurrido un error'.
 */
export function conMotivo(texto: string, err: unknown): string {
  const motivo = motivoDeRechazo(err);
  if (!motivo) return texto;
  // Spec texts like 'No se pudo actualizar el rol' end without a period: the reason is its own sentence.
  return `${texto}${/[.!?…]$/.test(texto) ? '' : '.'} ${motivo}`;
}

const motivoDeRechazo = (err: unknown): string | null => {
  if (!serverAnswered(err)) return null;
  const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === 403 && err.message ? err.message : null;
};

/** How long an error toast with a reason stays: a sentence or two to read, not the 1 s of a bare text. */
export const TOAST_MOTIVO_MS = 6000;

/** The error toast of a refused change: `conMotivo`'s text, kept long enough to read when it says why. */
export const toastConMotivo = (texto: string, err: unknown) =>
  toast.error(conMotivo(texto, err), motivoDeRechazo(err) ? { duration: TOAST_MOTIVO_MS } : undefined);

/**
 * The server answered that the thing asked for does not exist for this user: 404 (unknown, or another
 * client's, which reads the same) or 400 on the id itself (a hand-made link's id the schema refuses).
 */
export function noEncontrado(err: unknown): boolean {
  if (!serverAnswered(err)) return false;
  const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return status === 404 || (status === 400 && !!errorData(err).fields?.id);
}
