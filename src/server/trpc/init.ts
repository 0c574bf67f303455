import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, isUnstorableText } from '../lib/errors';
import { zodFieldErrors } from '../lib/zodFields';
import { M } from '../../shared/messages';
import type { Ctx } from './context';

export const t = initTRPC.context<Ctx>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let fields: Record<string, string[]> | undefined;
    let extra: Record<string, unknown> | undefined;
    let message = shape.message;
    if (cause instanceof AppError) {
      fields = cause.fields;
      extra = cause.extra;
    } else if (cause instanceof ZodError) {
      fields = zodFieldErrors(cause);
      message = 'Datos inválidos.';
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = M.internal;
    }
    return { ...shape, message, data: { ...shape.data, stack: undefined, fields, extra } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;

/**
 * Turns an AppError thrown anywhere below into a TRPCError carrying it, and text the database
 * refuses (a NUL character) into a 400 instead of a 500.
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = isUnstorableText(result.error.cause) ? new AppError('BAD_REQUEST', M.invalidText) : result.error.cause;
  if (cause instanceof AppError) throw new TRPCError({ code: cause.code, message: cause.message, cause });
  return result;
});

export const baseProcedure = t.procedure.use(appErrors);

export const authedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.tokenProblem ? M.tokenInvalid : M.notAuthenticated });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export interface PermRule {
  all?: string[];
  any?: string[];
}

export function hasPerms(perms: ReadonlySet<string>, rule: PermRule): boolean {
  const all = rule.all ?? [];
  const any = rule.any ?? [];
  return all.every((p) => perms.has(p)) && (any.length === 0 || any.some((p) => perms.has(p)));
}

/** Requires every permission in `all` and at least one of `any` (spec 000 §6). */
export const permProcedure = (rule: PermRule) =>
  authedProcedure.use(({ ctx, next }) => {
    if (!hasPerms(ctx.perms, rule)) throw new TRPCError({ code: 'FORBIDDEN', message: M.apiForbidden });
    return next();
  });

/** Superusers only (the audit trail). */
export const superuserProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isSuperuser) throw new TRPCError({ code: 'FORBIDDEN', message: M.apiForbidden });
  return next();
});

export function assertPerms(ctx: Pick<Ctx, 'perms'>, rule: PermRule): void {
  if (!hasPerms(ctx.perms, rule)) throw new AppError('FORBIDDEN', M.apiForbidden);
}
