import type { Request } from 'express';
import { badRequest } from '../lib/errors';
import { M } from '../../shared/messages';

/** A page as the services answer it: `next` and `previous` are page numbers (what the tRPC web client uses). */
interface NumberedPage {
  count: number;
  next: number | null;
  previous: number | null;
  results: unknown[];
}

const isNumberedPage = (v: unknown): v is NumberedPage => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const p = v as Record<string, unknown>;
  const link = (x: unknown) => x === null || typeof x === 'number';
  return typeof p.count === 'number' && Array.isArray(p.results) && link(p.next) && link(p.previous) && Object.keys(p).length === 4;
};

/**
 * The absolute URL of another page of the same request, its query kept, as Django REST Framework
 * gives it: page 1 drops the `page` parameter, unless the list answers whole without it. Scheme and
 * host follow Express's `trust proxy` (X-Forwarded-Proto/-Host only from a trusted proxy).
 */
export function pageUrl(req: Request, page: number, keepFirstPage = false): string {
  let url: URL;
  try {
    url = new URL(req.originalUrl, `${req.protocol}://${req.host ?? 'localhost'}`);
  } catch {
    // A Host or scheme (or a trusted proxy's X-Forwarded-Host/-Proto) that names none ('a b', a port past 65535).
    throw badRequest(M.hostInvalido);
  }
  if (page === 1 && !keepFirstPage) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.href;
}

/** A REST list answer: the page numbers of `next`/`previous` become URLs; anything else goes unchanged. */
export function withPageLinks(req: Request, answer: unknown, keepFirstPage = false): unknown {
  if (!isNumberedPage(answer)) return answer;
  return {
    count: answer.count,
    next: answer.next === null ? null : pageUrl(req, answer.next, keepFirstPage),
    previous: answer.previous === null ? null : pageUrl(req, answer.previous, keepFirstPage),
    results: answer.results,
  };
}

type Json = Record<string, unknown>;

/**
 * The OpenAPI document describes what REST sends: in every paged answer (an object with exactly
 * count, next, previous and results) `next`/`previous` are URLs or null, not the numbers the
 * procedures' output schemas declare.
 */
export function pageLinksInSchema(doc: unknown): void {
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const o = node as Json;
    const props = o.properties as Json | undefined;
    if (props && ['count', 'next', 'previous', 'results'].every((k) => k in props) && Object.keys(props).length === 4) {
      const link = { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }], description: 'URL de la página, con la misma consulta, o null' };
      props.next = link;
      props.previous = link;
    }
    Object.values(o).forEach(visit);
  };
  visit(doc);
}
