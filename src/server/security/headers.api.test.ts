import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { createApp } from '../app';
import { createServices } from '../services';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { mapOrigins } from '../lib/securityHeaders';
import type { Db } from '../db';

/** Security headers (helmet) on the API, on the web client's page and on the API docs. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const directives = (csp: string | null) =>
  Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

describe('security headers', () => {
  it('every API answer carries nosniff, a referrer policy, no framing and the strictest CSP', async () => {
    for (const path of ['/health/', '/me/permissions/', '/no-existe/']) {
      const r = await app.api('GET', path);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('x-powered-by'), path).toBeNull();
      const csp = directives(r.headers.get('content-security-policy'));
      // A JSON answer is never a document: nothing may load from it, nothing may frame it.
      expect(csp).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(r.headers.get('content-security-policy')).not.toContain('unsafe-inline');
      expect(r.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    }
  });

  it('sends HSTS only for HTTPS requests (X-Forwarded-Proto from a trusted proxy)', async () => {
    expect((await app.api('GET', '/health/')).headers.get('strict-transport-security')).toBeNull();
    const https = await app.api('GET', '/health/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
  });

  it('does not believe X-Forwarded-Proto from an untrusted peer (TRUST_PROXY=false)', async () => {
    const strict = await startTestApp({ env: { TRUST_PROXY: 'false' } });
    try {
      const r = await strict.api('GET', '/health/', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(r.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it('the API docs get their own looser style policy, still without framing or foreign scripts', async () => {
    const r = await fetch(`${app.url}/api/docs/`);
    expect(r.status).toBe(200);
    const csp = directives(r.headers.get('content-security-policy'));
    expect(csp['style-src']).toContain("'unsafe-inline'");
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    expect((await app.api('GET', '/health/', { headers: { 'X-Request-Id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123');
    const made = (await app.api('GET', '/health/', { headers: { 'X-Request-Id': 'a b\u00e9<script>' } })).headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the web client page', () => {
  let server: Server;
  let url: string;
  const dir = mkdtempSync(join(tmpdir(), 'cambio-client-'));
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    const env = loadEnv({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dir, MAP_STYLE_URL: 'https://tiles.example.org/styles/calles.json' } as NodeJS.ProcessEnv);
    const services = createServices(env, { log: createLogger('silent'), mailer: { send: async () => undefined } });
    const express = createApp({ db: undefined as unknown as Db, env, services, clientDir: dir });
    server = await new Promise((ok) => {
      const s = express.listen(0, () => ok(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((ok) => server.close(() => ok()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('gets a fresh nonce for the toasts style element, matching its CSP', async () => {
    const a = await fetch(`${url}/divisas`);
    const b = await fetch(`${url}/`);
    const html = await a.text();
    const nonce = /<style id="_goober" nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(a.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(b.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
    const csp = directives(a.headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('x-frame-options')).toBe('DENY');
  });

  it('allows the map style host (MAP_STYLE_URL) for data and tiles, workers from blob:', async () => {
    const csp = directives((await fetch(`${url}/`)).headers.get('content-security-policy'));
    expect(csp['connect-src']).toEqual(["'self'", 'https://tiles.example.org']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('derives map hosts only from http(s) URLs', () => {
    expect(mapOrigins(undefined)).toEqual([]);
    expect(mapOrigins('offline')).toEqual([]);
    expect(mapOrigins('/mapa/estilo.json')).toEqual([]);
    expect(mapOrigins('javascript:alert(1)')).toEqual([]);
    expect(mapOrigins('http://localhost:8080/style.json')).toEqual(['http://localhost:8080']);
  });
});
