import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../../shared/domainError';
import { ERROR_MAP, INVALID_DATA, forbidden, toAppError, unauthorized } from '../lib/errors';
import { hasPerms, type PermRule } from '../lib/permissions';
import { zodFieldErrors } from '../lib/zodFields';
import { M } from '../../shared/messages';
import type { AuthUser, Ctx } from './context';
import type { Topic } from '../lib/readCache';
import { parsingSync } from './syncParsing';
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
    }
    return { ...shape, message, data: { ...shape.data, stack: undefined, fields, extra, appCode } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;

/**
 * Writes that change what cached copies hold (lib/readCache.ts): prices (every mutation of these
 * routers), access rights (these procedures), the client directory (every mutation of its routers) and
 * the pages of transaction lists and user records (every mutation). After one, even a failed one (it may have
 * committed before failing), `settle` drops this process's copies at once and, for access rights,
 * waits until no process can still answer from what it had; the other processes hear of the change
 * from the database's notice (lib/notices.ts).
 */
const PRICING_ROUTERS = ['cotizaciones.', 'divisas.', 'metodos.'];
const ACCESS_WRITES = new Set([
  'usuarios.update', 'usuarios.deactivate', 'usuarios.asignarRoles', 'roles.update', 'roles.delete', 'auth.verifyEmail', 'auth.passwordResetConfirm',
  // Which clients a customer may see: their kept transaction pages must not outlive a removal anywhere.
  'usuarios.asignarClientes',
]);
/**
 * Dropped by every write through this process, but the quotes (they write nothing) and the writes
 * to what no transaction list or user record shows (sessions, codes, the current client).
 */
const EVERY_WRITE: readonly Topic[] = ['operaciones', 'usuarios'];
const QUIET_WRITES = new Set([
  'auth.login', 'auth.refresh', 'auth.logout', 'auth.resendCode', 'auth.passwordReset', 'terminal.login', 'usuarios.setClienteActual',
]);
const writesShown = (path: string) => !path.startsWith('simulacion.') && !QUIET_WRITES.has(path);
/** Clients and their categories (the client directory: pages of the list and its anchors). */
const DIRECTORY_ROUTERS = ['clientes.', 'categorias.'];
const topicOf = (path: string): Topic | null =>
  PRICING_ROUTERS.some((p) => path.startsWith(p))
    ? 'precios'
    : ACCESS_WRITES.has(path)
      ? 'acceso'
      : DIRECTORY_ROUTERS.some((p) => path.startsWith(p))
        ? 'clientes'
        : null;

/** A domain failure (AppError, PricingError, text the database refuses) as a TRPCError with the code of ERROR_MAP, carrying the AppError as its cause. */
function asTrpcError(cause: unknown) {
  const app = toAppError(cause);
  return app ? new TRPCError({ code: ERROR_MAP[app.code].trpc, message: app.message, cause: app }) : undefined;
}

/**
 * What every procedure's outer layer does around the rest: settles the cached copies after a write
 * (above), and turns a domain failure thrown anywhere below into its TRPCError (asTrpcError).
 */
async function settled<R extends { ok: true } | { ok: false; error: { cause?: unknown } }>(ctx: Ctx, type: string, path: string, next: () => Promise<R>): Promise<R> {
  const topic = type === 'mutation' ? topicOf(path) : null;
  let result: R;
  try {
    result = await next();
  } finally {
    // Transaction lists show much (clients, Tausers, operators, methods…), and users are written by
    // many procedures (sign-in, current client, assignments…): any write drops both here.
    if (type === 'mutation' && writesShown(path)) for (const t of EVERY_WRITE) ctx.services?.caches?.invalidate(t);
    if (topic) await ctx.services?.caches?.settle(topic);
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

/**
 * What signed-in procedures give next(): the type of ctx.user narrowed to the user, with the same
 * context object (ctx.user already is that user once signedIn passed). A `ctx` given to next() makes
 * tRPC copy the whole context on every request.
 */
const SIGNED_IN = { ctx: undefined as unknown as { user: AuthUser } };

/**
 * Procedures are one tRPC layer before their input parser (each layer costs tRPC two copies of its
 * options): the outer work (settled) and, for signed-in ones, the sign-in and permission check.
 */
export const baseProcedure = parsingSync(t.procedure.use(({ ctx, type, path, next }) => settled(ctx, type, path, () => next())));

const signedInProcedure = (rule: PermRule | 'signed-in') =>
  parsingSync(
    t.procedure.use(({ ctx, type, path, next }) => {
      try {
        signedIn(ctx);
        checkEnrolment(ctx, path);
        if (rule !== 'signed-in' && !hasPerms(ctx.perms, rule)) throw forbidden();
      } catch (e) {
        throw asTrpcError(e) ?? e;
      }
      return settled(ctx, type, path, () => next(SIGNED_IN));
    }),
  );

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
  if (ctx.user) throw forbidden();
  throw unauthorized(ctx.tokenProblem ? M.tokenInvalid : M.notAuthenticated);
});
