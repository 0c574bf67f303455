import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { M } from '../src/shared/messages';
import { SIN_CONEXION } from '../src/client/lib/errors';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const storage = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), refresh: localStorage.getItem('refresh'), user: localStorage.getItem('user') }));

describe('session', () => {
  it('logs the admin in, keeps the session on reload, and logs out to the home page', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    // The user menu is loaded on demand once signed in: wait for it.
    await nav.getByRole('button', { name: /Administrador/ }).waitFor();
    expect(await nav.getByRole('link', { name: 'Iniciar sesión' }).count()).toBe(0);
    const stored = await storage(page);
    expect(stored.token && stored.refresh && JSON.parse(stored.user!).username).toBe('admin');

    await page.reload();
    await nav.getByRole('button', { name: /Administrador/ }).waitFor();

    await nav.getByRole('button', { name: /Administrador/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await nav.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storage(page)).toEqual({ token: null, refresh: null, user: null });
    await page.context().close();
  });

  it('a sign-out in another tab signs this one out too: it leaves the staff screen for the home page', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/usuarios`);
    await page.getByRole('heading', { name: /Usuarios/ }).first().waitFor();
    const otra = await page.context().newPage();
    await otra.goto(`${e.url}/`);
    const navOtra = otra.getByRole('navigation', { name: 'Navegación principal' });
    await navOtra.getByRole('button', { name: /Administrador/ }).click();
    await otra.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await navOtra.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    // The first tab follows without a click: home, signed out.
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('shows the server message for wrong credentials and the spec messages for empty fields', async () => {
    const page = await e.newPage();
    await page.goto(`${e.url}/login`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(M.loginUsernameRequired).waitFor();
    await page.getByText(M.loginPasswordRequired).waitFor();
    await page.getByLabel('Nombre de usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('equivocada');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(M.badCredentials).waitFor();
    expect(await storage(page)).toEqual({ token: null, refresh: null, user: null });
    await page.context().close();
  });

  it('does not restore a session when one of token, refresh or user is missing', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.goto(`${e.url}/configuraciones`);
    await page.waitForURL(`${e.url}/login`);
    await page.context().close();
  });

  it('refreshes an expired access token once and retries, and logs out when the refresh token is refused', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    const expired = jwt.sign({ token_type: 'access', user_id: 1 }, e.env.jwtSecret, { expiresIn: -60, jwtid: 'expirado' });
    await page.evaluate((t) => localStorage.setItem('token', t), expired);
    await page.goto(`${e.url}/configuraciones`);
    await page.getByRole('heading', { name: 'Configuraciones' }).waitFor();
    const renewed = (await storage(page)).token!;
    expect(renewed).not.toBe(expired);
    expect((jwt.decode(renewed) as { exp: number }).exp * 1000).toBeGreaterThan(Date.now());

    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('refresh', 'refresco-invalido');
    }, expired);
    await page.goto(`${e.url}/configuraciones`);
    await page.waitForFunction(() => localStorage.getItem('user') === null);
    await page.waitForURL(`${e.url}/`);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    await page.context().close();
  });
});

describe('guards and gating', () => {
  it('sends an anonymous visitor of a protected route to /login', async () => {
    const page = await e.newPage();
    await page.goto(`${e.url}/configuraciones`);
    await page.waitForURL(`${e.url}/login`);
    await page.context().close();
  });

  it('hides the navbar on the sign-in screens and their sub-paths', async () => {
    const page = await e.newPage();
    for (const path of ['/login', '/register', '/register/verificar?email=a@b.com', '/Login']) {
      await page.goto(`${e.url}${path}`);
      await page.locator('form, [role="group"], h1').first().waitFor();
      expect(await page.getByRole('navigation', { name: 'Navegación principal' }).count()).toBe(0);
    }
    await page.goto(`${e.url}/`);
    await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    await page.context().close();
  });

  it('collapses the navbar into a toggled panel on small screens', async () => {
    const page = await e.newPage({ width: 390, height: 800 });
    await page.goto(`${e.url}/`);
    expect(await page.getByTestId('mobile-panel').count()).toBe(0);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const panel = page.getByTestId('mobile-panel');
    await panel.getByRole('link', { name: 'Registrarse' }).waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('registration', () => {
  it('registers, reads the code from the mail server, verifies, logs in, and sees only what the Cliente role allows', async () => {
    const page = await e.newPage();
    await page.goto(`${e.url}/register`);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    expect(await page.getByText(M.required).count()).toBeGreaterThan(0);

    await page.getByLabel('Nombre de usuario').fill('lucia');
    await page.getByLabel('Correo electrónico').fill('lucia@correo.test');
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto1');
    await page.getByLabel('Confirmar contraseña').fill('otro-secreto');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByText(M.passwordsDontMatch).waitFor();
    await page.getByLabel('Confirmar contraseña').fill('secreto1');
    await page.getByRole('button', { name: 'Registrarse' }).click();

    await page.waitForURL(/\/register\/verificar/);
    expect(await page.getByTestId('verify-email').textContent()).toBe('lucia@correo.test');
    const code = await e.smtp.waitForCode('lucia@correo.test');
    // Come back later without the link's address: the page asks for it.
    await page.goto(`${e.url}/register/verificar`);
    expect(await page.getByTestId('verify-email').count()).toBe(0);
    await page.getByLabel('Correo electrónico').fill('lucia@correo.test');
    const verify = page.getByRole('button', { name: 'Verificar' });
    const boxes = page.getByRole('group', { name: 'Código de verificación' }).locator('input');
    expect(await verify.isDisabled()).toBe(true);
    await boxes.nth(0).focus();
    for (const digit of code.slice(0, 5)) await page.keyboard.type(digit);
    expect(await verify.isDisabled()).toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await boxes.nth(3).inputValue()).toBe('');
    for (const digit of code.slice(3)) await page.keyboard.type(digit);
    expect(await verify.isEnabled()).toBe(true);
    // From the keyboard: Enter in the last box verifies, as in every other form.
    await page.keyboard.press('Enter');
    await page.waitForURL(`${e.url}/login`);
    await page.getByText(M.verifyOk).waitFor();

    await login(page, e.url, 'lucia', 'secreto1');
    await page.goto(`${e.url}/configuraciones`);
    await page.getByText('No tenés permisos para ver este contenido').waitFor();
    await page.getByText('Acceso denegado').waitFor();
    await page.context().close();
  });
});

describe('an account still to verify', () => {
  it('the login refusal leads to the verification screen, where a new code verifies the account', async () => {
    const email = 'pendiente@correo.test';
    const r = await fetch(`${e.url}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pendiente', email, first_name: 'Pedro', password: 'secreto1' }),
    });
    expect(r.status).toBe(201);
    const page = await e.newPage({ width: 375, height: 800 });
    await page.goto(`${e.url}/login`);
    await page.getByLabel('Nombre de usuario').fill('pendiente');
    await page.getByLabel('Contraseña').fill('secreto1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('alert').filter({ hasText: M.notVerified }).waitFor();
    await page.getByRole('link', { name: 'Verificar mi correo' }).click();
    await page.waitForURL(/\/register\/verificar/);
    await page.getByLabel('Correo electrónico').fill(email);
    await e.smtp.waitForCode(email);
    const sent = e.smtp.mails.filter((m) => m.to === email).length;
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await expect.poll(() => e.smtp.mails.filter((m) => m.to === email).length, { timeout: 10_000 }).toBe(sent + 1);
    const code = await e.smtp.waitForCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const boxes = page.getByRole('group', { name: 'Código de verificación' }).locator('input');
    await boxes.first().focus();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`${e.url}/login`);
    await login(page, e.url, 'pendiente', 'secreto1');
    await page.context().close();
  });
});

