import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Env } from '../env';

/**
 * The origins the map needs beyond our own: the host of MAP_STYLE_URL when it is an http(s) URL
 * (its style, tiles, glyphs and sprites are usually served from there). Anything else (unset,
 * "offline", a local path) adds nothing.
 */
export function mapOrigins(mapStyleUrl?: string): string[] {
  if (!mapStyleUrl) return [];
  try {
    const u = new URL(mapStyleUrl);
    return u.protocol === 'https:' || u.protocol === 'http:' ? [u.origin] : [];
  } catch {
    return [];
  }
}

const nonceOf = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

/** A fresh nonce per response, for the one inline <style> the toasts library writes into. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

/**
 * Helmet with our policy: scripts and styles only from our origin (plus the nonce'd style element
 * of the toasts), the map's hosts when configured, no framing, no plugins, nosniff, a referrer
 * policy, and HSTS only on requests that arrived over HTTPS (directly or via a trusted proxy).
 */
export function securityHeaders(env: Env): RequestHandler[] {
  const map = mapOrigins(env.mapStyleUrl);
  const base = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", nonceOf],
        imgSrc: ["'self'", 'data:', 'blob:', ...map],
        fontSrc: ["'self'", 'data:', ...map],
        connectSrc: ["'self'", ...map],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 3600, includeSubDomains: true });
  const httpsOnly = (req: Request, res: Response, next: NextFunction) => (req.secure ? hsts(req, res, next) : next());
  return [cspNonce, base, httpsOnly];
}

/**
 * The headers every helmet middleware of `handlers` sets, computed once: run against a recording
 * response at startup. Only for policies that do not depend on the request (no nonce, no HSTS).
 */
function headersOf(handlers: RequestHandler[]): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (k: string, v: unknown) => headers.set(k, String(v)),
    removeHeader: (k: string) => headers.delete(k),
    getHeader: (k: string) => headers.get(k),
  };
  for (const h of handlers) h({ secure: false } as Request, res as unknown as Response, () => undefined);
  return [...headers];
}

/**
 * JSON answers (/api, /trpc) are never rendered as a document: they get the strictest policy
 * (`default-src 'none'`, no framing) and no nonce. Helmet's header set is computed once and copied
 * onto each answer, which keeps the per-request cost of the API to a few header writes.
 */
export function apiSecurityHeaders(): RequestHandler[] {
  const fixed = headersOf([
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  ]);
  const hsts = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 3600, includeSubDomains: true });
  const apply: RequestHandler = (_req, res, next) => {
    for (const [k, v] of fixed) res.setHeader(k, v);
    next();
  };
  // Without TLS on the socket and without X-Forwarded-Proto the request is plain HTTP: no need to ask
  // Express (which parses the peer address against TRUST_PROXY).
  const httpsOnly = (req: Request, res: Response, next: NextFunction) =>
    (req.socket as { encrypted?: boolean }).encrypted || (req.headers['x-forwarded-proto'] !== undefined && req.secure) ? hsts(req, res, next) : next();
  return [apply, httpsOnly];
}

/**
 * Swagger UI (/api/docs) writes inline styles and data: images; its page gets a looser style and
 * image policy, still with no framing and scripts only from our origin.
 */
export const docsHeaders: RequestHandler = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  },
});
