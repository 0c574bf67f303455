import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../../shared/domainError';
import { ERROR_MAP, INVALID_DATA, forbidden, toAppError, unauthorized } from '../lib/errors';
import { hasPerms, type PermRule } from '../lib/permissions';
import { zodFieldErrors } from '../lib/zodFields';
import { M } from '../../shared/messages';
import type { Ctx } from './context';
import type { Topic } from '../lib/readCache';
import { parsingSync } from './syncParsing';

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
    }
    return { ...shape, message, data: { ...shape.data, stack: undefined, fields, extra, appCode } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;

/**
 * Writes that change what cached copies hold (lib/readCache.ts): prices (every mutation of these
 * routers) and access rights (these procedures). After one, even a failed one (it may have
 * committed before failing), `settle` drops this process's copies at once and, for access rights,
 * waits until no process can still answer from what it had; the other processes hear of the change
 * from the database's notice (lib/notices.ts).
 */
const PRICING_ROUTERS = ['cotizaciones.', 'divisas.', 'metodos.'];
const ACCESS_WRITES = new Set([
  'usuarios.update', 'usuarios.deactivate', 'usuarios.asignarRoles', 'roles.update', 'roles.delete', 'auth.verifyEmail', 'auth.passwordResetConfirm',
]);
const topicOf = (path: string): Topic | null =>
  PRICING_ROUTERS.some((p) => path.startsWith(p)) ? 'precios' : ACCESS_WRITES.has(path) ? 'acceso' : null;

/**
 * Every procedure's outer layer (one middleware: each layer costs tRPC a copy of its options):
 * settles the cached copies after a write (above), and turns a domain failure thrown anywhere below
 * (AppError, PricingError, text the database refuses) into a TRPCError with the code of ERROR_MAP,
 * carrying the AppError as its cause.
 */
const outer = t.middleware(async ({ ctx, type, path, next }) => {
  const topic = type === 'mutation' ? topicOf(path) : null;
  let result: Awaited<ReturnType<typeof next>>;
  try {
    result = await next();
  } finally {
    if (topic) await ctx.services?.caches?.settle(topic);
  }
  if (result.ok) return result;
  const app = toAppError(result.error.cause);
  if (app) throw new TRPCError({ code: ERROR_MAP[app.code].trpc, message: app.message, cause: app });
  return result;
});

export const baseProcedure = parsingSync(t.procedure.use(outer));

/** The signed-in user, or 401; a terminal token is valid only on the terminal paths (issue 13): 403. */
function signedIn(ctx: Ctx) {
  if (ctx.terminal) throw forbidden();
  if (!ctx.user) throw unauthorized(ctx.tokenProblem ? M.tokenInvalid : M.notAuthenticated);
  return ctx.user;
}

export const authedProcedure = baseProcedure.use(({ ctx, next }) => next({ ctx: { user: signedIn(ctx) } }));

/** Requires every permission in `all` and at least one of `any` (spec 000 §6); one layer with the sign-in check. */
export const permProcedure = (rule: PermRule) =>
  baseProcedure.use(({ ctx, next }) => {
    const user = signedIn(ctx);
    if (!hasPerms(ctx.perms, rule)) throw forbidden();
    return next({ ctx: { user } });
  });

/** Superusers only (the audit trail). */
export const superuserProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isSuperuser) throw forbidden();
  return next();
});

/** Only a signed-in self-service terminal (its token); a user's token is refused with 403. */
export const terminalProcedure = baseProcedure.use(({ ctx, next }) => {
  if (ctx.terminal) return next({ ctx: { ...ctx, terminal: ctx.terminal } });
  if (ctx.user) throw forbidden();
  throw unauthorized(ctx.tokenProblem ? M.tokenInvalid : M.notAuthenticated);
});
