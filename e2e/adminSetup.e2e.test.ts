import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startE2e, type E2e } from './support/app';
import { clienteId, dialog, fillByLabel, makeUser, pageAs, selector, userFields } from './support/admin';
import { M } from '../src/shared/messages';
import { MA } from '../src/shared/messagesAdmin';
import { P } from '../src/shared/permissions';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

const C = DEMO_CUSTOMER.username;

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const card = (page: Page) => page.getByTestId('cliente-actual');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

async function createClient(page: Page, c: { nombre: string; juridica?: boolean; documento: string; categoria: string }) {
  await page.getByRole('button', { name: 'Crear Cliente' }).click();
  const d = dialog(page);
  await d.getByLabel('Nombre').fill(c.nombre);
  if (c.juridica) await d.getByLabel('Tipo').selectOption({ label: 'Persona jurídica' });
  await d.getByLabel(c.juridica ? 'RUC' : 'Cédula').fill(c.documento);
  await d.getByLabel('Categoría').selectOption({ label: c.categoria });
  await fillByLabel(d, { Correo: 'contacto@cliente.com.py', Teléfono: '+595981555000', Dirección: 'Ruta 2 km 30' });
  await d.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText(MA.toast.clienteCreated).first().waitFor();
  await d.waitFor({ state: 'detached' });
}

describe('setting up staff and customers entirely from the screens', () => {
  it('creates a category, two clients, a role and a user, assigns them, and the user then acts for those clients', async () => {
    const page = await pageAs(e, '/categorias-clientes');
    await page.getByRole('button', { name: 'Crear Categoría' }).click();
    let d = dialog(page);
    await fillByLabel(d, { Nombre: 'PLATINO', Descripción: 'Clientes platino', 'Descuento (%)': '12,5' });
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.categoriaCreated).waitFor();

    await page.goto(`${e.url}/clientes`);
    await createClient(page, { nombre: 'Estancia La Paloma', documento: '7711223', categoria: 'PLATINO (12,50 %)' });
    await createClient(page, { nombre: 'Cooperativa Sur Ltda.', juridica: true, documento: '80099999-1', categoria: 'PLATINO (12,50 %)' });

    await page.goto(`${e.url}/roles`);
    await page.getByRole('button', { name: 'Crear Rol' }).click();
    d = dialog(page);
    await d.getByLabel('Nombre del rol').fill('CAJERO');
    await d.getByLabel('Buscar permisos').fill('can_use');
    await d.getByRole('checkbox', { name: /Usar la simulación/ }).check();
    await d.getByRole('checkbox', { name: /Usar la operación/ }).check();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.roleCreated).waitFor();

    await page.goto(`${e.url}/usuarios`);
    await page.getByRole('button', { name: 'Crear Usuario' }).click();
    d = dialog(page);
    await fillByLabel(d, userFields({ username: 'cajero1', first: 'Carla', last: 'Benítez', email: 'carla@casa.test', password: 'clave-cajero' }));
    await d.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(MA.toast.userCreated).waitFor();
    await d.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Roles de cajero1' }).click();
    await d.getByRole('button', { name: 'Editar' }).click();
    await d.getByRole('button', { name: 'Agregar CAJERO' }).click();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.rolesUpdated).waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Clientes de cajero1' }).click();
    await d.getByRole('button', { name: 'Editar' }).click();
    await d.getByLabel('Buscar clientes').fill('PLATINO');
    await d.getByText('Estancia La Paloma').waitFor();
    for (const box of await d.getByRole('checkbox').all()) await box.check();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.clientesUpdated).waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('row', { name: /cajero1/ }).getByRole('cell', { name: '2', exact: true }).waitFor();
    await page.context().close();

    // The new user signs in, sees both clients, and the home screen follows the selector.
    const cajero = await pageAs(e, '/', { username: 'cajero1', password: 'clave-cajero' });
    await selector(cajero).getByText(MA.selectorPlaceholder).waitFor();
    await card(cajero).getByText(MA.chooseClientHint).waitFor();
    await selector(cajero).click();
    expect(await cajero.getByRole('option').allTextContents()).toEqual(['Cooperativa Sur Ltda.PLATINO', 'Estancia La PalomaPLATINO']);
    await cajero.getByRole('option', { name: /Estancia La Paloma/ }).click();
    await card(cajero).getByText('Estancia La Paloma').waitFor();
    expect(await card(cajero).textContent()).toContain('PLATINO (12,50 % de descuento)');
    await cajero.context().close();
  });
});

