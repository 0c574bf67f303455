import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { SIN_CONEXION } from '../src/client/lib/errors';
import { M } from '../src/shared/messages';

/**
 * A call that never gets the server's answer (the network drops, a proxy answers its own HTML page)
 * is told in Spanish, never with the browser's or the JSON parser's English text; and a failure is
 * never reported as something it is not.
 */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const ENGLISH = /Failed to fetch|Unexpected token|JSON/;
const toasts = (page: Page) => page.locator('[role="status"]');

describe('calls the server did not answer', () => {
  it('the sign-in says the connection failed, in Spanish, when the network drops or a proxy answers HTML', async () => {
    const page = await e.newPage({ width: 375, height: 812 });
    await page.goto(`${e.url}/login`);
    await page.getByLabel('Nombre de usuario').fill(ADMIN.username);
    await page.getByLabel('Contraseña').fill(ADMIN.password);

    await page.route('**/trpc/auth.login*', (r) => r.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(SIN_CONEXION);

    await page.unroute('**/trpc/auth.login*');
    await page.route('**/trpc/auth.login*', (r) => r.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect.poll(async () => (await alert.textContent()) ?? '').not.toMatch(ENGLISH);
    expect(await alert.textContent()).toBe(SIN_CONEXION);

    // The server's own message still shows as it is.
    await page.unroute('**/trpc/auth.login*');
    await page.getByLabel('Contraseña').fill('otra-clave');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => alert.textContent()).toBe('No existe una cuenta activa con las credenciales dadas.');
    await page.context().close();
  });

  it('resending the e-mail code reports a lost connection as such, not as too many attempts', async () => {
    const page = await e.newPage({ width: 375, height: 812 });
    await page.goto(`${e.url}/register/verificar?email=nadie%40correo.com.py`);
    await page.route('**/trpc/auth.resendCode*', (r) => r.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await toasts(page).filter({ hasText: SIN_CONEXION }).waitFor();
    expect(await toasts(page).filter({ hasText: M.tooManyRequests }).count()).toBe(0);
    await page.context().close();
  });

  it('Seguridad says the connection failed when the secret cannot be asked for', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/seguridad`);
    await page.route('**/trpc/auth.mfaSetup*', (r) => r.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Configurar la verificación en dos pasos' }).click();
    await toasts(page).filter({ hasText: SIN_CONEXION }).waitFor();
    expect(await toasts(page).filter({ hasText: ENGLISH }).count()).toBe(0);
    await page.context().close();
  });
});
