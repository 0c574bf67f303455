import { z } from './zod';
import { MS } from './messagesSecurity';

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
// C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F), line/paragraph separators.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// The same, but a line break (LF, or CR LF) and a tab are allowed in a multi-line text.
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\r(?!\n)/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'control' | 'surrogate';

/** Why the text cannot be stored as typed, or null when it is clean. */
export function textProblem(value: string, multiline = false): TextProblem | null {
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  if ((multiline ? CONTROL_MULTILINE : CONTROL).test(value)) return 'control';
  return null;
}

/**
 * THE check of every free-text field: refuses control characters (CR, LF, NUL, tabs and every
 * other C0/C1 code; a multi-line text keeps LF/CR LF and tabs) and unpaired UTF-16 surrogates with
 * a field error, instead of storing them or letting them turn into U+FFFD. It runs on the raw
 * value, before any trim. Use it as the start of a text schema:
 * `cleanText({ error: textError(M.required) }).trim().min(1, …)`.
 */
export function cleanText(params?: Parameters<typeof z.string>[0], opts: { multiline?: boolean } = {}) {
  return z.string(params).check((ctx) => {
    const problem = textProblem(ctx.value, opts.multiline);
    if (problem) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: problem === 'surrogate' ? MS.badUnicode : opts.multiline ? MS.controlCharsMultiline : MS.controlChars,
        abort: true,
      });
    }
  });
}
