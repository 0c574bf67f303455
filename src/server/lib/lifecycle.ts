import type { NextFunction, Request, Response } from 'express';
import { MS } from '../../shared/messagesSecurity';

/**
 * Counts requests in flight so shutdown can wait for them. Once draining, a request that still
 * arrives (on a kept-alive connection) answers 503 and every answer closes its connection.
 */
export function createLifecycle() {
  const inflight = new Set<Response>();
  let draining = false;
  let idle: Array<() => void> = [];
  const onDrain: Array<() => void> = [];
  const settle = () => {
    if (inflight.size === 0) {
      for (const f of idle) f();
      idle = [];
    }
  };
  return {
    middleware(_req: Request, res: Response, next: NextFunction) {
      if (draining) {
        res.setHeader('Connection', 'close');
        res.setHeader('Retry-After', '5');
        res.status(503).json({ detail: MS.shuttingDown });
        return;
      }
      inflight.add(res);
      // 'close' follows 'finish' on every answer and also comes alone when the client went away.
      res.once('close', () => {
        inflight.delete(res);
        settle();
      });
      next();
    },
    get inflight() {
      return inflight.size;
    },
    get draining() {
      return draining;
    },
    /** Runs `fn` when draining starts: answers that never finish by themselves (event streams) end there. */
    onDrain(fn: () => void) {
      onDrain.push(fn);
    },
    /** Stops taking requests and resolves when none is in flight (true) or after `graceMs` (false). */
    drain(graceMs: number): Promise<boolean> {
      draining = true;
      for (const fn of onDrain) fn();
      for (const res of inflight) if (!res.headersSent) res.setHeader('Connection', 'close');
      if (inflight.size === 0) return Promise.resolve(true);
      return new Promise((ok) => {
        const timer = setTimeout(() => ok(false), graceMs);
        idle.push(() => {
          clearTimeout(timer);
          ok(true);
        });
      });
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
