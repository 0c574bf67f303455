import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const CHILD_ADMIN_PASSWORD = 'admin-hijo-secreto';
const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * A database for servers run as child processes: a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, otherwise a PGlite folder in a temp DATA_DIR; `drop` removes both.
 */
export async function childDatabase(): Promise<{ env: Record<string, string>; url?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cambio-child-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) return { env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
  const name = `cambio_c_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      removeDir();
    },
  };
}

export interface ChildServer {
  proc: ChildProcess;
  url: string;
  /** Every stdout line so far (the JSON log), and stderr text. */
  lines: string[];
  stderr: () => string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
  /** Resolves when a log line satisfies `test`. */
  waitForLine(test: (line: string) => boolean, ms?: number): Promise<string>;
}

/** Runs `src/server/main.ts` as `npm start` would, on a free port, and waits until it listens. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'child-secret-child-secret-child-secret-0123',
      ADMIN_PASSWORD: CHILD_ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let err = '';
  const watchers = new Set<() => void>();
  let buffer = '';
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts.filter(Boolean));
    for (const w of watchers) w();
  });
  proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | string>((ok) => proc.once('exit', (code, signal) => ok(code ?? signal ?? -1)));

  const waitForLine = (test: (line: string) => boolean, ms = 60_000) =>
    new Promise<string>((ok, fail) => {
      const check = () => {
        const hit = lines.find(test);
        if (hit) {
          done();
          ok(hit);
        }
      };
      const timer = setTimeout(() => {
        done();
        fail(new Error(`no matching log line in ${ms} ms; stderr:\n${err}\nstdout:\n${lines.join('\n')}`));
      }, ms);
      const gone = () => {
        done();
        fail(new Error(`the server exited; stderr:\n${err}\nstdout:\n${lines.join('\n')}`));
      };
      const done = () => {
        clearTimeout(timer);
        watchers.delete(check);
        proc.off('exit', gone);
      };
      watchers.add(check);
      proc.once('exit', gone);
      check();
    });

  const listening = await waitForLine((l) => l.includes('Cambio escuchando'), 120_000);
  const port = new URL(JSON.parse(listening).url as string).port;
  return { proc, url: `http://127.0.0.1:${port}`, lines, stderr: () => err, exited, waitForLine };
}

/** A JSON API call against a child server. */
export async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: r.status, body: parsed, headers: r.headers };
}

export async function childAdminToken(base: string): Promise<string> {
  const r = await call(base, 'POST', '/token/', { username: 'admin', password: CHILD_ADMIN_PASSWORD });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.access as string;
}
