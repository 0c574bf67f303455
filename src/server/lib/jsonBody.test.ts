import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, sendAnswer } from './jsonBody';

describe('kept JSON answers', () => {
  it('carry a weak ETag of their JSON: the same data, the same tag; other data, another tag', () => {
    const a = jsonAnswer([{ codigo: 'USD', compra: '7250.0000' }]);
    expect(a.body).toBe('[{"codigo":"USD","compra":"7250.0000"}]');
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(jsonAnswer([{ codigo: 'USD', compra: '7250.0000' }]).etag).toBe(a.etag);
    expect(jsonAnswer([{ codigo: 'USD', compra: '7260.0000' }]).etag).not.toBe(a.etag);
  });

  it('are sent with their ETag and asked again by browsers (no-cache)', () => {
    const headers: Record<string, string> = {};
    let sent = '';
    const res = { set: (h: Record<string, string>) => (Object.assign(headers, h), res), send: (b: string) => void (sent = b) } as unknown as Response;
    const a = jsonAnswer({ ok: true });
    sendAnswer({} as Request, res, a);
    expect(headers).toMatchObject({ ETag: a.etag, 'Cache-Control': 'no-cache' });
    expect(sent).toBe('{"ok":true}');
  });
});
