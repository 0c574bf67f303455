import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, trpcFailure, type E2e } from './support/app';
import { pasosDelAsistente } from './support/wizard';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { TASA_LOAD_MSG } from '../src/shared/rates';
import { OP_MSG } from '../src/shared/transacciones';
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

describe("the customer's wizard when a read fails", () => {
  const { hastaResumen } = pasosDelAsistente(() => e.url);

  it('currencies that could not be read are said with Reintentar, not an endless Cargando…', async () => {
    const page = await e.newPage({ width: 375, height: 812 });
    await page.route('**/trpc/divisas.conTasa*', (r) => r.fulfill(trpcFailure(503, 'SERVICE_UNAVAILABLE')));
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.goto(`${e.url}/operacion-compra-venta`);
    const error = page.getByTestId('divisas-error');
    await error.getByText(TASA_LOAD_MSG.cargarError).waitFor();
    await page.unroute('**/trpc/divisas.conTasa*');
    await error.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await expect.poll(() => page.getByLabel('Entregas').locator('option').count()).toBeGreaterThan(2);
    expect(await error.count()).toBe(0);
    await page.context().close();
  });

  it('pending operations that could not be read are said, not taken for none', async () => {
    const page = await e.newPage();
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.route('**/trpc/transacciones.list*', (r) => r.fulfill(trpcFailure(503, 'SERVICE_UNAVAILABLE')));
    await page.goto(`${e.url}/operacion-compra-venta`);
    const error = page.getByTestId('pendientes-error');
    await error.waitFor();
    await page.unroute('**/trpc/transacciones.list*');
    await error.getByRole('button', { name: 'Reintentar' }).click();
    await error.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('paying an operation another tab already paid shows it confirmed, with no error toast', async () => {
    const [a, b] = [await e.newPage(), await e.newPage()];
    for (const p of [a, b]) await login(p, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const tx = await hastaResumen(a);
    await b.goto(a.url());
    for (const p of [a, b]) {
      await p.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
      await p.getByRole('button', { name: 'Revisar Términos' }).click();
      await p.getByLabel('He leído y acepto los términos y condiciones').check();
    }
    await a.getByRole('button', { name: 'Pagar' }).click();
    await a.getByTestId('confirmacion').waitFor();
    await b.getByRole('button', { name: 'Pagar' }).click();
    await b.getByTestId('confirmacion').waitFor();
    expect(await b.getByTestId('codigo-transaccion').textContent()).toBe(await a.getByTestId('codigo-transaccion').textContent());
    expect(await toasts(b).filter({ hasText: OP_MSG.operacionError }).count()).toBe(0);
    expect(tx).toBeGreaterThan(0);
    for (const p of [a, b]) await p.context().close();
  });
});

