import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createServices } from './services';
import { createTestDb } from './test/testDb';
import { loadEnv } from './env';
import { startTestApp } from './test/harness';
import { createDivisa, createTasa } from './test/fixtures/divisas';

/** The built web client as browsers get it: compressed, hashed assets cached for a year, index.html revalidated. */
describe('web client delivery', () => {
  let url = '';
  let server: Server;
  let dir = '';
  let close: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cambio-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), `export const x = ${JSON.stringify('x'.repeat(5000))};`);
    const database = await createTestDb();
    const env = loadEnv({ JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', DATA_DIR: dir, SEED_DEMO: 'false' } as NodeJS.ProcessEnv);
    const services = createServices(env, { mailer: { send: async () => undefined } });
    const app = createApp({ db: database.db, env, services, clientDir: dir });
    server = await new Promise((ok) => {
      const s = app.listen(0, () => ok(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      await new Promise<void>((ok) => server.close(() => ok()));
      await services.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year as immutable and compresses them with brotli when accepted', async () => {
    const r = await fetch(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(await r.text()).toContain('xxxx');
  });

  it('falls back to gzip, and serves index.html for client routes without caching it', async () => {
    const gz = await fetch(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    for (const path of ['/', '/divisas']) {
      const r = await fetch(`${url}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('<div id="root">');
    }
  });

  it('compresses JSON answers of the API', async () => {
    const r = await fetch(`${url}/api/schema/`, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('br');
    expect((await r.json()).openapi).toMatch(/^3\.1/);
  });
});

/** REST answers are compressed as the client accepts, with the ETag of the JSON they carry. */
describe('REST answer compression', () => {
  it('compresses a large answer as the client accepts, never a small one, and revalidates it with 304', async () => {
    const app = await startTestApp();
    try {
      const token = await app.adminToken();
      const get = (headers: Record<string, string>) => fetch(`${app.url}/api/me/permissions/`, { headers: { authorization: `Bearer ${token}`, ...headers } });
      const plain = await get({ 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const json = await plain.json();
      expect(json.perms.length).toBeGreaterThan(40);
      for (const encoding of ['br', 'gzip']) {
        const r = await get({ 'accept-encoding': encoding });
        expect(r.headers.get('content-encoding')).toBe(encoding);
        expect(r.headers.get('vary')).toContain('Accept-Encoding');
        expect(await r.json()).toEqual(json);
        const etag = r.headers.get('etag')!;
        expect(etag).toBeTruthy();
        const again = await get({ 'accept-encoding': encoding, 'if-none-match': etag, 'cache-control': 'max-age=0' });
        expect(again.status).toBe(304);
      }
      const small = await fetch(`${app.url}/api/health/`, { headers: { 'accept-encoding': 'br' } });
      expect(small.headers.get('content-encoding')).toBeNull();
      // The answer to a write carries no ETag (it is never revalidated), and its body arrives whole.
      const quote = await fetch(`${app.url}/api/operaciones/simular_publica/`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' }, body: JSON.stringify({}),
      });
      expect(quote.status).toBe(400);
      expect(quote.headers.get('etag')).toBeNull();
      const text = await quote.text();
      expect(Number(quote.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      expect(JSON.parse(text)).toHaveProperty('divisa_origen');
    } finally {
      await app.close();
    }
  });

  it('prefers gzip when the client takes both, for lists and for the kept public rates alike', async () => {
    const app = await startTestApp();
    try {
      const token = await app.adminToken();
      const perms = await fetch(`${app.url}/api/me/permissions/`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
      expect(perms.headers.get('content-encoding')).toBe('gzip');
      expect((await perms.json()).perms.length).toBeGreaterThan(40);
      for (let i = 0; i < 16; i++) await createTasa(app, token, (await createDivisa(app, token)).id);
      const rates = (encoding: string, etag?: string) =>
        fetch(`${app.url}/api/cotizaciones/public/`, { headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag, 'cache-control': 'max-age=0' } : {}) } });
      const plain = await rates('identity');
      const body = await plain.json();
      expect(JSON.stringify(body).length).toBeGreaterThan(1024);
      for (const [encoding, used] of [['gzip, br', 'gzip'], ['br', 'br']]) {
        const r = await rates(encoding);
        expect(r.headers.get('content-encoding')).toBe(used);
        expect(r.headers.get('etag')).toBe(plain.headers.get('etag'));
        expect(await r.json()).toEqual(body);
        expect((await rates(encoding, plain.headers.get('etag')!)).status).toBe(304);
      }
    } finally {
      await app.close();
    }
  });
});
