import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';

/** Below this an answer fits in one packet anyway: compressing it costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli or gzip for answers written as a stream (static files, tRPC, file downloads, the API's
 * schema): mounted only where those are answered, so a REST JSON answer passes no extra layer.
 */
export const compressStreams = (): RequestHandler => compression({ threshold: MIN_COMPRESS_BYTES });

/** The fastest level: on a JSON answer of a few kilobytes it costs half the default's time for ~8 % more bytes. */
const GZIP = { level: 1 };
/** Brotli's default (quality 11) is its slowest; 1 is its fastest level that still compresses JSON well. */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } };

/**
 * A whole JSON body, compressed in one synchronous step as the client accepts: gzip first (for the
 * few kilobytes of an API answer it compresses as well as brotli at a fraction of the cost), brotli
 * for a client that takes only that. One step and one socket write, where a compression stream
 * per answer cost a third of a small read.
 */
function encode(req: Request, res: Response, body: string, gzipped?: () => Buffer): string | Buffer {
  if (body.length < MIN_COMPRESS_BYTES || req.method === 'HEAD') return body;
  res.vary('Accept-Encoding');
  if (req.acceptsEncodings('gzip') === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    return gzipped ? gzipped() : gzipSync(body, GZIP);
  }
  if (req.acceptsEncodings('br') === 'br') {
    res.setHeader('Content-Encoding', 'br');
    return brotliCompressSync(body, BROTLI);
  }
  return body;
}

/**
 * A JSON answer of the REST API. To a read (GET, HEAD) Express adds the ETag of the bytes sent and
 * answers 304 to a matching If-None-Match; the answer to a write is the outcome of that write,
 * never revalidated: it goes out without an ETag.
 */
export function sendJson(req: Request, res: Response, status: number, data: unknown) {
  res.status(status).setHeader('Content-Type', 'application/json; charset=utf-8');
  const body = encode(req, res, JSON.stringify(data ?? null));
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.send(body);
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** A JSON answer serialized once (the kept public rates): its bytes, their gzip form and their ETag. */
export interface JsonAnswer<T> {
  data: T;
  body: string;
  etag: string;
  gzipped: () => Buffer;
}

export function jsonAnswer<T>(data: T): JsonAnswer<T> {
  const body = JSON.stringify(data);
  // Compressed once per change, at the default level (a few percent smaller than GZIP's).
  let gz: Buffer | undefined;
  // Weak: the same JSON goes out as plain, gzip or brotli bytes.
  return { data, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, gzipped: () => (gz ??= gzipSync(body)) };
}

/**
 * Sends a kept answer with its ETag: 304 when the caller already holds it. `no-cache`: a browser
 * keeps it but asks again, and gets 304 while unchanged.
 */
export function sendAnswer(req: Request, res: Response, answer: JsonAnswer<unknown>) {
  res.set({ ETag: answer.etag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8' });
  res.send(encode(req, res, answer.body, answer.gzipped));
}
