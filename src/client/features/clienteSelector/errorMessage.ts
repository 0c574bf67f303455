import { TRPCClientError } from '@trpc/client';
import { MA } from '../../../shared/messagesAdmin';
import { serverAnswered } from '../../lib/errors';

/**
 * The client selector's message rule (spec 000 §8): the response body if it is a string, else its
 * `detail` field, else its `error` field, else 'Ocurrió un error'.
 */
export function messageFromBody(body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object') {
    const { detail, error } = body as { detail?: unknown; error?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    if (typeof error === 'string' && error) return error;
  }
  return MA.toast.selectorFallback;
}

/**
 * The answer body behind a failed call, in the REST shape: a tRPC error the server sent carries its
 * message (the REST `detail`) and, for conflicts, an `error` code; a network failure has no body.
 */
export function bodyOfError(err: unknown): unknown {
  if (err instanceof TRPCClientError) {
    if (!serverAnswered(err)) return undefined;
    const extra = (err.data as { extra?: Record<string, unknown> } | undefined)?.extra;
    return { detail: err.message, error: extra?.error };
  }
  if (err && typeof err === 'object' && 'body' in err) return (err as { body: unknown }).body;
  return undefined;
}

export const selectorErrorMessage = (err: unknown) => messageFromBody(bodyOfError(err));
