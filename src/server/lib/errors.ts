export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS';

export type FieldErrors = Record<string, string[]>;

/** A failure the user can act on. Mapped once to tRPC codes and HTTP statuses. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new AppError('BAD_REQUEST', message, fields);
export const fieldError = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });

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
