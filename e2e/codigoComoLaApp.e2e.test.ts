import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { login, startE2e, type E2e } from './support/app';
import { DEMO_OPERATOR } from '../src/server/db/seed/demo';

/**
 * Authenticator apps show the code as "123 456". Typed exactly so, it turns the second factor on in
 * Seguridad and completes the sign-in (it was cut to "123 45" by the field, or refused as wrong).
 */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

/** The code as the app shows it, for the time step `ahead` steps from now. */
const comoLaApp = (secret: string, ahead = 0) => {
  const c = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * ahead });
  return `${c.slice(0, 3)} ${c.slice(3)}`;
};
const menu = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' }).locator('button[aria-haspopup="menu"]');

describe('a second-factor code typed with the space the app shows', () => {
  it('turns the second factor on, then signs in', async () => {
    const page = await e.newPage({ width: 375, height: 812 });
    await login(page, e.url, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.goto(`${e.url}/seguridad`);
    await page.getByRole('button', { name: 'Configurar la verificación en dos pasos' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByLabel('Código de 6 dígitos de la aplicación').fill(comoLaApp(secret));
    await page.getByLabel('Tu contraseña').fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.getByTestId('mfa-state').waitFor();

    // The user menu is in the bar's wide layout.
    await page.setViewportSize({ width: 1280, height: 800 });
    await menu(page).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.goto(`${e.url}/login`);
    await page.getByLabel('Nombre de usuario').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Contraseña').fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    // The enrolment spent the current step: the next one's code.
    await page.getByLabel('Código').fill(comoLaApp(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`${e.url}/`);
    await menu(page).waitFor();
    await page.context().close();
  });
});
