import { TRPCClientError } from '@trpc/client';
import toast from 'react-hot-toast';
import { fieldMessages } from './errors';

/** HTTP status of a failed tRPC call, when the server answered. */
export function httpStatus(err: unknown): number | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  const data = err.data as { httpStatus?: number } | undefined;
  return data?.httpStatus;
}

/**
 * Spec 001 §8 for rates: the server's body is shown (a message, or all field messages joined by line
 * breaks), otherwise the fallback; an unexpected status gives an info toast 'Respuesta: {status}'.
 */
export function toastServerError(err: unknown, fallback: string) {
  const fields = fieldMessages(err);
  if (fields !== null) return toast.error(fields);
  const status = httpStatus(err);
  if (status === 400 && err instanceof Error && err.message) return toast.error(err.message);
  if (status !== undefined && status !== 400 && status < 500) return toast(`Respuesta: ${status}`, { icon: 'ℹ️' });
  return toast.error(fallback);
}
