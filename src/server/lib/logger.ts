import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Keys whose values never reach a log line, wherever they appear: passwords, tokens, codes and
 * card data. Request bodies are never logged in the first place; this is the second fence.
 */
const SECRET_KEYS = [
  'password', 'confirm_password', 'new_password', 'token', 'access', 'refresh', 'code', 'authorization', 'cookie',
  'numero_tarjeta', 'card', 'cvv', 'pan',
];
export const REDACT_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`), 'req.headers.authorization', 'req.headers.cookie'];

/** One JSON line per event on stdout (or `destination`); level from LOG_LEVEL. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'cambio' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[oculto]' },
    },
    destination,
  );
}
