import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError, ERROR_MAP, toAppError, type DomainCode } from '../lib/errors';
import { zodFieldErrors } from '../lib/zodFields';
import { M } from '../../shared/messages';
import type { Logger } from '../lib/logger';
import { errInfo } from '../lib/requestLog';

export interface RestErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A transport-level failure that carries no AppError (input parsing…), read back through ERROR_MAP. */
function fromTrpc(err: TRPCError): AppError | undefined {
  const code = (Object.keys(ERROR_MAP) as DomainCode[]).find((c) => ERROR_MAP[c].trpc === err.code);
  if (err.code === 'PARSE_ERROR') return new AppError('validation', err.message);
  return code ? new AppError(code, err.message) : undefined;
}

/** The DRF-style body of a domain failure (DESIGN §3); the status comes from ERROR_MAP. */
function restBody(app: AppError, tokenProblem: boolean): Omit<RestErrorResponse, 'status'> {
  const extra = app.extra;
  switch (app.code) {
    case 'validation':
      return { body: app.fields ?? { detail: app.message, ...extra } };
    case 'unauthorized': {
      const body: Record<string, unknown> = { detail: app.message };
      if (tokenProblem || extra?.code === 'token_not_valid') body.code = 'token_not_valid';
      else if (extra?.code) body.code = extra.code;
      if (typeof extra?.motivo === 'string') body.motivo = extra.motivo;
      // As DRF's JWT authentication answers (RFC 9110 §11.6.1: a 401 names its scheme).
      return { body, headers: { 'WWW-Authenticate': 'Bearer realm="api"' } };
    }
    case 'forbidden':
      return { body: { detail: app.message || M.apiForbidden, ...(typeof extra?.code === 'string' ? { code: extra.code } : {}) } };
    case 'not_found':
      return { body: { detail: app.message || M.notFound } };
    case 'conflict':
    case 'invalid_transition':
    case 'rate_changed':
      return { body: { error: app.code, detail: app.message, ...extra } };
    case 'rate_limited':
      return { body: { detail: app.message }, headers: { 'Retry-After': String(extra?.retryAfter ?? 60) } };
    case 'unavailable':
      return { body: { detail: app.message }, headers: { 'Retry-After': '5' } };
  }
}

/** Maps a procedure failure to the REST answer third parties expect. */
export function restError(err: unknown, tokenProblem: boolean, log?: Logger): RestErrorResponse {
  const trpcErr = err instanceof TRPCError ? err : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
  const cause = trpcErr.cause;
  if (cause instanceof ZodError) return { status: 400, body: zodFieldErrors(cause) };
  const app = toAppError(cause) ?? fromTrpc(trpcErr);
  if (app) return { status: ERROR_MAP[app.code].http, ...restBody(app, tokenProblem) };
  const status = getHTTPStatusCodeFromError(trpcErr);
  if (status >= 500) {
    log?.error({ err: errInfo(cause ?? trpcErr) }, 'error interno');
    return { status: 500, body: { detail: M.internal } };
  }
  return { status, body: { detail: trpcErr.message } };
}
