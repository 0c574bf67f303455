import { z } from 'zod';

// Every generic validation message (types, unknown keys…) in Spanish.
z.config(z.locales.es());
// In the browser the CSP forbids eval: without this zod probes `new Function` (a CSP violation
// report on every page) before falling back to the same non-compiled parsing.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * The error of a text field: `missing` when the value is absent, 'Debe ser texto' when it has
 * another type (a number or a list where text was expected).
 */
export const textError = (missing: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? missing : 'Debe ser texto';

/**
 * The OpenAPI description of a decimal field read from a JSON number or a text (`z.unknown()` then a
 * transform, which the document would otherwise show with no type).
 */
export const decimalDoc = (description: string, example: string) => ({ description, examples: [example], anyOf: [{ type: 'number' }, { type: 'string' }] });
