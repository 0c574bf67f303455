import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../../shared/domainError';
import { ERROR_MAP, INVALID_DATA, forbidden, toAppError, unauthorized } from '../lib/errors';
import { hasPerms, type PermRule } from '../lib/permissions';
import { zodFieldErrors } from '../lib/zodFields';
import { M } from '../../shared/messages';
import { TERMINAL_MSG, TERMINAL_SESION_MSG } from '../../shared/schemas/terminal';
import type { AuthUser, Ctx } from './context';
import { checkEnrolment } from '../modules/auth/mfaPolicy';

export type { PermRule };

export const t = initTRPC.context<Ctx>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let fields: Record<string, string[]> | undefined;
    let extra: Record<string, unknown> | undefined;
    let appCode: string | undefined;
    let message = shape.message;
    if (cause instanceof DomainError) {
      fields = cause.fields;
      extra = cause.extra;
      appCode = cause.code;
    } else if (cause instanceof ZodError) {
      fields = zodFieldErrors(cause);
      message = INVALID_DATA;
      appCode = 'validation';
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = M.internal;
    } else if (error.code === 'PARSE_ERROR' || cause instanceof SyntaxError) {
      // tRPC's own answers to a malformed request are English; a client reads Spanish, as REST answers it.
      message = M.malformedInput;
    } else if (error.code === 'METHOD_NOT_SUPPORTED') {
      message = M.methodNotAllowed;
    } else if (error.code === 'NOT_FOUND') {
      message = M.notFound;
    }
    return { ...shape, message, data: { ...shape.data, stack: undefined, fields, extra, appCode } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Writes through these routers change what the kept prices hold (lib/keptPrices.ts): this process
 * drops its copies once such a write ends (even a failed one: it may have committed before failing);
 * the other processes hear of it from the database's notice (lib/notices.ts).
 */
const PRICING_ROUTERS = ['cotizaciones.', 'divisas.', 'metodos.'];
const changesPrices = (type: string, path: string) => type === 'mutation' && PRICING_ROUTERS.some((p) => path.startsWith(p));

/** A domain failure (AppError, PricingError, text the database refuses) as a TRPCError with the code of ERROR_MAP, carrying the AppError as its cause. */
function asTrpcError(cause: unknown) {
  const app = toAppError(cause);
  return app ? new TRPCError({ code: ERROR_MAP[app.code].trpc, message: app.message, cause: app }) : undefined;
}

/**
 * What every procedure's outer layer does around the rest: drops the kept prices after a pricing
 * write (above), and turns a domain failure thrown anywhere below into its TRPCError (asTrpcError).
 */
async function outer<R extends { ok: true } | { ok: false; error: { cause?: unknown } }>(ctx: Ctx, type: string, path: string, next: () => Promise<R>): Promise<R> {
  let result: R;
  try {
    result = await next();
  } finally {
    if (changesPrices(type, path)) ctx.services?.prices?.drop();
  }
  if (result.ok) return result;
  throw asTrpcError(result.error.cause) ?? result.error;
}

/** The signed-in user, or 401; a terminal token is valid only on the terminal paths (issue 13): 403. */
function signedIn(ctx: Ctx) {
  if (ctx.terminal) throw forbidden();
  if (!ctx.user) throw unauthorized(ctx.tokenProblem ? M.tokenInvalid : M.notAuthenticated);
  return ctx.user;
}

/** Procedures are one tRPC layer before their input parser: the outer work and, for signed-in ones, the sign-in and permission check. */
export const baseProcedure = t.procedure.use(({ ctx, type, path, next }) => outer(ctx, type, path, () => next()));

const signedInProcedure = (rule: PermRule | 'signed-in') =>
  t.procedure.use(({ ctx, type, path, next }) => {
    let user: AuthUser;
    try {
      user = signedIn(ctx);
      checkEnrolment(ctx, path);
      if (rule !== 'signed-in' && !hasPerms(ctx.perms, rule)) throw forbidden();
    } catch (e) {
      throw asTrpcError(e) ?? e;
    }
    return outer(ctx, type, path, () => next({ ctx: { user } }));
  });

export const authedProcedure = signedInProcedure('signed-in');

/** Requires every permission in `all` and at least one of `any` (spec 000 §6). */
export const permProcedure = (rule: PermRule) => {
  if (!rule || typeof rule !== 'object') throw new Error('permProcedure: a permission rule is required');
  return signedInProcedure(rule);
};

/** Superusers only (the audit trail). */
export const superuserProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isSuperuser) throw forbidden();
  return next();
});

/** Only a signed-in self-service terminal (its token); a user's token is refused with 403. */
export const terminalProcedure = baseProcedure.use(({ ctx, next }) => {
  if (ctx.terminal) return next({ ctx: { ...ctx, terminal: ctx.terminal } });
  if (ctx.user) throw forbidden(TERMINAL_MSG.soloTerminal);
  // A terminal token its Tauser no longer accepts says why (the kiosk shows it on its activation screen).
  if (ctx.terminalProblem) throw unauthorized(TERMINAL_SESION_MSG[ctx.terminalProblem], { code: 'token_not_valid', motivo: ctx.terminalProblem });
  throw unauthorized(ctx.tokenProblem ? M.tokenInvalid : M.notAuthenticated);
});
