import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from './logger';

const VALID_ID = /^[\w.:-]{1,64}$/;

/** What an error may say in a log line: its kind and message, never the values it was given. */
export function errInfo(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  const code = (e as { code?: unknown }).code;
  return { type: e.name, message: e.message, ...(code ? { code } : {}), stack: e.stack };
}

/**
 * One JSON line per request when it ends: id (echoed as X-Request-Id; a caller's own id is kept
 * when it is sane), method, path without the query string, status, milliseconds and the user id
 * once authenticated (`res.locals.userId`). Bodies, headers and queries are never logged.
 */
export function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('X-Request-Id');
    const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    const start = process.hrtime.bigint();
    // 'close' follows 'finish' on every answer and also comes alone when the client went away.
    res.once('close', () => {
      const status = res.headersSent ? res.statusCode : 499;
      const level = status >= 500 ? 'error' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        reqId: id,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status,
        ms: Math.round(ms * 10) / 10,
        userId: (res.locals.userId as number | undefined) ?? null,
      };
      log[level](line, 'request');
    });
    next();
  };
}
