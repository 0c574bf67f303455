/**
 * The domain's failure codes. The server maps each to one HTTP status and one tRPC code
 * (`ERROR_MAP` in src/server/lib/errors.ts); shared code (pricing, future rules) only names the code.
 */
export type DomainCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_transition'
  | 'rate_changed'
  | 'rate_limited'
  | 'unavailable';

export type FieldErrors = Record<string, string[]>;

/** A rule of the domain was broken; `message` is Spanish and can be shown to the user as is. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
