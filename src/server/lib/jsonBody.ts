import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import type { Request, Response } from 'express';

/** Below this an answer fits in one packet anyway: compressing it costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

const AVAILABLE: readonly Encoding[] = ['br', 'gzip', 'identity'];
const PREFERRED = { preferred: ['br', 'gzip'] };

/** The encoding the client accepts best (negotiator, brotli before gzip on a tie). */
export function acceptedEncoding(req: Request): Encoding {
  const n = new Negotiator(req) as unknown as { encoding(available: readonly string[], opts: typeof PREFERRED): string | undefined };
  return (n.encoding(AVAILABLE, PREFERRED) as Encoding | undefined) ?? 'identity';
}

/**
 * One synchronous call on a finished buffer. `fast` (every answer): the lowest levels, ~12 µs for
 * 2 KB and still 5–6× smaller (JSON repeats its keys); `best` (the kept public rates, serialized once per change):
 * the highest ratio.
 */
export function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>, effort: 'fast' | 'best' = 'fast'): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: effort === 'best' ? 9 : 1 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 11 : 1,
      [constants.BROTLI_PARAM_LGWIN]: effort === 'best' ? 22 : 16,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * A JSON answer of the REST API: serialized, then compressed in one step when it is large enough and
 * the client accepts br or gzip. (A streaming compressor per answer, the compression middleware,
 * took ~40 % of the throughput of a 2 KB answer; it still serves the web client and /trpc.)
 * To a read (GET, HEAD) Express adds the ETag of the bytes sent and answers 304 to a matching
 * If-None-Match. The answer to a write is the outcome of that write, never revalidated: it goes out
 * without an ETag (hashing it was 2 % of the public simulator's time).
 */
export function sendJson(req: Request, res: Response, status: number, data: unknown) {
  let body: Buffer = Buffer.from(JSON.stringify(data ?? null));
  res.status(status).vary('Accept-Encoding').setHeader('Content-Type', 'application/json; charset=utf-8');
  if (body.length >= MIN_COMPRESS_BYTES && req.method !== 'HEAD') {
    const encoding = acceptedEncoding(req);
    if (encoding !== 'identity') {
      body = compress(body, encoding);
      res.setHeader('Content-Encoding', encoding);
    }
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.send(body);
    return;
  }
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** A JSON answer serialized once (a cached public read): its bytes, their compressed forms and a strong ETag. */
export interface JsonAnswer<T> {
  data: T;
  body: Buffer;
  etag: string;
  encoded?: { br: Buffer; gzip: Buffer };
}

export function jsonAnswer<T>(data: T): JsonAnswer<T> {
  const body = Buffer.from(JSON.stringify(data));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const encoded = body.length >= MIN_COMPRESS_BYTES ? { br: compress(body, 'br', 'best'), gzip: compress(body, 'gzip', 'best') } : undefined;
  return { data, body, etag, encoded };
}

/**
 * Sends a kept answer as the client accepts it; each encoding has its own strong ETag (they are
 * different bytes). `no-cache`: a browser keeps it but asks again, and gets 304 while unchanged.
 */
export function sendAnswer(req: Request, res: Response, answer: JsonAnswer<unknown>) {
  const encoding = answer.encoded ? acceptedEncoding(req) : 'identity';
  res.vary('Accept-Encoding').set({ 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8' });
  if (encoding === 'identity' || !answer.encoded) {
    res.setHeader('ETag', answer.etag);
    res.send(answer.body);
    return;
  }
  res.set({ ETag: `${answer.etag.slice(0, -1)}-${encoding}"`, 'Content-Encoding': encoding });
  res.send(answer.encoded[encoding]);
}
