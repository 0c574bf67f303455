import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors';
import { zodFieldErrors } from '../lib/zodFields';
import { M } from '../../shared/messages';

export interface RestErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Maps a procedure failure to the DRF-style bodies third parties expect (DESIGN §3). */
export function restError(err: unknown, tokenProblem: boolean): RestErrorResponse {
  const trpcErr = err instanceof TRPCError ? err : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
  const cause = trpcErr.cause;
  const status = getHTTPStatusCodeFromError(trpcErr);
  const app = cause instanceof AppError ? cause : undefined;
  switch (trpcErr.code) {
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
      if (cause instanceof ZodError) return { status: 400, body: zodFieldErrors(cause) };
      if (app?.fields) return { status: 400, body: app.fields };
      return { status: 400, body: { detail: trpcErr.message, ...app?.extra } };
    case 'UNAUTHORIZED': {
      const body: Record<string, unknown> = { detail: trpcErr.message };
      if (tokenProblem || app?.extra?.code === 'token_not_valid') body.code = 'token_not_valid';
      else if (app?.extra?.code) body.code = app.extra.code;
      return { status: 401, body };
    }
    case 'FORBIDDEN':
      return { status: 403, body: { detail: trpcErr.message || M.apiForbidden } };
    case 'NOT_FOUND':
      return { status: 404, body: { detail: trpcErr.message || M.notFound } };
    case 'CONFLICT':
      return { status: 409, body: { error: 'conflict', detail: trpcErr.message, ...app?.extra } };
    case 'TOO_MANY_REQUESTS': {
      const retry = String(app?.extra?.retryAfter ?? 60);
      return { status: 429, body: { detail: trpcErr.message }, headers: { 'Retry-After': retry } };
    }
    default:
      if (status >= 500) {
        console.error('[api] error interno:', cause ?? trpcErr);
        return { status: 500, body: { detail: M.internal } };
      }
      return { status, body: { detail: trpcErr.message } };
  }
}
