import type { NextFunction, Request, Response } from 'express';
import { match } from 'path-to-regexp';
import type { RestRoute } from './types';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** 415 for a body that is not JSON (form posts, text), instead of a confusing "expected object". */
export function requireJsonBody(req: Request, res: Response, next: NextFunction) {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (WITH_BODY.has(req.method) && hasBody && !req.is('application/json')) {
    res.status(415).json({ detail: 'El cuerpo debe enviarse como application/json.' });
    return;
  }
  next();
}

/** 405 with an Allow header when the path exists under other methods; a fixed path ('/cotizaciones/public/') is not an id. */
export function methodNotAllowed(routes: RestRoute[]) {
  const matchers = routes.map((r) => ({ method: r.method.toUpperCase(), fixed: !r.path.includes(':'), test: match(r.path.replace(/\/$/, ''), { decode: decodeURIComponent }) }));
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path.replace(/\/$/, '') || '/';
    const hits = matchers.filter((m) => m.test(path));
    const fixed = hits.filter((m) => m.fixed);
    const allowed = [...new Set((fixed.length > 0 ? fixed : hits).map((m) => m.method))];
    if (allowed.length === 0) return next();
    res.set('Allow', allowed.join(', '));
    res.status(405).json({ detail: `Método "${req.method}" no permitido.` });
  };
}
