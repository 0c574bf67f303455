import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, startE2e, trpcFailure, type E2e } from './support/app';
import { clienteId as clienteIdIn, desactivar, dialog, fillByLabel, makeUser as makeUserIn, pageAs, selector, userFields } from './support/admin';
import { M } from '../src/shared/messages';
import { MA } from '../src/shared/messagesAdmin';
import { P } from '../src/shared/permissions';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const db = () => e.server.database.db;
const makeUser = (perms: string[], opts?: { clientes?: string[]; actual?: string }) => makeUserIn(e, perms, opts);
const clienteId = (nombre: string) => clienteIdIn(e, nombre);
const asAdmin = (path: string) => pageAs(e, path);

describe('/usuarios', () => {
  it('creates a user (with the spec messages first), shows details read-only, edits, deactivates and activates', async () => {
    const page = await asAdmin('/usuarios');
    await page.getByRole('table', { name: 'Usuarios' }).getByText(DEMO_CUSTOMER.username, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Crear Usuario' }).click();
    const d = dialog(page);
    expect(await d.getByRole('switch', { name: 'Activo' }).isChecked()).toBe(true);
    await d.getByRole('button', { name: 'Crear' }).click();
    expect(await d.getByText(M.required).count()).toBe(5);
    await fillByLabel(d, userFields({ username: 'ju', first: 'J', last: 'P', email: 'no-es-correo', password: '123' }));
    await d.getByRole('button', { name: 'Crear' }).click();
    for (const m of [M.usernameMin, MA.firstNameMin, MA.lastNameMin, M.invalidEmailUser, M.passwordMin]) await d.getByText(m).waitFor();

    await fillByLabel(d, userFields({ username: 'juanp', first: 'Juan', last: 'Pérez', email: 'juanp@casa.test', password: 'secreto1' }));
    await d.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(MA.toast.userCreated).waitFor();
    await d.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /juanp/ });
    await row.getByText('Activo').waitFor();

    // A duplicate keeps the modal open with the server's field message and an error toast.
    await page.getByRole('button', { name: 'Crear Usuario' }).click();
    await fillByLabel(d, userFields({ username: 'JUANP', first: 'Otro', last: 'Usuario', email: 'otro@casa.test', password: 'secreto1' }));
    await d.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(MA.toast.userCreateError).waitFor();
    await d.getByText(M.usernameTaken).waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).click();

    // Details: read-only, Editar unlocks, Guardar saves and locks again.
    await page.getByRole('button', { name: 'Ver juanp' }).click();
    const first = d.getByLabel('Nombre', { exact: true });
    expect(await first.isDisabled()).toBe(true);
    await d.getByRole('button', { name: 'Editar' }).click();
    expect(await first.isEnabled()).toBe(true);
    await first.fill('Juan Carlos');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.userUpdated).waitFor();
    await d.getByRole('button', { name: 'Editar' }).waitFor();
    expect(await first.isDisabled()).toBe(true);
    await d.getByRole('button', { name: 'Cerrar' }).click();
    await row.getByText('Juan Carlos Pérez').waitFor();

    // Desactivar asks first, saying the sessions end; Volver changes nothing.
    await page.getByRole('button', { name: 'Desactivar juanp' }).click();
    await dialog(page).getByRole('heading', { name: '¿Desactivar juanp?' }).waitFor();
    await dialog(page).getByText(MA.desactivarUsuario).waitFor();
    await dialog(page).getByRole('button', { name: 'Volver' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await row.getByText('Activo').waitFor();
    await desactivar(page, 'juanp');
    await page.getByText(MA.toast.userDeleted).waitFor();
    await row.getByText('Inactivo').waitFor();
    await page.getByRole('button', { name: 'Activar juanp' }).click();
    await page.getByText(MA.toast.userActivated).waitFor();
    await row.getByText('Activo').waitFor();
    // Nobody deactivates themselves: no toggle on the own row.
    expect(await page.getByRole('button', { name: 'Desactivar admin' }).count()).toBe(0);

    // The live search filters on username, names and e-mail.
    await page.getByLabel('Buscar usuarios').fill('CARLOS');
    await page.getByRole('table', { name: 'Usuarios' }).getByText('juanp', { exact: true }).waitFor();
    expect(await page.getByRole('table', { name: 'Usuarios' }).getByText(DEMO_CUSTOMER.username, { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('assigns clients and roles from their modals; Guardar only after a change', async () => {
    const target = await makeUser([]);
    const page = await asAdmin('/usuarios');
    await page.getByRole('button', { name: `Clientes de ${target.username}` }).click();
    const d = dialog(page);
    await d.getByText('Sin clientes asignados').waitFor();
    await d.getByRole('button', { name: 'Editar' }).click();
    const guardar = d.getByRole('button', { name: 'Guardar' });
    expect(await guardar.isDisabled()).toBe(true);
    await d.getByLabel('Buscar clientes').fill('80012345');
    await d.getByText('Importadora Guaraní S.A.').waitFor();
    expect(await d.getByText('María González').count()).toBe(0);
    await d.getByRole('checkbox').first().check();
    expect(await guardar.isEnabled()).toBe(true);
    await guardar.click();
    await page.getByText(MA.toast.clientesUpdated).waitFor();
    await d.getByRole('list', { name: 'Clientes asignados' }).getByText('Importadora Guaraní S.A.').waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('row', { name: new RegExp(target.username) }).getByRole('cell', { name: '1', exact: true }).waitFor();

    await page.getByRole('button', { name: `Roles de ${target.username}` }).click();
    await d.getByText('Sin roles asignados').waitFor();
    await d.getByRole('button', { name: 'Editar' }).click();
    expect(await d.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    await d.getByLabel('Buscar roles').fill('operad');
    await d.getByRole('button', { name: 'Agregar Operador' }).click();
    await d.getByRole('region', { name: 'Asignados' }).getByText('Operador').waitFor();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.rolesUpdated).waitFor();
    await d.getByRole('list', { name: 'Roles asignados' }).getByText('Operador').waitFor();
    const perms = await e.server.database.db
      .selectFrom('user_groups as ug')
      .innerJoin('auth_group as g', 'g.id', 'ug.group_id')
      .select('g.name')
      .where('ug.user_id', '=', target.id)
      .execute();
    expect(perms.map((p) => p.name)).toEqual(['Operador']);
    await page.context().close();
  });
});

describe('/roles', () => {
  it('creates a role from a searched permission list, summarises it, edits it, and deletes it after a confirmation naming it', async () => {
    const page = await asAdmin('/roles');
    const table = page.getByRole('table', { name: 'Roles' });
    const admRow = table.getByRole('row', { name: /Administrador/ });
    await admRow.waitFor();
    expect(await admRow.textContent()).toContain('…');

    await page.getByRole('button', { name: 'Crear Rol' }).click();
    const d = dialog(page);
    expect(await d.getByLabel('Nombre del rol').getAttribute('placeholder')).toBe('Ej: ADMIN');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await d.getByText(M.required).waitFor();
    await d.getByLabel('Nombre del rol').fill('  CAJERO  ');
    await d.getByLabel('Buscar permisos').fill('view_tauser');
    await d.getByRole('checkbox').first().check();
    await d.getByLabel('Buscar permisos').fill('cotización');
    expect(await d.getByRole('checkbox').count()).toBe(4);
    await d.getByRole('checkbox', { name: /Ver cotización/ }).check();
    await d.getByText('2 seleccionado(s)').waitFor();
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.roleCreated).waitFor();
    const row = table.getByRole('row', { name: /CAJERO/ });
    await row.getByText('Ver Tauser, Ver cotización').or(row.getByText('Ver cotización, Ver Tauser')).waitFor();
    expect(await row.textContent()).not.toContain('…');

    await page.getByRole('button', { name: 'Editar CAJERO' }).click();
    await d.getByLabel('Nombre del rol').fill('CAJERO PRINCIPAL');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.roleUpdated).waitFor();
    await table.getByText('CAJERO PRINCIPAL').waitFor();

    await page.getByRole('button', { name: 'Eliminar CAJERO PRINCIPAL' }).click();
    await d.getByText('CAJERO PRINCIPAL').waitFor();
    await d.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText(MA.toast.roleDeleted).waitFor();
    await table.getByText('CAJERO PRINCIPAL').waitFor({ state: 'detached' });

    // The Cliente role, given by e-mail verification, offers no Eliminar.
    await page.getByRole('button', { name: 'Editar Cliente' }).waitFor();
    expect(await page.getByRole('button', { name: 'Eliminar Cliente' }).count()).toBe(0);

    // A refused deletion shows the error toast and the role stays.
    await page.route('**/trpc/roles.delete**', (r) => r.fulfill(trpcFailure(400, 'BAD_REQUEST')));
    await page.getByRole('button', { name: 'Eliminar Operador' }).click();
    await d.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText(MA.toast.roleDeleteError).waitFor();
    await d.getByText('Operador').waitFor();
    expect(await e.server.database.db.selectFrom('auth_group').select('id').where('name', '=', 'Operador').executeTakeFirst()).toBeDefined();
    await page.context().close();
  });
});

describe('/clientes', () => {
  it('pages by 10, searches with Enter, creates (with validation), edits, deactivates, activates and shows operators', async () => {
    const page = await asAdmin('/clientes');
    await page.getByText('Página 1 de 2').waitFor();
    expect(await page.getByRole('table', { name: 'Clientes' }).getByRole('row').count()).toBe(11);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 2').waitFor();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Página 1 de 2').waitFor();

    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Guardar' }).click();
    expect(await d.getByText(M.required).count()).toBeGreaterThanOrEqual(5);
    await d.getByLabel('Nombre').fill('F');
    await d.getByLabel('Tipo').selectOption({ label: 'Persona jurídica' });
    await d.getByLabel('RUC').fill('800-1-1');
    await fillByLabel(d, { Correo: 'x', Teléfono: '09-81', Dirección: 'A' });
    await d.getByRole('button', { name: 'Guardar' }).click();
    for (const m of [MA.clienteNombreMin, MA.documentoFormat, M.invalidEmailUser, MA.telefonoFormat, MA.direccionMin]) await d.getByText(m).waitFor();

    await d.getByLabel('Nombre').fill('Ferretería Central S.A.');
    await d.getByLabel('RUC').fill('80011111-2');
    await d.getByLabel('Categoría').selectOption({ label: 'MAYORISTA (5,00 %)' });
    await fillByLabel(d, { Correo: 'compras@ferreteria.com.py', Teléfono: '+59521123456', Dirección: 'Av. Artigas 100, Asunción' });
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.clienteCreated).waitFor();
    await d.waitFor({ state: 'detached' });

    const search = page.getByRole('searchbox', { name: /Buscar por nombre/ });
    await search.fill('ferretería');
    await search.press('Enter');
    await page.getByText('Página 1 de 1').waitFor();
    const row = page.getByRole('row', { name: /Ferretería Central/ });
    await row.getByText('Persona jurídica').waitFor();
    await row.getByText('80011111-2').waitFor();

    await page.getByRole('button', { name: 'Editar Ferretería Central S.A.' }).click();
    await d.getByLabel('Nombre').fill('Ferretería Central Sociedad Anónima');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.clienteUpdated).waitFor();
    await page.getByRole('row', { name: /Sociedad Anónima/ }).waitFor();

    await page.getByRole('button', { name: 'Desactivar Ferretería Central Sociedad Anónima' }).click();
    await dialog(page).getByText(MA.desactivarCliente).waitFor();
    await dialog(page).getByRole('button', { name: 'Desactivar', exact: true }).click();
    await page.getByText(MA.toast.clienteDeactivated).waitFor();
    await page.getByRole('row', { name: /Sociedad Anónima/ }).getByText('Inactivo').waitFor();
    await page.getByRole('button', { name: 'Activar Ferretería Central Sociedad Anónima' }).click();
    await page.getByText(MA.toast.clienteActivated).waitFor();
    await page.getByRole('row', { name: /Sociedad Anónima/ }).getByText('Activo').waitFor();

    await page.getByRole('button', { name: 'Ver Ferretería Central Sociedad Anónima' }).click();
    expect(await d.getByLabel('Nombre').isDisabled()).toBe(true);
    await d.getByRole('button', { name: 'Cerrar' }).first().click();

    await search.fill('Importadora');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Operadores de Importadora Guaraní S.A.' }).click();
    await d.getByRole('list', { name: 'Operadores asignados' }).getByText(DEMO_CUSTOMER.username, { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('/clientes: the category of a client', () => {
  it('Ver and Editar show the client\'s category as soon as the categories arrive, on the first opening of the page', async () => {
    for (const accion of ['Ver', 'Editar']) {
      const page = await asAdmin('/clientes');
      await page.getByRole('button', { name: `${accion} Importadora Guaraní S.A.` }).click();
      const categoria = dialog(page).getByLabel('Categoría');
      await categoria.locator('option', { hasText: 'MINORISTA' }).waitFor({ state: 'attached' });
      await expect.poll(() => categoria.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('MINORISTA (0,00 %)');
      await page.context().close();
    }
  });
});

describe('/clientes: the staff member\'s own client', () => {
  it('a client renamed or deactivated in Clientes changes at once in the navbar selector of a staff member acting for it', async () => {
    const carlos = await clienteId('Carlos Benítez');
    const jorge = await clienteId('Jorge Villalba');
    const u = await makeUser([P.viewCliente, P.changeCliente, P.deleteCliente], { clientes: [carlos, jorge], actual: carlos });
    const page = await e.newPage();
    await login(page, e.url, u.username, u.password);
    await page.goto(`${e.url}/clientes`);
    await selector(page).getByText('Carlos Benítez').waitFor();
    await page.getByRole('button', { name: 'Editar Carlos Benítez' }).click();
    await dialog(page).getByLabel('Nombre').fill('Carlos Benítez Ruiz');
    await dialog(page).getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.clienteUpdated).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await selector(page).getByText('Carlos Benítez Ruiz').waitFor({ timeout: 10_000 });

    await desactivar(page, 'Jorge Villalba');
    await page.getByText(MA.toast.clienteDeactivated).waitFor();
    await selector(page).click();
    await page.getByRole('option', { name: /Carlos Benítez Ruiz/ }).waitFor();
    await expect.poll(() => page.getByRole('option', { name: /Jorge Villalba/ }).count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });
});

describe('search boxes on a phone', () => {
  it('the hints of the clients search and of a user\'s clients editor are read whole at 375 px', async () => {
    const page = await pageAs(e, '/clientes', undefined, { width: 375, height: 800 });
    /** The placeholder's width in the box's own font, and the room the box gives it. */
    const room = (box: ReturnType<typeof page.getByRole>) =>
      box.evaluate((el: HTMLInputElement) => {
        const cs = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
        return { text: Math.ceil(ctx.measureText(el.placeholder).width), room: el.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight) };
      });
    const clientes = page.getByRole('searchbox', { name: 'Buscar por nombre, documento, correo o categoría' });
    await clientes.waitFor();
    const a = await room(clientes);
    expect(a.text).toBeLessThanOrEqual(a.room);
    // Enter and the button still search.
    await clientes.fill('guaraní');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByText('Página 1 de 1').waitFor();

    await page.goto(`${e.url}/usuarios`);
    await page.getByRole('button', { name: 'Clientes de cliente' }).click();
    await dialog(page).getByRole('button', { name: 'Editar' }).click();
    const editor = dialog(page).getByRole('searchbox', { name: 'Buscar clientes' });
    await editor.waitFor();
    const b = await room(editor);
    expect(b.text).toBeLessThanOrEqual(b.room);
    await page.context().close();
  });
});

describe('/categorias-clientes', () => {
  it('creates a category (with the spec messages), edits it with the name locked, and toggles it', async () => {
    const page = await asAdmin('/categorias-clientes');
    await page.getByRole('table', { name: 'Categorías' }).getByText('CORPORATIVO').waitFor();
    await page.getByRole('button', { name: 'Crear Categoría' }).click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Guardar' }).click();
    for (const m of [MA.categoriaNombreRequired, MA.categoriaDescripcionRequired, MA.descuentoRequired]) await d.getByText(m).waitFor();
    await fillByLabel(d, { Nombre: 'ORO', Descripción: 'Clientes oro', 'Descuento (%)': '101' });
    await d.getByRole('button', { name: 'Guardar' }).click();
    await d.getByText(MA.descuentoMax).waitFor();
    await d.getByLabel('Descuento (%)').fill('-1');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await d.getByText(MA.descuentoMin).waitFor();
    await d.getByLabel('Descuento (%)').fill('12.5');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.categoriaCreated).waitFor();
    const row = page.getByRole('row', { name: /ORO/ });
    await row.getByText('12,50').waitFor();

    await page.getByRole('button', { name: 'Editar ORO' }).click();
    expect(await d.getByLabel('Nombre').isDisabled()).toBe(true);
    await d.getByLabel('Descuento (%)').fill('7');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await row.getByText('7,00').waitFor();

    await page.getByRole('button', { name: 'Desactivar ORO' }).click();
    await row.getByText('Inactivo').waitFor();
    await page.getByRole('button', { name: 'Activar ORO' }).click();
    await row.getByText('Activo').waitFor();

    await page.getByLabel('Buscar categorías').fill('empresas');
    await page.getByRole('table', { name: 'Categorías' }).getByText('CORPORATIVO').waitFor();
    expect(await page.getByRole('table', { name: 'Categorías' }).getByRole('row').count()).toBe(2);
    await page.context().close();
  });

  it('takes a comma as the decimal separator in the discount and shows discounts es-PY everywhere', async () => {
    const page = await asAdmin('/categorias-clientes');
    await page.getByRole('table', { name: 'Categorías' }).getByText('CORPORATIVO').waitFor();
    await page.getByRole('button', { name: 'Crear Categoría' }).click();
    const d = dialog(page);
    const descuento = d.getByLabel('Descuento (%)');
    expect(await descuento.getAttribute('type')).toBe('text');
    expect(await descuento.getAttribute('inputmode')).toBe('decimal');
    await fillByLabel(d, { Nombre: 'BRONCE', Descripción: 'Clientes bronce', 'Descuento (%)': '2,5' });
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MA.toast.categoriaCreated).waitFor();
    await d.waitFor({ state: 'detached' });
    const saved = () => db().selectFrom('categorias_cliente').select('descuento').where('nombre', '=', 'BRONCE').executeTakeFirstOrThrow();
    expect(String((await saved()).descuento)).toBe('2.50');
    const row = page.getByRole('row', { name: /BRONCE/ });
    await row.getByText('2,50').waitFor();

    // Editing shows the stored value es-PY and saves a comma value exactly.
    await page.getByRole('button', { name: 'Editar BRONCE' }).click();
    expect(await descuento.inputValue()).toBe('2,50');
    // "7.350" is read es-PY (seven thousand three hundred fifty: over 100), never saved as 7,35.
    await descuento.fill('7.350');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await d.getByText(MA.descuentoMax).waitFor();
    expect(String((await saved()).descuento)).toBe('2.50');
    await descuento.fill('7,25');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await row.getByText('7,25').waitFor();
    expect(String((await saved()).descuento)).toBe('7.25');
    expect(await page.getByRole('table', { name: 'Categorías' }).getByText('7.25').count()).toBe(0);

    // The client form's category choices.
    await page.goto(`${e.url}/clientes`);
    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    const labels = await d.getByLabel('Categoría').locator('option').allTextContents();
    expect(labels).toContain('BRONCE (7,25 %)');
    expect(labels.some((l) => /\d\.\d\d %/.test(l))).toBe(false);
    await page.context().close();

    // The home-page line of the current client.
    const idCategoria = (await db().selectFrom('categorias_cliente').select('id_categoria').where('nombre', '=', 'BRONCE').executeTakeFirstOrThrow()).id_categoria;
    const maria = await clienteId('María González');
    const before = await db().selectFrom('clientes').select('id_categoria').where('id_cliente', '=', maria).executeTakeFirstOrThrow();
    await db().updateTable('clientes').set({ id_categoria: idCategoria }).where('id_cliente', '=', maria).execute();
    try {
      const u = await makeUser([P.useSimulacion], { clientes: [maria], actual: maria });
      const home = await e.newPage();
      await login(home, e.url, u.username, u.password);
      const card = home.getByTestId('cliente-actual');
      await card.getByText('María González').waitFor();
      expect(await card.textContent()).toContain('BRONCE (7,25 % de descuento)');
      await home.context().close();
    } finally {
      await db().updateTable('clientes').set({ id_categoria: before.id_categoria }).where('id_cliente', '=', maria).execute();
    }
  });
});

describe('the current-client selector', () => {
  it('shows the loading, empty and none-chosen states', async () => {
    const page = await e.newPage();
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await selector(page).getByText(MA.selectorEmpty).waitFor();

    const maria = await clienteId('María González');
    const u = await makeUser([], { clientes: [maria] });
    const p2 = await e.newPage();
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    await p2.route('**/trpc/usuarios.clientesAsignados**', async (route) => {
      await held;
      await route.continue();
    });
    await login(p2, e.url, u.username, u.password);
    await selector(p2).getByText(MA.selectorLoading).waitFor();
    release();
    // one assigned client and none chosen: it is chosen, nothing to ask
    await selector(p2).getByText('María González').waitFor();
    await expect
      .poll(async () => (await e.server.database.db.selectFrom('users').select('cliente_actual_id').where('id', '=', u.id).executeTakeFirstOrThrow()).cliente_actual_id)
      .toBe(maria);
    const box = await selector(p2).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(150);
    await page.context().close();
    await p2.context().close();
  });

  it('changes the client at once, saves it and fires clienteActualChanged; a refused change rolls back with the server message', async () => {
    const page = await e.newPage();
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.evaluate(() => {
      const w = window as unknown as { __eventos: unknown[] };
      w.__eventos = [];
      window.addEventListener('clienteActualChanged', (ev) => w.__eventos.push((ev as CustomEvent).detail));
    });
    await selector(page).getByText('María González').waitFor();
    await selector(page).click();
    await page.getByRole('option', { name: /Importadora Guaraní/ }).click();
    await selector(page).getByText('Importadora Guaraní S.A.').waitFor();
    await page.waitForFunction(() => (window as unknown as { __eventos: unknown[] }).__eventos.length === 1);
    const [evento] = await page.evaluate(() => (window as unknown as { __eventos: { cliente: { nombre: string }; userId: number }[] }).__eventos);
    const customer = await db().selectFrom('users').select(['id', 'cliente_actual_id']).where('username', '=', DEMO_CUSTOMER.username).executeTakeFirstOrThrow();
    expect(evento.userId).toBe(customer.id);
    expect(evento.cliente.nombre).toBe('Importadora Guaraní S.A.');
    expect(customer.cliente_actual_id).toBe(await clienteId('Importadora Guaraní S.A.'));

    // The server refuses the next change (the client was deactivated meanwhile): the previous
    // client comes back and the toast shows the server's detail.
    await db().updateTable('clientes').set({ is_active: false }).where('nombre', '=', 'María González').execute();
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    await page.route('**/trpc/usuarios.setClienteActual**', async (route) => {
      await held;
      await route.continue();
    });
    await selector(page).click();
    await page.getByRole('option', { name: /María González/ }).click();
    await selector(page).getByText('María González').waitFor();
    release();
    await page.getByText(MA.clienteInactive).waitFor();
    await selector(page).getByText('Importadora Guaraní S.A.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __eventos: unknown[] }).__eventos.length)).toBe(1);
    await db().updateTable('clientes').set({ is_active: true }).where('nombre', '=', 'María González').execute();
    await page.context().close();
  });
});

describe('gating by permission', () => {
  it('shows view-only staff no create, edit or toggle buttons, and others the 403 screen', async () => {
    const viewer = await makeUser([P.viewUser, P.viewCliente, P.viewGroup, P.viewCategoria]);
    const page = await e.newPage();
    await login(page, e.url, viewer.username, viewer.password);
    await page.goto(`${e.url}/usuarios`);
    await page.getByRole('table', { name: 'Usuarios' }).getByText(DEMO_CUSTOMER.username, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Crear Usuario' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Desactivar / }).count()).toBe(0);
    await page.getByRole('button', { name: `Ver ${DEMO_CUSTOMER.username}` }).click();
    await dialog(page).getByLabel('Nombre de usuario').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${e.url}/clientes`);
    await page.getByText('Página 1 de 2').waitFor();
    expect(await page.getByRole('button', { name: 'Crear Cliente' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Editar|Desactivar) / }).count()).toBe(0);

    await page.goto(`${e.url}/roles`);
    await page.getByRole('table', { name: 'Roles' }).getByText('Operador').waitFor();
    expect(await page.getByRole('button', { name: /^(Crear Rol|Editar .*|Eliminar .*)$/ }).count()).toBe(0);

    await page.goto(`${e.url}/categorias-clientes`);
    await page.getByRole('table', { name: 'Categorías' }).getByText('VIP').waitFor();
    expect(await page.getByRole('button', { name: /^(Crear Categoría|Editar .*|Desactivar .*)$/ }).count()).toBe(0);

    await page.goto(`${e.url}/configuraciones`);
    for (const to of ['/usuarios', '/clientes', '/roles', '/categorias-clientes']) {
      await page.getByTestId(`hub-card-${to}`).waitFor();
    }
    await page.getByTestId('hub-card-/roles').click();
    await page.waitForURL(`${e.url}/roles`);
    await page.context().close();

    const nobody = await makeUser([P.viewTauser]);
    const p2 = await e.newPage();
    await login(p2, e.url, nobody.username, nobody.password);
    for (const path of ['/usuarios', '/roles', '/clientes', '/categorias-clientes']) {
      await p2.goto(`${e.url}${path}`);
      await p2.getByText('No tenés permisos para ver este contenido').waitFor();
    }
    // On a phone the 403 card keeps the page's margins (it ran from one edge of the screen to the other).
    await p2.setViewportSize({ width: 375, height: 800 });
    const card = (await p2.getByRole('alert').filter({ hasText: 'Acceso denegado' }).boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(16);
    expect(card.x + card.width).toBeLessThanOrEqual(375 - 16);
    await p2.context().close();
  });
});
