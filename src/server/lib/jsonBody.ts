import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** Below this an answer fits in one packet anyway: compressing it costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * A JSON answer of the REST API (compressed by the app's compression middleware). To a read (GET,
 * HEAD) Express adds the ETag of the body and answers 304 to a matching If-None-Match; the answer
 * to a write is the outcome of that write, never revalidated: it goes out without an ETag.
 */
export function sendJson(req: Request, res: Response, status: number, data: unknown) {
  const body = JSON.stringify(data ?? null);
  res.status(status).setHeader('Content-Type', 'application/json; charset=utf-8');
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.send(body);
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** A JSON answer serialized once (the kept public rates): its bytes and their ETag. */
export interface JsonAnswer<T> {
  data: T;
  body: string;
  etag: string;
}

export function jsonAnswer<T>(data: T): JsonAnswer<T> {
  const body = JSON.stringify(data);
  // Weak: the compression middleware may send other bytes for the same JSON.
  return { data, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends a kept answer with its ETag: 304 when the caller already holds it. `no-cache`: a browser
 * keeps it but asks again, and gets 304 while unchanged.
 */
export function sendAnswer(_req: Request, res: Response, answer: JsonAnswer<unknown>) {
  res.set({ ETag: answer.etag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8' });
  res.send(answer.body);
}
