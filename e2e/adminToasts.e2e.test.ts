import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2e } from './support/app';
import { desactivar, dialog, pageAs } from './support/admin';
import { MA } from '../src/shared/messagesAdmin';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

/** The spec 000 §8 toasts and panel messages of the administration screens, for each failure. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const C = DEMO_CUSTOMER.username;

const procedureUrl = (procedure: string) => (url: URL) => url.pathname === `/trpc/${procedure}`;

/** Calls of the procedure (query or mutation) answer as a failing server would, with a tRPC error body. */
const failing = (page: Page, procedure: string, status = 500) =>
  page.route(procedureUrl(procedure), (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error: { message: 'Falla simulada', code: -32603, data: { code: status === 400 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR', httpStatus: status } } }),
    }),
  );

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('where toasts appear', () => {
  it('below the navbar, so they never cover the client selector or the user menu', async () => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 375, height: 800 }]) {
      const page = await pageAs(e, '/clientes', undefined, viewport);
      await page.getByText('Página 1 de').waitFor();
      await failing(page, 'clientes.deactivate');
      await desactivar(page, 'Ana Giménez');
      const aviso = page.locator('[role="status"]').filter({ hasText: MA.toast.clienteDeactivateError });
      await aviso.waitFor();
      const nav = (await page.getByRole('navigation', { name: 'Navegación principal' }).boundingBox())!;
      // Once its entry animation (a slide from above) ends.
      await expect.poll(async () => (await aviso.boundingBox())?.y ?? -1, { message: `${viewport.width} px` }).toBeGreaterThanOrEqual(nav.y + nav.height);
      await page.context().close();
    }
  });
});

describe('load failures', () => {
  it('show each screen’s toast and the panels’ messages', async () => {
    const page = await pageAs(e, '/configuraciones');
    const visit = async (path: string, procedure: string, message: string) => {
      await failing(page, procedure);
      await page.goto(`${e.url}${path}`);
      await toast(page, message);
      await page.getByRole('alert').getByText('Ha ocurrido un error').waitFor();
      await page.unrouteAll();
    };
    await visit('/usuarios', 'usuarios.list', MA.toast.usersLoadError);
    await visit('/clientes', 'clientes.list', MA.toast.clientesLoadError);
    await visit('/roles', 'roles.permisos', MA.toast.rolesOrPermsLoadError);
    await visit('/categorias-clientes', 'categorias.list', MA.toast.categoriasLoadError);

    await page.goto(`${e.url}/clientes`);
    await page.getByText('Página 1 de').waitFor();
    await failing(page, 'categorias.list');
    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    await toast(page, MA.toast.categoriasLoadErrorClientes);
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();

    await page.goto(`${e.url}/usuarios`);
    await failing(page, 'usuarios.clientesAsignados');
    await failing(page, 'usuarios.roles');
    await page.getByRole('button', { name: `Clientes de ${C}` }).click();
    await dialog(page).getByRole('alert').getByText(MA.toast.clientesLoadPanelError).waitFor();
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: `Roles de ${C}` }).click();
    await dialog(page).getByRole('alert').getByText(MA.toast.rolesLoadPanelError).waitFor();
    await page.context().close();
  });
});

describe('save failures keep the modal open with the spec toast', () => {
  it('users: update, toggle and both assignments', async () => {
    const page = await pageAs(e, '/usuarios');
    const d = dialog(page);
    await failing(page, 'usuarios.update');
    await page.getByRole('button', { name: `Ver ${C}` }).click();
    await d.getByRole('button', { name: 'Editar' }).click();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.userUpdateError);
    await d.getByRole('button', { name: 'Guardar' }).waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).click();

    await failing(page, 'usuarios.deactivate');
    await desactivar(page, C);
    await toast(page, MA.toast.genericError);

    await failing(page, 'usuarios.asignarClientes');
    await page.getByRole('button', { name: `Clientes de ${C}` }).click();
    await d.getByRole('button', { name: 'Editar' }).click();
    await d.getByRole('checkbox').first().click();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.clientesUpdateError);
    await d.getByRole('button', { name: 'Guardar' }).waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).click();

    await failing(page, 'usuarios.asignarRoles');
    await page.getByRole('button', { name: `Roles de ${C}` }).click();
    await d.getByRole('button', { name: 'Editar' }).click();
    await d.getByRole('button', { name: /^Agregar / }).first().click();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.rolesUpdateError);
    await d.getByRole('button', { name: 'Guardar' }).waitFor();
    await page.context().close();
  });

  it('clients: update, deactivate, activate', async () => {
    await e.server.database.db.updateTable('clientes').set({ is_active: false }).where('nombre', '=', 'Sofía Cáceres').execute();
    const page = await pageAs(e, '/clientes');
    await page.getByText('Página 1 de').waitFor();
    await failing(page, 'clientes.update');
    await page.getByRole('button', { name: 'Editar Ana Giménez' }).click();
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.clienteUpdateError);
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();

    await failing(page, 'clientes.deactivate');
    await desactivar(page, 'Ana Giménez');
    await toast(page, MA.toast.clienteDeactivateError);
    await failing(page, 'clientes.patch');
    await page.getByRole('button', { name: 'Activar Sofía Cáceres' }).click();
    await toast(page, MA.toast.clienteActivateError);
    await e.server.database.db.updateTable('clientes').set({ is_active: true }).where('nombre', '=', 'Sofía Cáceres').execute();
    await page.context().close();
  });

  it('roles: create and update', async () => {
    const page = await pageAs(e, '/roles');
    await failing(page, 'roles.create');
    await failing(page, 'roles.update');
    await page.getByRole('button', { name: 'Crear Rol' }).click();
    await dialog(page).getByLabel('Nombre del rol').fill('NUEVO');
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.roleCreateError);
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Editar Operador' }).click();
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.roleUpdateError);
    await dialog(page).getByRole('heading', { name: 'Editar rol' }).waitFor();
    // A refusal with a reason (a role that outranks its editor) says it after the spec's text.
    await page.unroute(procedureUrl('roles.update'));
    await page.route(procedureUrl('roles.update'), (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: MA.roleOutranks, code: -32603, data: { code: 'FORBIDDEN', httpStatus: 403 } } }),
      }),
    );
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await toast(page, `${MA.toast.roleUpdateError}. ${MA.roleOutranks}`);
    await page.context().close();
  });

  it('categories: update and the state toggle', async () => {
    const page = await pageAs(e, '/categorias-clientes');
    await failing(page, 'categorias.update', 400);
    await page.getByRole('button', { name: 'Editar VIP' }).click();
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await toast(page, MA.toast.categoriaUpdateError);
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await failing(page, 'categorias.deactivate');
    await page.getByRole('button', { name: 'Desactivar VIP' }).click();
    await toast(page, MA.toast.categoriaToggleError);
    await page.context().close();
  });
});