describe('the current client on the customer home screen', () => {
  it('tells a customer with no client to contact support', async () => {
    const u = await makeUser(e, [P.useSimulacion, P.useOperacion]);
    const page = await pageAs(e, '/', u);
    await card(page).getByText(M.noClientAssigned).waitFor();
    await selector(page).getByText(MA.selectorEmpty).waitFor();
    // the wizards stay in the navbar: they say there how to get a client
    await nav(page).getByRole('link', { name: 'Simulación de Operaciones' }).waitFor();
    await nav(page).getByRole('link', { name: 'Operaciones', exact: true }).waitFor();
    await page.context().close();
  });

  it('tells staff without clients nothing of the kind: they need none', async () => {
    const staff = await makeUser(e, [P.useSimulacion, P.useOperacion, P.viewCliente]);
    const page = await pageAs(e, '/', staff);
    await page.getByText(/^Hola, /).waitFor();
    await selector(page).getByText(MA.selectorEmpty).waitFor();
    expect(await card(page).count()).toBe(0);
    // nor the wizards, which need a client to act for (once permissions and clients are read)
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: '/tmp/ui2-nav-staff-sin-clientes.png' });
    expect(await nav(page).getByRole('link', { name: 'Simulación de Operaciones' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Operaciones', exact: true }).count()).toBe(0);
    // nor their own methods, in the Configuraciones hub either
    await page.goto(`${e.url}/configuraciones`);
    await page.getByTestId('hub-cards').getByText('Clientes').waitFor();
    expect(await page.getByTestId('hub-card-/metodos-financieros-cliente').count()).toBe(0);
    await page.context().close();
  });

  it('staff with a client of their own see the wizards in the navbar', async () => {
    const maria = await clienteId(e, 'María González');
    const staff = await makeUser(e, [P.useSimulacion, P.useOperacion, P.viewCliente], { clientes: [maria], actual: maria });
    const page = await pageAs(e, '/', staff);
    await nav(page).getByRole('link', { name: 'Simulación de Operaciones' }).waitFor();
    await nav(page).getByRole('link', { name: 'Operaciones', exact: true }).waitFor();
    await page.context().close();
  });

  it('resets on a clienteActualChanged event of its own user and ignores other users’ events', async () => {
    const maria = await clienteId(e, 'María González');
    const u = await makeUser(e, [P.useSimulacion], { clientes: [maria], actual: maria });
    const page = await pageAs(e, '/', u);
    await card(page).getByText('María González').waitFor();
    const fire = (userId: number, nombre: string) =>
      page.evaluate(
        ([userId, nombre]) => {
          const cliente = { idCliente: 'x', nombre, categoria: { nombre: 'VIP', descuento: '10.00' } };
          window.dispatchEvent(new CustomEvent('clienteActualChanged', { detail: { cliente, userId } }));
        },
        [userId, nombre] as const,
      );
    await fire(u.id + 1000, 'De otro usuario');
    await fire(u.id, 'Elegido en otra pestaña');
    await card(page).getByText('Elegido en otra pestaña').waitFor();
    expect(await card(page).textContent()).not.toContain('De otro usuario');
    await page.context().close();
  });

  it('a failed load of the assigned clients empties the selector', async () => {
    const maria = await clienteId(e, 'María González');
    const u = await makeUser(e, [], { clientes: [maria], actual: maria });
    const page = await e.newPage();
    await page.route('**/trpc/usuarios.clientesAsignados**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await login(page, e.url, u.username, u.password);
    await selector(page).getByText(MA.selectorEmpty).waitFor();
    expect(await selector(page).textContent()).not.toContain('María González');
    await page.context().close();
  });
});

describe('the modal dialog', () => {
  it('locks page scrolling while open and closes on a backdrop click and on ×', async () => {
    const page = await pageAs(e, '/clientes', undefined, { width: 1024, height: 420 });
    await page.getByText('Página 1 de').waitFor();
    // The wheel's scroll, if any, has begun two frames later (the page below shows it does).
    const scrollYAfterWheel = () => page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY)))));
    const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);

    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    await dialog(page).getByRole('heading', { name: 'Crear cliente' }).waitFor();
    expect(await overflow()).toBe('hidden');
    await page.mouse.move(10, 410);
    await page.mouse.wheel(0, 600);
    expect(await scrollYAfterWheel()).toBe(0);

    await page.mouse.click(10, 410); // the backdrop, outside the panel
    await dialog(page).waitFor({ state: 'detached' });
    expect(await overflow()).not.toBe('hidden');
    await page.mouse.wheel(0, 600);
    expect(await scrollYAfterWheel()).toBeGreaterThan(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await overflow()).not.toBe('hidden');
    await page.context().close();
  });
});

