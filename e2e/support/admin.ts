import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, login, type E2e } from './app';
import { hashPassword } from '../../src/server/modules/auth/passwords';

/** Helpers of the administration browser tests. */
let seq = 0;

/** A verified user holding exactly these permissions, optionally with clients and a current one. */
export async function makeUser(e: E2e, perms: string[], opts: { clientes?: string[]; actual?: string } = {}) {
  const db = e.server.database.db;
  const username = `e2e${process.pid % 1000}x${++seq}`;
  const password = 'secreto1';
  const { id } = await db
    .insertInto('users')
    .values({ username, email: `${username}@casa.test`, first_name: `Nombre${seq}`, password_hash: await hashPassword(password), is_active: true, email_verified: true, cliente_actual_id: opts.actual ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (perms.length) {
    const role = await db.insertInto('auth_group').values({ name: `rol-${username}` }).returning('id').executeTakeFirstOrThrow();
    const ids = await db.selectFrom('auth_permission').select('id').where(sql<string>`app_label || '.' || codename`, 'in', perms).execute();
    await db.insertInto('auth_group_permissions').values(ids.map((p) => ({ group_id: role.id, permission_id: p.id }))).execute();
    await db.insertInto('user_groups').values({ user_id: id, group_id: role.id }).execute();
  }
  if (opts.clientes?.length) await db.insertInto('user_clientes').values(opts.clientes.map((c) => ({ user_id: id, cliente_id: c }))).execute();
  return { id, username, password };
}

export const clienteId = async (e: E2e, nombre: string) =>
  (await e.server.database.db.selectFrom('clientes').select('id_cliente').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id_cliente;

/** A new browser page signed in as this user (the admin by default) and opened on the path. */
export async function pageAs(e: E2e, path: string, who: { username: string; password: string } = ADMIN, viewport?: { width: number; height: number }) {
  const page = await e.newPage(viewport);
  await login(page, e.url, who.username, who.password);
  if (path !== '/') await page.goto(`${e.url}${path}`);
  return page;
}

export const dialog = (page: Page) => page.getByRole('dialog');

/** Desactivar on a user, client or Tauser row (`scope`: the page or the row), then the confirmation's Desactivar. */
export async function desactivar(page: Page, nombre: string, scope: Page | Locator = page) {
  await scope.getByRole('button', { name: `Desactivar ${nombre}` }).click();
  await dialog(page).getByRole('button', { name: 'Desactivar', exact: true }).click();
}
export const selector = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' }).getByTestId('cliente-selector');

/** Fills the fields of a form by their labels (matched exactly), in order. */
export async function fillByLabel(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/** The user form's fields (create and details). */
export const userFields = (u: { username: string; first: string; last: string; email: string; password: string }) => ({
  'Nombre de usuario': u.username, Nombre: u.first, Apellido: u.last, 'Correo electrónico': u.email, Contraseña: u.password,
});
