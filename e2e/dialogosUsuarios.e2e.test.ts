import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2e } from './support/app';
import { dialog, pageAs } from './support/admin';

/**
 * The users dialogs by keyboard: Editar puts the focus on the first field, Guardar or Cancelar gives
 * it back to Editar (the pressed button leaves the page, and the focus went to the document body,
 * outside the dialog).
 */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

/** The focused element: its id, or its accessible text, and whether it is inside the dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return { id: a?.id ?? '', text: a?.textContent?.trim() ?? '', label: a?.getAttribute('aria-label') ?? '', inDialog: !!a?.closest('[role="dialog"]') };
  });

async function pressButton(page: Page, name: string) {
  await dialog(page).getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

describe('focus in the users dialogs', () => {
  it('user details: Editar focuses the username, Guardar gives the focus back to Editar', async () => {
    const page = await pageAs(e, '/usuarios');
    await page.getByRole('button', { name: 'Ver operador' }).click();
    await pressButton(page, 'Editar');
    await expect.poll(() => focused(page)).toMatchObject({ id: 'du-username', inDialog: true });
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatchObject({ id: 'du-first_name' });

    await pressButton(page, 'Guardar');
    await page.locator('[role="status"]').filter({ hasText: 'Usuario actualizado con éxito!' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ text: 'Editar', inDialog: true });
    await page.context().close();
  });

  it('assigned clients and roles: Editar focuses the search box, Cancelar gives the focus back to Editar', async () => {
    const page = await pageAs(e, '/usuarios');
    for (const [open, search] of [
      ['Clientes de operador', 'Buscar clientes'],
      ['Roles de operador', 'Buscar roles'],
    ]) {
      await page.getByRole('button', { name: open }).click();
      await pressButton(page, 'Editar');
      await expect.poll(() => focused(page)).toMatchObject({ label: search, inDialog: true });
      await pressButton(page, 'Cancelar');
      await expect.poll(() => focused(page)).toMatchObject({ text: 'Editar', inDialog: true });
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
    }
    await page.context().close();
  });

  it('roles: Agregar and Quitar keep the focus on the role, now on its button in the other list', async () => {
    const page = await pageAs(e, '/usuarios');
    await page.getByRole('button', { name: 'Roles de operador' }).click();
    await pressButton(page, 'Editar');
    await dialog(page).getByRole('button', { name: 'Agregar Cliente' }).waitFor();
    await pressButton(page, 'Agregar Cliente');
    await expect.poll(() => focused(page)).toMatchObject({ label: 'Quitar Cliente', inDialog: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ label: 'Agregar Cliente', inDialog: true });
    expect(await dialog(page).getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe('editing one\'s own record', () => {
  it('the navbar takes the new first name at once, and keeps it after a reload', async () => {
    const page = await pageAs(e, '/usuarios');
    const menu = page.getByRole('navigation', { name: 'Navegación principal' }).locator('button[aria-haspopup="menu"]');
    await expect.poll(() => menu.textContent()).toContain('Administrador');
    await page.getByRole('button', { name: 'Ver admin' }).click();
    await dialog(page).getByRole('button', { name: 'Editar' }).click();
    await dialog(page).getByLabel('Nombre', { exact: true }).fill('Adela');
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await page.locator('[role="status"]').filter({ hasText: 'Usuario actualizado con éxito!' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => menu.textContent()).toContain('Adela');
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Adela' }).waitFor();
    expect(await menu.textContent()).toContain('Adela');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({ username: 'admin', first_name: 'Adela' });
    await page.context().close();
  });
});

describe('a user\'s roles after a change in Roles', () => {
  it('a role deleted in Roles is gone from the user\'s Roles dialog when coming back to Usuarios', async () => {
    const page = await pageAs(e, '/usuarios');
    await page.getByRole('button', { name: 'Roles de operador' }).click();
    await dialog(page).getByRole('list', { name: 'Roles asignados' }).getByText('Operador').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    // To Roles and back without reloading the page (the app's own navigation keeps what it read).
    await page.evaluate(() => {
      history.pushState({}, '', '/roles');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('button', { name: 'Eliminar Operador' }).click();
    await dialog(page).getByRole('button', { name: 'Eliminar' }).click();
    await page.locator('[role="status"]').filter({ hasText: 'Rol eliminado con éxito' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${e.url}/usuarios`);
    await page.getByRole('button', { name: 'Roles de operador' }).click();
    await dialog(page).getByText('Sin roles asignados').waitFor();
    await page.context().close();
  });
});

describe('one\'s own password from Usuarios', () => {
  it('the details of one\'s own record offer no password box but Seguridad, and saving keeps the session', async () => {
    const page = await pageAs(e, '/usuarios');
    await page.getByRole('button', { name: 'Ver admin' }).click();
    await dialog(page).getByRole('button', { name: 'Editar' }).click();
    await dialog(page).getByLabel('Apellido').fill('del Sistema');
    expect(await dialog(page).getByLabel('Nueva contraseña (opcional)').count()).toBe(0);
    await dialog(page).getByRole('link', { name: 'Seguridad' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await page.locator('[role="status"]').filter({ hasText: 'Usuario actualizado con éxito!' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    // Still signed in: the list reads again and the page stays.
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'del Sistema' }).waitFor();
    expect(page.url()).toBe(`${e.url}/usuarios`);
    // Another user's details keep the box.
    await page.getByRole('button', { name: 'Ver operador' }).click();
    await dialog(page).getByRole('button', { name: 'Editar' }).click();
    await dialog(page).getByLabel('Nueva contraseña (opcional)').waitFor();
    await page.context().close();
  });
});
