import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compress, jsonAnswer, MIN_COMPRESS_BYTES, sendJson } from './jsonBody';
import { markKept } from './keptValues';

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

  it('serializes and compresses a kept value once per encoding; any other value on every answer', () => {
    const sent: Buffer[] = [];
    const headers: Record<string, unknown> = {};
    const res = {
      status: () => res, vary: () => res, setHeader: (k: string, v: unknown) => ((headers[k] = v), res),
      send: (b: Buffer) => void sent.push(b), end: (b: Buffer) => void sent.push(b),
    } as unknown as Response;
    const get = (enc: string) => ({ method: 'GET', headers: { 'accept-encoding': enc } }) as Request;
    const rows = Array.from({ length: 40 }, (_, i) => ({ codigo: `C${i}`, compra: '7250.0000' }));
    const kept = markKept({ count: 40, results: rows });
    for (const enc of ['br', 'br', 'gzip', 'gzip', 'identity']) sendJson(get(enc), res, 200, kept);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[3]).toBe(sent[2]);
    expect(brotliDecompressSync(sent[0]!).toString()).toBe(JSON.stringify(kept));
    expect(gunzipSync(sent[2]!).toString()).toBe(JSON.stringify(kept));
    expect(sent[4]!.toString()).toBe(JSON.stringify(kept));
    const fresh = { count: 40, results: rows };
    sendJson(get('br'), res, 200, fresh);
    sendJson(get('br'), res, 200, fresh);
    expect(sent[6]).not.toBe(sent[5]);
    expect(sent[6]!.equals(sent[5]!)).toBe(true);
  });
});
