import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { DomainError, type DomainCode, type FieldErrors } from '../../shared/domainError';
import { M } from '../../shared/messages';

export type { DomainCode, FieldErrors };

/**
 * The one table from a domain code to its HTTP status and tRPC code. The tRPC middleware
 * (trpc/init.ts) and the REST error mapper (rest/errors.ts) both read it.
 */
export const ERROR_MAP = {
  validation: { http: 400, trpc: 'BAD_REQUEST' },
  unauthorized: { http: 401, trpc: 'UNAUTHORIZED' },
  forbidden: { http: 403, trpc: 'FORBIDDEN' },
  not_found: { http: 404, trpc: 'NOT_FOUND' },
  conflict: { http: 409, trpc: 'CONFLICT' },
  invalid_transition: { http: 409, trpc: 'CONFLICT' },
  rate_changed: { http: 409, trpc: 'CONFLICT' },
  rate_limited: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
} as const satisfies Record<DomainCode, { http: number; trpc: TRPC_ERROR_CODE_KEY }>;

/** A failure the user can act on, thrown by services. Transport-free: see ERROR_MAP. */
export class AppError extends DomainError {
  constructor(code: DomainCode, message: string, fields?: FieldErrors, extra?: Record<string, unknown>) {
    super(code, message, fields, extra);
    this.name = 'AppError';
  }
}

/** 400 with DRF-style field messages; the first message is the error's message unless one is given. */
export const validation = (fields: FieldErrors, message = Object.values(fields)[0]?.[0] ?? M.invalidText) => new AppError('validation', message, fields);
/** The message of a form refused on several fields at once (the same the input schemas give). */
export const INVALID_DATA = 'Datos inválidos.';
/** 400 with field messages under the generic "Datos inválidos." */
export const invalidFields = (fields: FieldErrors) => validation(fields, INVALID_DATA);
export const fieldError = (field: string, message: string) => validation({ [field]: [message] });
/** 400 with a `detail` only (no single field is at fault). */
export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError('validation', message, undefined, extra);
export const unauthorized = (message: string = M.notAuthenticated, extra?: Record<string, unknown>) =>
  new AppError('unauthorized', message, undefined, extra);
export const forbidden = (message: string = M.apiForbidden) => new AppError('forbidden', message);
export const notFound = (message: string = M.notFound) => new AppError('not_found', message);
/** 409 `{error: 'conflict', detail, ...extra}`. */
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError('conflict', message, undefined, extra);
/** 409 for a state change the current state does not allow; the answer carries the current state. */
export const invalidTransition = (current: string, message = `La operación no está permitida en el estado actual (${current}).`) =>
  new AppError('invalid_transition', message, undefined, { estado: current });
/** 409 when the rate moved since the quote; `extra` carries the new figures. */
export const rateChanged = (message: string, extra: Record<string, unknown>) => new AppError('rate_changed', message, undefined, extra);
export const rateLimited = (retryAfterSec: number) => new AppError('rate_limited', M.tooManyRequests, undefined, { retryAfter: retryAfterSec });

/** Throws `validation(errors)` when any field has a message. */
export function throwIfFieldErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw validation(errors);
}

/** Postgres unique violation, to turn races into field errors instead of 500s. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as { code?: string; constraint?: string };
  return err?.code === '23505' && (!constraint || err.constraint === constraint);
}

/**
 * Text PostgreSQL cannot store (a NUL character, "\u0000", in a search or a name): bad input, not a
 * server failure. 22021 = character_not_in_repertoire, 22P05 = untranslatable_character.
 */
export function isUnstorableText(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Any failure the user can act on, as an AppError: our own, a domain error of shared code
 * (PricingError…), or text the database refuses. Anything else is a server failure (undefined).
 */
export function toAppError(e: unknown): AppError | undefined {
  if (e instanceof AppError) return e;
  if (e instanceof DomainError) return new AppError(e.code, e.message, e.fields, e.extra);
  if (isUnstorableText(e)) return badRequest(M.invalidText);
  return undefined;
}
