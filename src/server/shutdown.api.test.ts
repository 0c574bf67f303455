import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { call, childAdminToken, childDatabase, startChildServer, type ChildServer } from './test/childServer';

/**
 * The real server as a child process (PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise).
 * SIGTERM: no new connections, requests in flight finish, exit 0 with no error logged.
 * SIGKILL during a batch of multi-row writes: after a restart every change is whole or absent.
 */
const drops: Array<() => Promise<void>> = [];
const children: ChildServer[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  for (const d of drops) await d();
});

async function start(env: Record<string, string>) {
  const c = await startChildServer(env);
  children.push(c);
  return c;
}

/** A POST whose body is sent in two parts; resolves `accepted` once the server took the request. */
function slowPost(base: string, path: string, token: string, body: unknown) {
  const json = Buffer.from(JSON.stringify(body));
  const url = new URL(`${base}/api${path}`);
  let accepted!: () => void;
  let finish!: () => void;
  const acceptedP = new Promise<void>((ok) => (accepted = ok));
  const response = new Promise<{ status: number; body: any }>((ok, fail) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(json.length),
        authorization: `Bearer ${token}`,
        // The server answers "100 Continue" once it dispatched the request to the app.
        expect: '100-continue',
      },
    });
    req.on('continue', () => {
      req.write(json.subarray(0, 5));
      accepted();
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', fail);
    finish = () => req.end(json.subarray(5));
  });
  return { accepted: acceptedP, response, finish: () => finish() };
}

const errorLines = (c: ChildServer) =>
  c.lines.filter((l) => {
    try {
      return (JSON.parse(l) as { level: number }).level >= 50;
    } catch {
      return true; // not JSON: something wrote around the logger
    }
  });

describe('SIGTERM', () => {
  it('stops accepting, lets slow requests finish, closes the pool last and exits 0', async () => {
    const db = await childDatabase();
    drops.push(db.drop);
    const c = await start({ ...db.env, SHUTDOWN_GRACE: '30s' });
    const token = await childAdminToken(c.url);
    const slow = [1, 2, 3].map((i) => slowPost(c.url, '/roles/', token, { name: `apagado-${i}`, permissions: [1, 2] }));
    await Promise.all(slow.map((s) => s.accepted));
    // An open rates stream (Server-Sent Events) never ends by itself: draining must end it. Its own
    // connection (no agent), so the check below that new connections are refused stays meaningful.
    let streamEnded!: Promise<string>;
    await new Promise<void>((opened, fail) => {
      http.get(`${c.url}/api/cotizaciones/public/stream/`, { agent: false }, (res) => {
        expect(res.statusCode).toBe(200);
        let text = '';
        streamEnded = new Promise((ok) => res.on('end', () => ok(text)));
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        opened();
      }).on('error', fail);
    });

    c.proc.kill('SIGTERM');
    await c.waitForLine((l) => l.includes('apagando'));
    // Ended while the slow requests are still in flight.
    expect(await streamEnded).toContain(': conectado');
    // No new connections once shutting down.
    await expect(fetch(`${c.url}/api/health/`)).rejects.toThrow();

    for (const s of slow) s.finish();
    const answers = await Promise.all(slow.map((s) => s.response));
    for (const a of answers) expect(a.status).toBe(201);
    expect(await c.exited).toBe(0);

    expect(errorLines(c)).toEqual([]);
    expect(c.stderr()).not.toMatch(/destroyed|Error/);
    expect(c.lines.some((l) => l.includes('servidor detenido'))).toBe(true);
    const requests = c.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request' && l.path === '/api/roles/');
    expect(requests.map((r) => r.status)).toEqual([201, 201, 201]);
  }, 180_000);
});

describe('SIGKILL during writes', () => {
  it('leaves no partial change: every role has its whole permission set and its audit row', async () => {
    const db = await childDatabase();
    drops.push(db.drop);
    const c = await start(db.env);
    const token = await childAdminToken(c.url);
    const SET_A = [1, 2, 3, 4, 5, 6, 7, 8];
    const SET_B = [9, 10, 11, 12, 13, 14, 15, 16];

    // Writers create roles with 8 permissions and replace the whole set, until the server dies.
    let ok = 0;
    let dead = false;
    const writer = async (w: number) => {
      for (let i = 0; !dead; i++) {
        try {
          const r = await call(c.url, 'POST', '/roles/', { name: `kill-${w}-${i}`, permissions: SET_A }, token);
          if (r.status === 201) {
            ok++;
            const u = await call(c.url, 'PUT', `/roles/${r.body.id}/`, { name: `kill-${w}-${i}`, permissions: SET_B }, token);
            if (u.status === 200) ok++;
          }
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    const deadline = Date.now() + 60_000;
    while (ok < 12 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(ok).toBeGreaterThanOrEqual(12);
    c.proc.kill('SIGKILL');
    dead = true;
    expect(await c.exited).toBe('SIGKILL');
    await Promise.all(writers);

    const again = await start(db.env);
    const t2 = await childAdminToken(again.url);
    const roles = (await call(again.url, 'GET', '/roles/?all=true', undefined, t2)).body as { id: number; name: string; permissions: number[] }[];
    const killed = roles.filter((r) => r.name.startsWith('kill-'));
    expect(killed.length).toBeGreaterThanOrEqual(6);
    for (const r of killed) {
      const perms = [...r.permissions].sort((a, b) => a - b);
      expect([SET_A, SET_B], `${r.name}: ${perms.join(',')}`).toContainEqual(perms);
    }
    const audit = await call(again.url, 'GET', '/auditoria/?entity=rol', undefined, t2);
    const creates = await countAudit(again.url, t2, 'create');
    expect(audit.status).toBe(200);
    expect(creates).toBe(killed.length);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});

/** Audit rows of roles with the given action, over every page. */
async function countAudit(base: string, token: string, action: string): Promise<number> {
  let n = 0;
  for (let page = 1; ; page++) {
    const r = await call(base, 'GET', `/auditoria/?entity=rol&page=${page}`, undefined, token);
    n += (r.body.results as { action: string }[]).filter((a) => a.action === action).length;
    if (!r.body.next) return n;
  }
}