describe('registration refused without a field message', () => {
  it('says why (too many tries, no connection) instead of staying silent, and Registrarse comes back', async () => {
    const email = 'insistente@correo.test';
    // Five tries with a taken username spend the e-mail's registrations for the hour.
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${e.url}/api/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', email, first_name: 'Inés', password: 'secreto1' }),
      });
      expect(r.status).toBe(400);
    }
    const page = await e.newPage({ width: 375, height: 800 });
    await page.goto(`${e.url}/register`);
    await page.getByLabel('Nombre de usuario').fill('ines');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Nombre', { exact: true }).fill('Inés');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto1');
    await page.getByLabel('Confirmar contraseña').fill('secreto1');
    const boton = page.getByRole('button', { name: 'Registrarse' });
    await boton.click();
    await page.getByRole('alert').filter({ hasText: M.tooManyRequests }).waitFor();
    expect(await boton.isEnabled()).toBe(true);
    expect(page.url()).toBe(`${e.url}/register`);

    await page.route('**/trpc/auth.register**', (r) => r.abort('connectionrefused'));
    await boton.click();
    await page.getByRole('alert').filter({ hasText: SIN_CONEXION }).waitFor();
    await page.context().close();
  });
});

describe('code boxes on a phone', () => {
  it('the six boxes of the verification and reset screens stay inside the card, in line with its button', async () => {
    for (const width of [375, 320]) {
      const page = await e.newPage({ width, height: 800 });
      for (const [path, button] of [
        ['/register/verificar?email=ana%40correo.test', 'Verificar'],
        ['/register/verificar', 'Verificar'],
        ['/login/recuperar', 'Restablecer contraseña'],
      ] as const) {
        await page.goto(`${e.url}${path}`);
        if (path === '/login/recuperar') {
          await page.getByLabel('Correo electrónico').fill('nadie@correo.test');
          await page.getByRole('button', { name: 'Enviar código' }).click();
        }
        const boxes = page.getByRole('group', { name: 'Código de verificación' }).locator('input');
        await boxes.first().waitFor();
        const area = (await page.getByRole('button', { name: button }).boundingBox())!;
        for (const box of await boxes.all()) {
          const b = (await box.boundingBox())!;
          expect(b.x, `${path} at ${width}px`).toBeGreaterThanOrEqual(area.x - 0.5);
          expect(b.x + b.width, `${path} at ${width}px`).toBeLessThanOrEqual(area.x + area.width + 0.5);
          expect(b.width).toBeGreaterThanOrEqual(32);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    }
  });
});

describe('Configuraciones hub', () => {
  it('shows a card only for the areas whose view permission the user holds', async () => {
    const adminPage = await e.newPage();
    await login(adminPage, e.url, ADMIN.username, ADMIN.password);
    await adminPage.goto(`${e.url}/configuraciones`);
    const cards = adminPage.getByTestId('hub-cards');
    await cards.getByText('Tausers').waitFor();
    // Every area but 'Mis métodos financieros': the administrator acts for no client of their own.
    expect(await cards.locator('[data-testid^="hub-card-"]').count()).toBe(10);
    expect(await adminPage.getByTestId('hub-card-/metodos-financieros-cliente').count()).toBe(0);
    expect(await adminPage.getByTestId('hub-card-/configuraciones/documentos').getAttribute('aria-disabled')).toBe('true');
    await adminPage.context().close();

    // A staff member who may only view clients.
    const db = e.server.database.db;
    const { hashPassword } = await import('../src/server/modules/auth/passwords');
    const user = await db
      .insertInto('users')
      .values({ username: 'vera', email: 'vera@casa.test', first_name: 'Vera', password_hash: await hashPassword('secreto1'), is_active: true, email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await db.insertInto('auth_group').values({ name: 'Solo clientes' }).returning('id').executeTakeFirstOrThrow();
    const perm = await db.selectFrom('auth_permission').select('id').where('codename', '=', 'view_cliente').executeTakeFirstOrThrow();
    await db.insertInto('auth_group_permissions').values({ group_id: role.id, permission_id: perm.id }).execute();
    await db.insertInto('user_groups').values({ user_id: user.id, group_id: role.id }).execute();

    const page = await e.newPage();
    await login(page, e.url, 'vera', 'secreto1');
    await page.goto(`${e.url}/configuraciones`);
    await page.getByTestId('hub-cards').getByText('Clientes').waitFor();
    const ids = await page.locator('[data-testid^="hub-card-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    // Staff with no client of their own: no 'Mis métodos financieros' (it would only say they have none).
    expect(ids).toEqual(['hub-card-/clientes', 'hub-card-/configuraciones/documentos']);
    await page.context().close();
  });
});
