import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compress, jsonAnswer, MIN_COMPRESS_BYTES, sendJson } from './jsonBody';

const req = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }) as Request;

describe('JSON answer encoding', () => {
  it('negotiates brotli before gzip on a tie, and follows the client’s q-values', () => {
    expect(acceptedEncoding(req('gzip, deflate, br'))).toBe('br');
    expect(acceptedEncoding(req('gzip, br;q=0.5'))).toBe('gzip');
    expect(acceptedEncoding(req('deflate'))).toBe('identity');
    expect(acceptedEncoding(req())).toBe('identity');
    expect(acceptedEncoding(req('br;q=0, gzip;q=0'))).toBe('identity');
  });

  it('compresses to bytes that decompress to the same JSON, in both efforts', () => {
    const body = Buffer.from(JSON.stringify({ perms: Array.from({ length: 100 }, (_, i) => `clientes.change_cliente_${i}`) }));
    for (const effort of ['fast', 'best'] as const) {
      const br = compress(body, 'br', effort);
      const gz = compress(body, 'gzip', effort);
      expect(br.length).toBeLessThan(body.length / 3);
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(gz).equals(body)).toBe(true);
    }
  });

  it('keeps compressed forms of a large kept answer only, each decoding to the same bytes', () => {
    const small = jsonAnswer([{ codigo: 'USD' }]);
    expect(small.encoded).toBeUndefined();
    const rows = Array.from({ length: 40 }, (_, i) => ({ codigo: `C${i}`, compra: '7250.0000', venta: '7350.0000' }));
    const big = jsonAnswer(rows);
    expect(big.body.length).toBeGreaterThanOrEqual(MIN_COMPRESS_BYTES);
    expect(brotliDecompressSync(big.encoded!.br).equals(big.body)).toBe(true);
    expect(gunzipSync(big.encoded!.gzip).equals(big.body)).toBe(true);
  });

  it('sends large answers compressed as the client accepts, small ones and identity as plain JSON', () => {
    const sent: Buffer[] = [];
    const headers: Record<string, unknown> = {};
    const res = {
      status: () => res, vary: () => res, setHeader: (k: string, v: unknown) => ((headers[k] = v), res),
      send: (b: Buffer) => void sent.push(b), end: (b: Buffer) => void sent.push(b),
    } as unknown as Response;
    const get = (enc: string) => ({ method: 'GET', headers: { 'accept-encoding': enc } }) as Request;
    const rows = Array.from({ length: 40 }, (_, i) => ({ codigo: `C${i}`, compra: '7250.0000' }));
    const page = { count: 40, results: rows };
    for (const enc of ['br', 'gzip', 'identity']) sendJson(get(enc), res, 200, page);
    expect(brotliDecompressSync(sent[0]!).toString()).toBe(JSON.stringify(page));
    expect(gunzipSync(sent[1]!).toString()).toBe(JSON.stringify(page));
    expect(sent[2]!.toString()).toBe(JSON.stringify(page));
    sendJson(get('br'), res, 200, { ok: true });
    expect(sent[3]!.toString()).toBe('{"ok":true}');
  });
});
