import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { M } from '../src/shared/messages';

/**
 * The app works under its Content-Security-Policy: no violation on the main screens, toasts keep
 * their styles (their one inline <style> is allowed by nonce), the API docs render.
 */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

async function watched(): Promise<{ page: Page; violations: string[] }> {
  const page = await e.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (ev) =>
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${ev.violatedDirective} ${ev.blockedURI} ${ev.sourceFile}:${ev.lineNumber}:${ev.columnNumber}`),
    );
  });
  return { page, violations };
}

describe('content security policy in the browser', () => {
  it('the main screens and a toast render without a single violation', async () => {
    const { page, violations } = await watched();
    const response = await page.goto(`${e.url}/login`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('Nombre de usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('equivocada');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(M.badCredentials).first().waitFor();

    await login(page, e.url, ADMIN.username, ADMIN.password);
    for (const path of ['/', '/divisas', '/cotizaciones', '/usuarios', '/clientes', '/configuraciones']) {
      await page.goto(`${e.url}${path}`);
      await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    }
    // Toasts are styled: their rules reached the nonce'd style element.
    const rules = await page.evaluate(() => (document.getElementById('_goober') as HTMLStyleElement | null)?.sheet?.cssRules.length ?? 0);
    expect(rules).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('the API docs render under their own policy', async () => {
    const { page, violations } = await watched();
    await page.goto(`${e.url}/api/docs/`);
    await page.getByText('Cambio API', { exact: false }).first().waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
