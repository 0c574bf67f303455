import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createDivisa, createTasa } from '../../test/fixtures';
import { createApp } from '../../app';
import { createLifecycle } from '../../lib/lifecycle';
import express from 'express';
import { createTasasEnVivo } from './enVivo';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ notices: true });
  admin = await app.adminToken();
});
afterAll(() => app.close());

/** Opens the rates' stream and collects what it sends. */
async function abrir(base = app.url) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/cotizaciones/public/stream/`, { signal: ctrl.signal });
  let text = '';
  let ended = false;
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  return {
    res,
    text: () => text,
    ended: () => ended,
    events: () => [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => ({ event: m[1], data: JSON.parse(m[2]) as unknown })),
    close: () => ctrl.abort(),
  };
}

describe('GET /api/cotizaciones/public/stream/', () => {
  it('is a public event stream: a rate change through the API is an event on an open stream', async () => {
    const s = await abrir();
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    await vi.waitFor(() => expect(s.text()).toContain(': conectado'));
    expect(s.events()).toEqual([]);

    const divisa = await createDivisa(app, admin);
    await vi.waitFor(() => expect(s.events()).toHaveLength(1));
    const tasa = await createTasa(app, admin, divisa.id);
    await vi.waitFor(() => expect(s.events()).toHaveLength(2));
    const r = await app.api('PATCH', `/cotizaciones/${tasa.id}/`, { token: admin, body: { precioBase: '1100' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await vi.waitFor(() => expect(s.events()).toHaveLength(3));
    expect(s.events()[2]).toEqual({ event: 'tasas', data: { cambio: 'precios', en: expect.any(String) } });
    s.close();
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await app.api('GET', '/schema/')).body;
    const op = doc.paths['/api/cotizaciones/public/stream/'].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
  });

  it('a change nobody sees (a refused write) sends nothing; a client that leaves is let go', async () => {
    const s = await abrir();
    await vi.waitFor(() => expect(app.services.tasasEnVivo.abiertos).toBe(1));
    const bad = await app.api('POST', '/cotizaciones/', { token: admin, body: { divisa: 'x' } });
    expect(bad.status).toBe(400);
    s.close();
    await vi.waitFor(() => expect(app.services.tasasEnVivo.abiertos).toBe(0));
    expect(s.events()).toEqual([]);
  });

  it('keep-alive comments while idle', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const s = await abrir();
      await vi.waitFor(() => expect(app.services.tasasEnVivo.abiertos).toBe(1));
      vi.advanceTimersByTime(25_000);
      await vi.waitFor(() => expect(s.text()).toContain(': ping\n\n'));
      s.close();
      await vi.waitFor(() => expect(app.services.tasasEnVivo.abiertos).toBe(0));
    } finally {
      vi.useRealTimers();
    }
  });

  it('open streams do not hold a graceful shutdown: draining ends them at once', async () => {
    const lifecycle = createLifecycle();
    const own = createApp({ db: app.db, env: app.env, services: app.services, lifecycle });
    const server: Server = await new Promise((ok) => {
      const srv = own.listen(0, () => ok(srv));
    });
    try {
      const s = await abrir(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await vi.waitFor(() => expect(lifecycle.inflight).toBe(1));
      const started = Date.now();
      expect(await lifecycle.drain(10_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      await vi.waitFor(() => expect(s.ended()).toBe(true));
    } finally {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  });

  it('past the cap of open streams a new one is refused with 503 and Retry-After', async () => {
    const hub = createTasasEnVivo({ maxStreams: 1 });
    const own = express().get('/api/cotizaciones/public/stream/', (req, res) => hub.abrir(req, res));
    const server: Server = await new Promise((ok) => {
      const srv = own.listen(0, () => ok(srv));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const s = await abrir(base);
      await vi.waitFor(() => expect(hub.abiertos).toBe(1));
      const refused = await fetch(`${base}/api/cotizaciones/public/stream/`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      s.close();
      await vi.waitFor(() => expect(hub.abiertos).toBe(0));
    } finally {
      hub.cerrarTodos();
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  });
});