describe('failures and permissions on the screens', () => {
  it('a category save with no answer shows the generic text; a refused one says what failed; the modal stays open', async () => {
    const page = await pageAs(e, '/categorias-clientes');
    await page.getByRole('table', { name: 'Categorías' }).getByText('VIP').waitFor();
    await page.getByRole('button', { name: 'Crear Categoría' }).click();
    const d = dialog(page);
    await fillByLabel(d, { Nombre: 'VIP', Descripción: 'Repetida', 'Descuento (%)': '3' });
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.categoriaCreateError).waitFor();
    await d.getByText(MA.categoriaNombreTaken).waitFor();

    await page.route('**/trpc/categorias.create**', (route) => route.abort());
    await d.getByLabel('Nombre').fill('BRONCE');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.categoriaSaveError).waitFor();
    expect(await d.getByRole('heading', { name: 'Crear categoría' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('searches clients with the Buscar button', async () => {
    const page = await pageAs(e, '/clientes');
    await page.getByText('Página 1 de 2').waitFor();
    await page.getByRole('searchbox', { name: /Buscar por nombre/ }).fill('80012345');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Página 1 de 1').waitFor();
    expect(await page.getByRole('table', { name: 'Clientes' }).getByRole('row').count()).toBe(2);
    await page.getByRole('row', { name: /Importadora Guaraní/ }).waitFor();
    await page.context().close();
  });

  it('shows each user action only with its permission', async () => {
    const toggler = await makeUser(e, [P.viewUser, P.deleteUser]);
    const page = await pageAs(e, '/usuarios', toggler);
    await page.getByRole('button', { name: `Desactivar ${C}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Crear Usuario' }).count()).toBe(0);
    await page.getByRole('button', { name: `Clientes de ${C}` }).click();
    await dialog(page).getByRole('list', { name: 'Clientes asignados' }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: `Roles de ${C}` }).click();
    await dialog(page).getByRole('list', { name: 'Roles asignados' }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await page.context().close();

    const assigner = await makeUser(e, [P.viewUser, P.assignClients, P.assignRoles, P.addUser]);
    const p2 = await pageAs(e, '/usuarios', assigner);
    await p2.getByRole('button', { name: 'Crear Usuario' }).waitFor();
    expect(await p2.getByRole('button', { name: /^(Desactivar|Activar) / }).count()).toBe(0);
    await p2.getByRole('button', { name: `Clientes de ${C}` }).click();
    await dialog(p2).getByRole('button', { name: 'Editar' }).waitFor();
    await dialog(p2).getByRole('button', { name: 'Cerrar' }).click();
    await p2.getByRole('button', { name: `Roles de ${C}` }).click();
    await dialog(p2).getByRole('button', { name: 'Editar' }).waitFor();
    await p2.context().close();
  });
});
