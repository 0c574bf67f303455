import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { DEMO_CUSTOMER, DEMO_OPERATOR } from '../src/server/db/seed/demo';
import { MF } from '../src/shared/messagesMfa';
import { MS } from '../src/shared/messagesSecurity';
import { M } from '../src/shared/messages';
import { SIN_CONEXION } from '../src/client/lib/errors';

/**
 * Seguridad: a customer turns on the second factor with a code computed from the shown secret, signs
 * out, signs in with password + code and with a recovery code; a forgotten password is reset from
 * /login; a role that requires the second factor sends its member to enrolment first.
 */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

/** The code of the next time step: the enrolment spent the current one (each code is accepted once). */
const nextCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** The demo customer's user menu (the navbar shows the first name; the client selector, named 'Cliente actual: María González', is a listbox). */
const menu = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' }).locator('button[aria-haspopup="menu"]');

async function signOut(page: Page) {
  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.waitForURL(`${e.url}/`);
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto(`${e.url}/login`);
  await page.getByLabel('Nombre de usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

describe('second factor on screen', () => {
  it('enrol from Seguridad, then sign in with password + code, and with a recovery code', async () => {
    const page = await e.newPage(undefined, { permissions: ['clipboard-read', 'clipboard-write'] });
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await menu(page).click();
    await page.getByRole('menuitem', { name: 'Seguridad' }).click();
    await page.waitForURL(`${e.url}/seguridad`);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Configurar la verificación en dos pasos' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // On a phone, the authenticator on the same phone takes the account from its otpauth:// link.
    const enlace = await page.getByRole('link', { name: 'Abrir en la app de autenticación' }).getAttribute('href');
    expect(new URL(enlace!).protocol).toBe('otpauth:');
    expect(new URL(enlace!).searchParams.get('secret')).toBe(secret);
    // At 375 px the secret reads in groups of 4, each on one line; selected and copied it is the plain secret.
    const grupos = page.getByTestId('mfa-secret').locator('span');
    const textos = await grupos.allTextContents();
    expect(textos.join('')).toBe(secret);
    expect(textos.slice(0, -1).every((g) => g.length === 4)).toBe(true);
    expect(await grupos.evaluateAll((els) => els.every((el) => el.getClientRects().length === 1))).toBe(true);
    const seleccion = await page.getByTestId('mfa-secret').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return getSelection()!.toString();
    });
    expect(seleccion).toBe(secret);
    await page.getByRole('button', { name: 'Copiar secreto' }).click();
    await page.getByText('Secreto copiado.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.screenshot({ path: '/tmp/ui2-secreto-375.png', fullPage: true });
    await page.getByLabel('Tu contraseña').fill(DEMO_CUSTOMER.password);
    await page.getByLabel('Código de 6 dígitos de la aplicación').fill('000000' === generateSync({ secret }) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByText(MF.codeWrong).waitFor();
    await page.getByLabel('Código de 6 dígitos de la aplicación').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await page.screenshot({ path: '/tmp/ui2-codigos-375.png', fullPage: true });
    // Shown once: they can be copied and downloaded, one per line under a header line.
    await page.getByRole('button', { name: 'Copiar', exact: true }).click();
    await page.getByText('Códigos de recuperación copiados.').waitFor();
    const copiados = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(copiados[0]).toMatch(/^Códigos de recuperación de Cambio/);
    expect(copiados.filter(Boolean).slice(1)).toEqual(codes);
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar' }).click()]);
    expect(descarga.suggestedFilename()).toBe('codigos-recuperacion-cambio.txt');
    const archivo = readFileSync(await descarga.path(), 'utf8').split('\n');
    expect(archivo[0]).toBe(`Códigos de recuperación de Cambio para el usuario ${DEMO_CUSTOMER.username}: cada uno sirve una sola vez.`);
    expect(archivo.filter(Boolean).slice(1)).toEqual(codes);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.getByTestId('mfa-state').waitFor();

    await signOut(page);
    await passwordStep(page, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await page.getByLabel('Código').fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`${e.url}/`);
    await menu(page).waitFor();

    await signOut(page);
    await passwordStep(page, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.getByLabel('Código').fill(codes[0]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`${e.url}/`);

    // The same recovery code does not open a second session.
    await signOut(page);
    await passwordStep(page, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.getByLabel('Código').fill(codes[0]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText(MF.codeWrong).waitFor();
    await page.context().close();
  });

  it('staff reset the customer’s second factor from Usuarios; the password alone signs in again', async () => {
    const admin = await e.newPage();
    await login(admin, e.url, ADMIN.username, ADMIN.password);
    await admin.goto(`${e.url}/usuarios`);
    await admin.getByRole('button', { name: `Restablecer la verificación en dos pasos de ${DEMO_CUSTOMER.username}` }).click();
    await admin.getByRole('button', { name: 'Restablecer', exact: true }).click();
    await admin.getByText(MF.reset).waitFor();
    await admin.context().close();

    const page = await e.newPage();
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.context().close();
  });

  it('a role that requires it sends its member to enrolment before any other screen', async () => {
    const admin = await e.newPage();
    await login(admin, e.url, ADMIN.username, ADMIN.password);
    await admin.goto(`${e.url}/roles`);
    await admin.getByRole('button', { name: 'Editar Operador' }).click();
    await admin.getByRole('switch', { name: 'Exigir verificación en dos pasos' }).click();
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByRole('row', { name: /Operador/ }).getByText('Exigida').waitFor();
    await admin.context().close();

    const page = await e.newPage();
    // While the enrolment is pending the screens ask nothing the server refuses (a call refused with
    // the old token as the enrolment rotates the tokens signed the user out).
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/trpc/') && r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await passwordStep(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.waitForURL(`${e.url}/seguridad`);
    await page.getByText(MF.enrollmentRequiredAqui).waitFor();
    await page.goto(`${e.url}/clientes`);
    await page.waitForURL(`${e.url}/seguridad`);
    await page.getByRole('button', { name: 'Configurar la verificación en dos pasos' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByLabel('Código de 6 dígitos de la aplicación').fill(generateSync({ secret }));
    await page.getByLabel('Tu contraseña').fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(refused).toEqual([]);
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.goto(`${e.url}/clientes`);
    await page.getByRole('heading', { name: 'Clientes' }).first().waitFor();
    expect(page.url()).toBe(`${e.url}/clientes`);
    await page.context().close();
  });
});

describe('forgotten password', () => {
  it('from /login: e-mail, the mailed code and a new password; the new password signs in', async () => {
    const page = await e.newPage();
    await page.goto(`${e.url}/login`);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL(`${e.url}/login/recuperar`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByTestId('reset-email-sent').waitFor();
    const code = await e.smtp.waitForCode(ADMIN_EMAIL);
    await page.getByRole('group', { name: 'Código de verificación' }).locator('input').nth(0).focus();
    for (const digit of code) await page.keyboard.type(digit);
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('clave-nueva-e2e');
    await page.getByLabel('Repetí la contraseña nueva').fill('clave-nueva-e2e');
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.waitForURL(`${e.url}/login`);
    await page.getByText(MS.resetDone).waitFor();
    await login(page, e.url, ADMIN.username, 'clave-nueva-e2e');
    await page.context().close();
  });
});

const ADMIN_EMAIL = 'admin@cambio.local';

/** A new verified customer, registered through the API with the mailed code. */
async function newCustomer(username: string, password: string) {
  const email = `${username}@correo.test`;
  const post = (path: string, body: unknown) =>
    fetch(`${e.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/auth/register/', { username, email, first_name: 'Rosa', password })).status).toBe(201);
  expect((await post('/auth/verify-email/', { email, code: await e.smtp.waitForCode(email) })).status).toBe(200);
}

describe('password and sessions on screen', () => {
  it('changes the own password in Seguridad, then signs out every device (the other browser too)', async () => {
    await newCustomer('rosa', 'clave-rosa-1');
    const other = await e.newPage();
    await login(other, e.url, 'rosa', 'clave-rosa-1');
    const page = await e.newPage();
    await login(page, e.url, 'rosa', 'clave-rosa-1');
    await page.goto(`${e.url}/seguridad`);
    await page.getByLabel('Contraseña actual').fill('equivocada');
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('clave-rosa-2');
    await page.getByLabel('Repetí la contraseña nueva').fill('clave-rosa-2');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(MF.passwordWrong).waitFor();
    await page.getByLabel('Contraseña actual').fill('clave-rosa-1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(MF.passwordChanged).waitFor();

    // This session went on with new tokens; the other browser's session ended.
    await page.goto(`${e.url}/seguridad`);
    await page.getByRole('heading', { name: 'Seguridad' }).waitFor();
    // A refused session ends and goes home (spec 000 §4).
    await other.goto(`${e.url}/seguridad`);
    await other.waitForURL(`${e.url}/`);
    await other.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();

    await login(other, e.url, 'rosa', 'clave-rosa-2');
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await page.getByRole('button', { name: 'Cerrar todas' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    await other.goto(`${e.url}/seguridad`);
    await other.waitForURL(`${e.url}/`);
    await other.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    await page.context().close();
    await other.context().close();
  });

  it('a refusal with no field message (too many tries, no connection) is said on the password form, and the button comes back', async () => {
    await newCustomer('teresa', 'clave-teresa-1');
    const page = await e.newPage({ width: 375, height: 800 });
    await login(page, e.url, 'teresa', 'clave-teresa-1');
    await page.goto(`${e.url}/seguridad`);
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('clave-teresa-2');
    await page.getByLabel('Repetí la contraseña nueva').fill('clave-teresa-2');
    const boton = page.getByRole('button', { name: 'Cambiar contraseña' });
    // Five wrong current passwords spend the account's tries; the sixth answers 429, with no field.
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Contraseña actual').fill(`equivocada-${i}`);
      const answered = page.waitForResponse((r) => r.url().includes('auth.passwordChange'));
      await boton.click();
      await answered;
      await page.getByText(MF.passwordWrong).waitFor();
    }
    await page.getByLabel('Contraseña actual').fill('clave-teresa-1');
    await boton.click();
    await page.getByRole('alert').filter({ hasText: M.tooManyRequests }).waitFor();
    expect(await boton.isEnabled()).toBe(true);

    // No answer at all: the form says so in Spanish.
    await page.route('**/trpc/auth.passwordChange**', (r) => r.abort('connectionrefused'));
    await boton.click();
    await page.getByRole('alert').filter({ hasText: SIN_CONEXION }).waitFor();
    await page.context().close();
  });
});
