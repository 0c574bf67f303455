import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page, type Route } from 'playwright-core';
import { inject } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { startServer, type RunningServer } from '../../src/server/server';
import { startSmtpSink } from './smtpSink';

export const ADMIN = { username: 'admin', password: 'admin-e2e-clave' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The app as `npm start` runs it on the embedded default (PGlite in a fresh DATA_DIR), with the
 * built client, a real SMTP sink, and a headless Chromium. The data folder starts as a copy of the
 * run's empty initialised database (./globalSetup.ts).
 */
export async function startE2e(opts: { env?: Record<string, string>; args?: string[] } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cambio-e2e-'));
  // Outside Vitest (a script that borrows this helper) the app initialises its own.
  if (process.env.VITEST) cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  const smtp = await startSmtpSink();
  const env = loadEnv({
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const server: RunningServer = await startServer(env, { clientDir: 'dist/client' });
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...(opts.args ?? [])],
  });
  return {
    url: server.url,
    server,
    env,
    smtp,
    browser,
    async newPage(viewport = { width: 1280, height: 800 }, context: BrowserContextOptions = {}): Promise<Page> {
      const ctx = await browser.newContext({ viewport, locale: 'es-PY', ...context });
      return ctx.newPage();
    },
    async close() {
      await browser.close();
      await server.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type E2e = Awaited<ReturnType<typeof startE2e>>;

export async function login(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Nombre de usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The body tRPC answers a failed call with (httpLink, no transformer). */
export const trpcFailure = (status: number, code: string, fields?: Record<string, string[]>) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ error: { message: 'fallo', code: -32600, data: { code, httpStatus: status, fields } } }),
});


/**
 * Holds the page's calls whose URL matches `patron` (a tRPC procedure such as 'divisas.deactivate' or a
 * path such as '/api/roles/': a substring; or a RegExp) until `soltar()`: a test can click again while
 * the first call is in flight and then count the calls that went out (`llamadas`). Calls made after
 * `soltar()` go straight through.
 */
export async function retenerLlamadas(page: Page, patron: string | RegExp) {
  const coincide = (url: URL) => (typeof patron === 'string' ? url.href.includes(patron) : patron.test(url.href));
  const retenidas: Route[] = [];
  const llamadas: string[] = [];
  let sueltas = false;
  const handler = async (route: Route) => {
    llamadas.push(`${route.request().method()} ${route.request().url()}`);
    if (sueltas) await route.continue();
    else retenidas.push(route);
  };
  await page.route(coincide, handler);
  return {
    /** Every matching call the page made (method and URL), held or not. */
    llamadas,
    /** How many are held now. */
    get retenidas() {
      return retenidas.length;
    },
    /** Lets the held calls go on, in order, and every later one through. */
    async soltar() {
      sueltas = true;
      for (const r of retenidas.splice(0)) await r.continue();
    },
    /** Lets everything through and stops watching. */
    async quitar() {
      await this.soltar();
      await page.unroute(coincide, handler);
    },
  };
}
