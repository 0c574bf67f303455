import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, login, startE2e, trpcFailure, type E2e } from './support/app';
import { P } from '../src/shared/permissions';
import { DIVISA_MSG } from '../src/shared/schemas/divisas';
import { MONTO_MSG } from '../src/shared/schemas/operaciones';
import { MONTO_TEXTO_MSG } from '../src/shared/montoEsPy';
import { TASA_MSG } from '../src/shared/schemas/cotizaciones';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

let users = 0;
/** A staff member holding exactly these permissions. */
async function staff(perms: string[]) {
  const db = e.server.database.db;
  const { hashPassword } = await import('../src/server/modules/auth/passwords');
  const username = `staff${++users}`;
  const user = await db
    .insertInto('users')
    .values({ username, email: `${username}@casa.test`, first_name: `Staff ${users}`, password_hash: await hashPassword('secreto1'), is_active: true, email_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.insertInto('auth_group').values({ name: `rol ${username}` }).returning('id').executeTakeFirstOrThrow();
  for (const perm of perms) {
    const [app, codename] = perm.split('.');
    const p = await db.selectFrom('auth_permission').select('id').where('app_label', '=', app).where('codename', '=', codename).executeTakeFirstOrThrow();
    await db.insertInto('auth_group_permissions').values({ group_id: role.id, permission_id: p.id }).execute();
  }
  await db.insertInto('user_groups').values({ user_id: user.id, group_id: role.id }).execute();
  return username;
}

async function adminPage() {
  const page = await e.newPage();
  await login(page, e.url, ADMIN.username, ADMIN.password);
  return page;
}

const row = (scope: Page | Locator, text: string | RegExp) => scope.getByRole('row').filter({ hasText: text });

/** A staff member's page on `path`, logged in with exactly these permissions. */
async function pageWith(perms: string[], path: string) {
  const page = await e.newPage();
  await login(page, e.url, await staff(perms), 'secreto1');
  await page.goto(`${e.url}${path}`);
  return page;
}

/** Shows only the currencies matching `text` (the list pages by 10). */
async function searchDivisas(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
  await page.getByRole('searchbox').press('Enter');
}

/** Toasts sit outside an open dialog's accessibility tree: found by CSS. */
const toastWith = (page: Page, text: string) => page.locator('[role="status"]', { hasText: text });

/** Opens 'Crear Cotización' and types the currency (its option label) and precio base, comisión compra, comisión venta. */
async function fillNewRate(page: Page, currency: string, [precio, compra, venta]: [string, string, string]) {
  await page.getByRole('button', { name: 'Crear Cotización' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Divisa').selectOption({ label: currency });
  await dialog.getByLabel('Precio base').fill(precio);
  await dialog.getByLabel('Comisión base Compra').fill(compra);
  await dialog.getByLabel('Comisión base Venta').fill(venta);
  return dialog;
}

describe('home: Cotizaciones del día', () => {
  it('shows flag, code, compra and venta of the active rates in es-PY, to anonymous visitors', async () => {
    const page = await e.newPage();
    await page.goto(`${e.url}/`);
    const table = page.getByRole('table', { name: 'Cotizaciones del día' });
    await row(table, 'USD').waitFor();
    // The flag is an SVG image (emoji flags are letter boxes on Windows), the code beside it.
    const divisa = row(table, 'USD').locator('td').first();
    expect((await divisa.innerText()).trim()).toBe('USD');
    expect(await divisa.locator('img').getAttribute('src')).toMatch(/^\/banderas\/[A-Z]{2}\.svg$/);
    await expect.poll(() => divisa.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const cells = async (code: string) => (await row(table, code).locator('td').allInnerTexts()).slice(1);
    expect(await cells('USD')).toEqual(['7.250', '7.350']);
    expect(await cells('CLP')).toEqual(['7,9', '8,5']);
    expect(await cells('ARS')).toEqual(['8', '9']);
    await page.context().close();
  });

  it('shows the loading, empty and error states', async () => {
    const page = await e.newPage();
    await page.route('**/trpc/cotizaciones.public**', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: { data: [] } }) }));
    await page.goto(`${e.url}/`);
    await page.getByRole('table', { name: 'Cotizaciones del día' }).getByText('No hay datos').waitFor();
    await page.unroute('**/trpc/cotizaciones.public**');

    let release: () => void = () => undefined;
    const held = new Promise<void>((ok) => (release = ok));
    await page.route('**/trpc/cotizaciones.public**', async (r) => {
      await held;
      await r.abort();
    });
    await page.reload();
    await page.getByRole('table', { name: 'Cotizaciones del día' }).getByText('Cargando').waitFor();
    release();
    await page.getByRole('table', { name: 'Cotizaciones del día' }).getByText('Ha ocurrido un error').waitFor();
    await page.getByText(TASA_MSG.cargarError2).waitFor();
    await page.context().close();
  });
});

describe('/divisas', () => {
  it('lists currencies, creates one with validation messages, edits, deactivates and reactivates it', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/divisas`);
    const guarani = row(page, 'Guaraní');
    await guarani.waitFor();
    expect(await guarani.locator('td').allInnerTexts()).toEqual([expect.stringContaining('Guaraní'), 'PYG', '₲', '30', '0', 'Sí', 'Activo', expect.any(String)]);
    await page.getByText('Página 1 de 1').waitFor();
    // The base currency has no deactivate action.
    expect(await guarani.getByRole('button', { name: 'Desactivar', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Crear Divisa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Crear Divisa' }).waitFor();
    // A base currency exists: the base checkbox is hidden on creation.
    expect(await dialog.getByLabel('Divisa base').count()).toBe(0);
    await dialog.getByLabel('Nombre').fill('Yen japonés');
    await dialog.getByLabel('Código', { exact: true }).fill('jp');
    await dialog.getByLabel('Símbolo').fill('¥');
    await dialog.getByLabel('Precisión').fill('2');
    // A comma is refused as typed, never read as another number ('1,5' is not 15).
    await dialog.getByLabel('Máx. dígitos').fill('1,5');
    await dialog.getByRole('button', { name: 'Crear Divisa' }).click();
    await dialog.getByText(DIVISA_MSG.codigoLargo).waitFor();
    await dialog.getByText(DIVISA_MSG.precision).waitFor();
    await dialog.getByText(DIVISA_MSG.maxDigitos).waitFor();
    await dialog.getByLabel('Máx. dígitos').fill('30');

    // The server's field message for a taken code, and the spec's toast; the modal stays open.
    await dialog.getByLabel('Código', { exact: true }).fill('usd');
    await dialog.getByLabel('Precisión').fill('6');
    await dialog.getByRole('button', { name: 'Crear Divisa' }).click();
    await dialog.getByText(DIVISA_MSG.codigoDuplicado).waitFor();
    await page.getByText(DIVISA_MSG.crearError).waitFor();

    await dialog.getByLabel('Código', { exact: true }).fill('jpy');
    await dialog.getByLabel(/Bandera/).fill('jp');
    await dialog.getByRole('button', { name: 'Crear Divisa' }).click();
    await dialog.waitFor({ state: 'detached' });
    const yen = row(page, 'Yen japonés');
    await yen.waitFor();
    expect(await yen.locator('td').nth(1).innerText()).toBe('JPY');

    await yen.getByRole('button', { name: 'Editar' }).click();
    await dialog.getByRole('heading', { name: 'Editar Divisa' }).waitFor();
    expect(await dialog.getByLabel('Divisa base').isDisabled()).toBe(true);
    await dialog.getByLabel('Nombre').fill('Yen del Japón');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const edited = row(page, 'Yen del Japón');
    await edited.waitFor();

    await edited.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await edited.getByText('Inactivo', { exact: true }).waitFor();
    await edited.getByRole('button', { name: 'Activar', exact: true }).click();
    await edited.getByText('Activo', { exact: true }).waitFor();

    await page.getByRole('searchbox').fill('yen');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Página 1 de 1').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Divisas' }).locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox').fill('no-existe');
    await page.getByRole('searchbox').press('Enter');
    await page.getByText('No hay datos').waitFor();
    await page.context().close();
  });

  it('pages ten currencies at a time', async () => {
    const db = e.server.database.db;
    await db
      .insertInto('divisas')
      .values(Array.from({ length: 6 }, (_, i) => ({ nombre: `Moneda ${i}`, codigo: `MZ${String.fromCharCode(65 + i)}`, simbolo: 'M' })))
      .execute();
    const page = await adminPage();
    await page.goto(`${e.url}/divisas`);
    await page.getByText('Página 1 de 2').waitFor();
    expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 2').waitFor();
    expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('manages denominations in a modal', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/divisas`);
    await page.getByRole('searchbox').fill('usd');
    await page.getByRole('searchbox').press('Enter');
    await row(page, 'Dólar estadounidense').getByRole('button', { name: 'Gestionar denominaciones' }).click();
    const dialog = page.getByRole('dialog');
    const table = dialog.getByRole('table', { name: 'Denominaciones' });
    await table.getByText('US$ 100').waitFor();
    await dialog.getByLabel('Nueva denominación').fill('0');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await dialog.getByText(DIVISA_MSG.denominacion).waitFor();
    await dialog.getByLabel('Nueva denominación').fill('2');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await page.getByText(DIVISA_MSG.denominacionOk).waitFor();
    const two = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'US$ 2', exact: true }) });
    await two.waitFor();
    await dialog.getByLabel('Nueva denominación').fill('100');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await dialog.getByText(DIVISA_MSG.denominacionDuplicada).waitFor();
    await page.getByText(DIVISA_MSG.denominacionCrearError).waitFor();
    await two.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await two.getByText('Inactivo', { exact: true }).waitFor();
    await two.getByRole('button', { name: 'Activar', exact: true }).click();
    await two.getByText('Activo', { exact: true }).waitFor();
    await page.context().close();
  });

  it('reads a new denomination es-PY: 200.000 is two hundred thousand, 2,5 is refused (never 25)', async () => {
    const db = e.server.database.db;
    const page = await adminPage();
    await page.goto(`${e.url}/divisas`);
    await searchDivisas(page, 'guaraní');
    await row(page, 'Guaraní').getByRole('button', { name: 'Gestionar denominaciones' }).click();
    const dialog = page.getByRole('dialog');
    const table = dialog.getByRole('table', { name: 'Denominaciones' });
    await table.getByText('₲ 100.000').waitFor();
    const campo = dialog.getByLabel('Nueva denominación');
    expect(await campo.getAttribute('type')).toBe('text');
    const pyg = db.selectFrom('divisas').select('id').where('codigo', '=', 'PYG');
    const valores = async () => (await db.selectFrom('denominaciones').select('denominacion').where('divisa_id', '=', pyg).execute()).map((d) => Number(d.denominacion)).sort((a, b) => a - b);
    const antes = await valores();
    await campo.fill('2,5');
    expect(await campo.inputValue()).toBe('2,5');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await dialog.getByText(DIVISA_MSG.denominacion).waitFor();
    expect(await valores()).toEqual(antes);
    await campo.fill('200.000');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await page.getByText(DIVISA_MSG.denominacionOk).waitFor();
    await table.getByRole('cell', { name: '₲ 200.000', exact: true }).waitFor();
    expect(await valores()).toEqual([...antes, 200000]);
    await page.context().close();
  });

  it('saves the limits in the Configuración tab', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/divisas`);
    await page.getByRole('tab', { name: 'Configuración' }).click();
    const envios: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('limites')) envios.push(r.url());
    });
    await page.getByLabel('Límite diario').fill('abc');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MONTO_TEXTO_MSG.caracteres).waitFor();
    // A daily limit above the monthly one, and decimals (guaraníes have none), are refused in the form.
    await page.getByLabel('Límite diario').fill('500');
    await page.getByLabel('Límite mensual').fill('100');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(DIVISA_MSG.limiteDiarioMayor).waitFor();
    expect(envios).toEqual([]);
    await page.getByLabel('Límite diario').fill('50000000');
    await page.getByLabel('Límite mensual').fill('300000000,5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(MONTO_MSG.sinDecimales('PYG')).waitFor();
    expect(await e.server.database.db.selectFrom('limite_config').select('limite_mensual').executeTakeFirstOrThrow()).toEqual({ limite_mensual: null });
    // es-PY thousands: 300.000.000 is three hundred million
    await page.getByLabel('Límite mensual').fill('300.000.000');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(DIVISA_MSG.limitesOk).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Configuración' }).click();
    await expect.poll(() => page.getByLabel('Límite mensual').inputValue()).toBe('300.000.000');
    expect(await page.getByLabel('Límite diario').inputValue()).toBe('50.000.000');
    expect(await e.server.database.db.selectFrom('limite_config').select('limite_mensual').executeTakeFirstOrThrow()).toEqual({ limite_mensual: '300000000' });
    const db = e.server.database.db;
    // ₲ 0 is a limit too (no operation allowed), as the API takes it: saved, and shown again without
    // an error that would keep Guardar refused.
    await page.getByLabel('Límite diario').fill('0');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(async () => (await db.selectFrom('limite_config').select('limite_diario').executeTakeFirstOrThrow()).limite_diario).toBe('0');
    await page.reload();
    await page.getByRole('tab', { name: 'Configuración' }).click();
    await expect.poll(() => page.getByLabel('Límite diario').inputValue()).toBe('0');
    expect(await page.getByText(MONTO_MSG.positivo).count()).toBe(0);
    await db.updateTable('limite_config').set({ limite_diario: '50000000' }).where('id', '=', 1).execute();
    // A decimal stored before limits became whole guaraníes is shown es-PY, with a comma.
    await db.updateTable('limite_config').set({ limite_mensual: '300000000.50' }).where('id', '=', 1).execute();
    try {
      await page.reload();
      await page.getByRole('tab', { name: 'Configuración' }).click();
      await expect.poll(() => page.getByLabel('Límite mensual').inputValue()).toBe('300.000.000,5');
    } finally {
      await db.updateTable('limite_config').set({ limite_mensual: '300000000' }).where('id', '=', 1).execute();
    }
    await page.context().close();
  });

  it('gates buttons, tabs and the screen by permission', async () => {
    const viewer = await staff([P.viewDivisa]);
    const page = await e.newPage();
    await login(page, e.url, viewer, 'secreto1');
    await page.goto(`${e.url}/divisas`);
    await row(page, 'Guaraní').waitFor();
    expect(await page.getByRole('button', { name: 'Crear Divisa' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Desactivar', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Gestionar denominaciones' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Configuración' }).count()).toBe(0);
    await page.context().close();

    const limitsViewer = await staff([P.viewDivisa, P.viewLimites]);
    const page2 = await e.newPage();
    await login(page2, e.url, limitsViewer, 'secreto1');
    await page2.goto(`${e.url}/divisas`);
    await page2.getByRole('tab', { name: 'Configuración' }).click();
    expect(await page2.getByLabel('Límite diario').isDisabled()).toBe(true);
    expect(await page2.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    await page2.context().close();

    const outsider = await staff([P.viewTasa]);
    const page3 = await e.newPage();
    await login(page3, e.url, outsider, 'secreto1');
    await page3.goto(`${e.url}/divisas`);
    await page3.getByText('No tenés permisos para ver este contenido').waitFor();
    await page3.context().close();
  });
});

describe('/divisas permissions, one by one', () => {
  const actions = (scope: Locator) => scope.getByRole('button').allInnerTexts();
  // The inner locator of `has` is relative to the row: it must start from the page.
  const noteRow = (dialog: Locator, text: string) => dialog.getByRole('row').filter({ has: dialog.page().getByRole('cell', { name: text, exact: true }) });

  beforeAll(async () => {
    const db = e.server.database.db;
    await db.updateTable('divisas').set({ is_active: false }).where('codigo', '=', 'UYU').execute();
    const usd = db.selectFrom('divisas').select('id').where('codigo', '=', 'USD');
    await db.updateTable('denominaciones').set({ is_active: false }).where('divisa_id', '=', usd).where('denominacion', '=', 50).execute();
  });
  afterAll(async () => {
    const db = e.server.database.db;
    await db.updateTable('divisas').set({ is_active: true }).where('codigo', '=', 'UYU').execute();
    const usd = db.selectFrom('divisas').select('id').where('codigo', '=', 'USD');
    await db.updateTable('denominaciones').set({ is_active: true }).where('divisa_id', '=', usd).where('denominacion', '=', 50).execute();
  });

  /** What a staff member holding `perms` (and view_divisa) is offered on UYU (inactive), USD and two USD notes. */
  async function offered(perms: string[]) {
    const page = await pageWith([P.viewDivisa, ...perms], '/divisas');
    await searchDivisas(page, 'uyu');
    await row(page, 'Peso uruguayo').getByText('Inactivo', { exact: true }).waitFor();
    const uyu = await actions(row(page, 'Peso uruguayo'));
    await searchDivisas(page, 'usd');
    await row(page, 'Dólar estadounidense').getByText('Activo', { exact: true }).waitFor();
    const usd = await actions(row(page, 'Dólar estadounidense'));
    await row(page, 'Dólar estadounidense').getByRole('button', { name: 'Gestionar denominaciones' }).click();
    const dialog = page.getByRole('dialog');
    await noteRow(dialog, 'US$ 100').waitFor();
    const notes = {
      add: (await dialog.getByLabel('Nueva denominación').count()) === 1,
      inactive50: await actions(noteRow(dialog, 'US$ 50')),
      active100: await actions(noteRow(dialog, 'US$ 100')),
    };
    await page.context().close();
    return { uyu, usd, notes };
  }
  const G = 'Gestionar denominaciones';

  it('CHANGE edits and activates; DELETE only deactivates; ADD creates notes; VIEW of notes only lists them', async () => {
    expect(await offered([P.changeDivisa, P.changeDenominacion])).toEqual({
      uyu: ['Editar', 'Activar', G],
      usd: ['Editar', G],
      notes: { add: false, inactive50: ['Activar'], active100: [] },
    });
    expect(await offered([P.deleteDivisa, P.deleteDenominacion])).toEqual({
      uyu: [G],
      usd: ['Desactivar', G],
      notes: { add: false, inactive50: [], active100: ['Desactivar'] },
    });
    expect(await offered([P.addDenominacion])).toEqual({ uyu: [G], usd: [G], notes: { add: true, inactive50: [], active100: [] } });
    expect(await offered([P.viewDenominacion])).toEqual({ uyu: [G], usd: [G], notes: { add: false, inactive50: [], active100: [] } });
  });

  it('limits: CHANGE without VIEW cannot overwrite limits it cannot see; a failed load keeps the form locked', async () => {
    const page = await e.newPage();
    const loads: string[] = [];
    page.on('request', (r) => r.url().includes('divisas.limites.get') && loads.push(r.url()));
    await login(page, e.url, await staff([P.viewDivisa, P.changeLimites]), 'secreto1');
    await page.goto(`${e.url}/divisas`);
    await page.getByRole('tab', { name: 'Configuración' }).click();
    await page.getByText(DIVISA_MSG.limitesSinVer).waitFor();
    expect(await page.getByLabel('Límite diario').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    expect(loads).toEqual([]);
    await page.context().close();

    const admin = await adminPage();
    await admin.route('**/trpc/divisas.limites.get**', (r) => r.fulfill(trpcFailure(500, 'INTERNAL_SERVER_ERROR')));
    await admin.goto(`${e.url}/divisas`);
    await admin.getByRole('tab', { name: 'Configuración' }).click();
    await admin.getByText(DIVISA_MSG.limitesError).waitFor();
    expect(await admin.getByLabel('Límite diario').isDisabled()).toBe(true);
    await admin.context().close();
  });
});

describe('/cotizaciones', () => {
  it('shows the rates in es-PY with the base currency symbol', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/cotizaciones`);
    const usd = row(page, 'Dólar estadounidense');
    await usd.waitFor();
    expect((await usd.locator('td').allInnerTexts()).slice(1, 8)).toEqual(['Dólar estadounidense', '₲ 7.300', '₲ 50', '₲ 50', '₲ 7.250', '₲ 7.350', 'Activo']);
    expect((await row(page, 'Peso chileno').locator('td').allInnerTexts()).slice(5, 7)).toEqual(['₲ 7,9', '₲ 8,5']);
    await page.context().close();
  });

  it('creates a rate (commission rule enforced), deactivates and reactivates it, and the home table follows', async () => {
    const db = e.server.database.db;
    await db.insertInto('divisas').values({ nombre: 'Franco suizo', codigo: 'CHF', simbolo: 'Fr', flag: 'CH' }).execute();
    const page = await adminPage();
    await page.goto(`${e.url}/cotizaciones`);
    await row(page, 'Dólar estadounidense').waitFor();
    const dialog = await fillNewRate(page, 'CHF – Franco suizo', ['8200,5', '9000', '70']);
    // The rule's message appears as soon as the figures break it, and saving is blocked.
    await dialog.getByText(TASA_MSG.comisionMayor).waitFor();
    const crear = dialog.getByRole('button', { name: 'Crear Cotización' });
    expect(await crear.isDisabled()).toBe(true);
    await dialog.getByLabel('Comisión base Venta').fill('8200,6');
    await expect.poll(() => dialog.getByText(TASA_MSG.comisionMayor).count()).toBe(2);
    await dialog.getByLabel('Comisión base Venta').fill('70');
    await expect.poll(() => dialog.getByText(TASA_MSG.comisionMayor).count()).toBe(1);
    expect(await crear.isDisabled()).toBe(true);
    expect(await db.selectFrom('tasas').select('id').where('divisa_id', '=', db.selectFrom('divisas').select('id').where('codigo', '=', 'CHF')).execute()).toEqual([]);

    await dialog.getByLabel('Comisión base Compra').fill('80,25');
    await expect.poll(() => dialog.getByText(TASA_MSG.comisionMayor).count()).toBe(0);
    await dialog.getByTestId('tasa-preview').getByText('Compra: ₲ 8.120,25 · Venta: ₲ 8.270,5').waitFor();
    await dialog.getByRole('button', { name: 'Crear Cotización' }).click();
    await page.getByText(TASA_MSG.creada).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const chf = row(page, 'Franco suizo');
    expect((await chf.locator('td').allInnerTexts()).slice(2, 7)).toEqual(['₲ 8.200,5', '₲ 80,25', '₲ 70', '₲ 8.120,25', '₲ 8.270,5']);

    const home = await e.newPage();
    await home.goto(`${e.url}/`);
    const publicTable = home.getByRole('table', { name: 'Cotizaciones del día' });
    await publicTable.getByText('CHF').waitFor();

    await chf.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await page.getByText(TASA_MSG.desactivada).waitFor();
    await chf.getByText('Inactivo', { exact: true }).waitFor();
    await home.reload();
    await publicTable.getByText('USD').waitFor();
    expect(await publicTable.getByText('CHF').count()).toBe(0);

    await chf.getByRole('button', { name: 'Activar', exact: true }).click();
    await page.getByText(TASA_MSG.activada).waitFor();
    await home.reload();
    await publicTable.getByText('CHF').waitFor();
    await home.context().close();
    await page.context().close();
  });

  it('reads rate figures es-PY as every amount: 1.360,5 is 1360,5 and an ambiguous 1.360 is refused, never 1,36', async () => {
    const db = e.server.database.db;
    const page = await adminPage();
    await page.goto(`${e.url}/cotizaciones`);
    const brl = row(page, 'Real brasileño');
    await brl.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Editar Cotización' }).waitFor();
    // Filled so that the form reads it back exactly, and the preview says the same figures.
    await expect.poll(() => dialog.getByLabel('Precio base').inputValue()).toBe('1.350,0000');
    expect(await dialog.getByLabel('Comisión base Compra').inputValue()).toBe('10,0000');
    await dialog.getByTestId('tasa-preview').getByText('Compra: ₲ 1.340 · Venta: ₲ 1.360').waitFor();
    const guardar = dialog.getByRole('button', { name: 'Guardar' });
    await dialog.getByLabel('Precio base').fill('1.360');
    await dialog.getByText(MONTO_TEXTO_MSG.ambiguo('1.360')).waitFor();
    expect(await guardar.isDisabled()).toBe(true);
    expect(await dialog.getByTestId('tasa-preview').count()).toBe(0);
    await dialog.getByLabel('Precio base').fill('1.180,5');
    await dialog.getByTestId('tasa-preview').getByText('Compra: ₲ 1.170,5 · Venta: ₲ 1.190,5').waitFor();
    await dialog.getByLabel('Precio base').fill('1.360,5');
    await dialog.getByTestId('tasa-preview').getByText('Compra: ₲ 1.350,5 · Venta: ₲ 1.370,5').waitFor();
    expect(await dialog.getByText(MONTO_TEXTO_MSG.ambiguo('1.360')).count()).toBe(0);
    await guardar.click();
    await page.getByText(TASA_MSG.actualizada).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const tasa = await db
      .selectFrom('tasas')
      .select(['precio_base'])
      .where('divisa_id', '=', db.selectFrom('divisas').select('id').where('codigo', '=', 'BRL'))
      .executeTakeFirstOrThrow();
    expect(String(tasa.precio_base)).toBe('1360.5000');
    await page.context().close();
  });

  it('edits a rate with the currency locked and no Activo checkbox, and shows the server messages', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/cotizaciones`);
    const eur = row(page, 'Euro');
    await eur.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Editar Cotización' }).waitFor();
    expect(await dialog.getByTestId('tasa-divisa-fija').innerText()).toBe('EUR – Euro');
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    expect(await dialog.getByLabel('Activo').count()).toBe(0);
    // Filled es-PY with the rate's 4 decimals: the form reads it back exactly ("8.000" alone would be ambiguous).
    expect(await dialog.getByLabel('Precio base').inputValue()).toBe('8.000,0000');
    await dialog.getByTestId('tasa-preview').getByText('Compra: ₲ 7.940 · Venta: ₲ 8.060').waitFor();
    await dialog.getByLabel('Precio base').fill('8100,5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(TASA_MSG.actualizada).waitFor();
    await eur.getByText('₲ 8.100,5').waitFor();
    // Reopened, the figures read es-PY: thousands dots, a comma and the rate's 4 decimals.
    await eur.getByRole('button', { name: 'Editar' }).click();
    await dialog.getByRole('heading', { name: 'Editar Cotización' }).waitFor();
    await expect.poll(() => dialog.getByLabel('Precio base').inputValue()).toBe('8.100,5000');
    await dialog.getByLabel('Comisión base Compra').fill('48,5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await eur.getByText('₲ 48,5').waitFor();
    await eur.getByRole('button', { name: 'Editar' }).click();
    await expect.poll(() => dialog.getByLabel('Comisión base Compra').inputValue()).toBe('48,5000');
    expect(await dialog.getByLabel('Precio base').inputValue()).toBe('8.100,5000');
    // Saved unchanged, the figures stay the same.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The list reloads after the save: read the row once it is back.
    await expect.poll(async () => (await eur.locator('td').allInnerTexts()).slice(2, 4)).toEqual(['₲ 8.100,5', '₲ 48,5']);

    // A currency deactivated meanwhile: the server's field message is shown as the toast.
    const db = e.server.database.db;
    await db.insertInto('divisas').values({ nombre: 'Libra esterlina', codigo: 'GBP', simbolo: '£', flag: 'GB' }).execute();
    await page.reload();
    await fillNewRate(page, 'GBP – Libra esterlina', ['9500', '80', '80']);
    await db.updateTable('divisas').set({ is_active: false }).where('codigo', '=', 'GBP').execute();
    await dialog.getByRole('button', { name: 'Crear Cotización' }).click();
    // The dialog hides the rest of the page from the accessibility tree, toasts included: find it by CSS.
    await page.locator('[role="status"]', { hasText: TASA_MSG.divisaInactiva }).waitFor();
    await dialog.getByText(TASA_MSG.divisaInactiva).waitFor();
    expect(await dialog.getByRole('heading', { name: 'Crear Cotización' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('toasts a failed load, and the server answer: field messages one per line, "Respuesta: {status}", else "Error creando tasa"', async () => {
    await e.server.database.db.insertInto('divisas').values({ nombre: 'Corona sueca', codigo: 'SEK', simbolo: 'kr', flag: 'SE' }).execute();
    const answers = [
      trpcFailure(400, 'BAD_REQUEST', { divisa: [TASA_MSG.divisaInactiva], precioBase: [TASA_MSG.enteros] }),
      trpcFailure(409, 'CONFLICT'),
      trpcFailure(500, 'INTERNAL_SERVER_ERROR'),
    ];
    const page = await adminPage();
    await page.route('**/trpc/cotizaciones.list**', (r) => r.fulfill(trpcFailure(500, 'INTERNAL_SERVER_ERROR')));
    await page.goto(`${e.url}/cotizaciones`);
    await page.getByRole('table', { name: 'Cotizaciones' }).getByText('Ha ocurrido un error').waitFor();
    await page.getByText(TASA_MSG.cargarError).waitFor();
    await page.unroute('**/trpc/cotizaciones.list**');
    await page.route('**/trpc/cotizaciones.create**', (r) => r.fulfill(answers.shift()!));
    await page.reload();
    await row(page, 'Dólar estadounidense').waitFor();
    const dialog = await fillNewRate(page, 'SEK – Corona sueca', ['700', '10', '10']);
    const crear = dialog.getByRole('button', { name: 'Crear Cotización' });

    await crear.click();
    const both = toastWith(page, TASA_MSG.divisaInactiva);
    await both.waitFor();
    expect(await both.innerText()).toBe(`${TASA_MSG.divisaInactiva}\n${TASA_MSG.enteros}`);
    await dialog.getByText(TASA_MSG.enteros).waitFor();

    await crear.click();
    await toastWith(page, 'Respuesta: 409').waitFor();
    await crear.click();
    await toastWith(page, TASA_MSG.crearError).waitFor();
    expect(await dialog.getByRole('heading', { name: 'Crear Cotización' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows only what the permissions allow', async () => {
    const viewer = await staff([P.viewTasa]);
    const page = await e.newPage();
    await login(page, e.url, viewer, 'secreto1');
    await page.goto(`${e.url}/cotizaciones`);
    await row(page, 'Dólar estadounidense').waitFor();
    expect(await page.getByRole('button', { name: 'Crear Cotización' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Desactivar', exact: true }).count()).toBe(0);
    await page.context().close();
  });
});

describe('narrow screens (375 px)', () => {
  /** The page itself does not scroll sideways; the table scrolls inside its own box, which stays on screen. */
  async function checkLayout(page: Page, tableName: string) {
    const m = await page.getByRole('table', { name: tableName, exact: true }).evaluate((table) => {
      const box = table.parentElement!;
      return {
        pageScroll: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        boxRight: box.getBoundingClientRect().right,
        boxScroll: box.scrollWidth,
        boxWidth: box.clientWidth,
        overflowX: getComputedStyle(box).overflowX,
      };
    });
    expect(m.pageScroll, tableName).toBe(m.viewport);
    expect(m.boxRight).toBeLessThanOrEqual(m.viewport);
    expect(m.overflowX).toBe('auto');
    expect(m.boxScroll).toBeGreaterThan(m.boxWidth);
  }

  it('keeps the home rates scrolling inside their own box and stacks the staff rates as cards, with a long figure', async () => {
    const db = e.server.database.db;
    const usd = await db.selectFrom('divisas').select('id').where('codigo', '=', 'USD').executeTakeFirstOrThrow();
    const before = await db.selectFrom('tasas').select(['precio_base', 'comision_base_compra', 'comision_base_venta']).where('divisa_id', '=', usd.id).executeTakeFirstOrThrow();
    await db.updateTable('tasas').set({ precio_base: '9999999999999.1234', comision_base_compra: '1.1234', comision_base_venta: '99999999.1234' }).where('divisa_id', '=', usd.id).execute();
    try {
      const page = await e.newPage({ width: 375, height: 800 });
      await page.goto(`${e.url}/`);
      await row(page.getByRole('table', { name: 'Cotizaciones del día' }), '10.000.099.999.998,2468').waitFor();
      await checkLayout(page, 'Cotizaciones del día');

      await login(page, e.url, ADMIN.username, ADMIN.password);
      await page.goto(`${e.url}/cotizaciones`);
      const table = page.getByRole('table', { name: 'Cotizaciones', exact: true });
      await row(table, 'USD').waitFor();
      // A card per rate: every figure and the actions in view, each labelled, nothing to swipe.
      const usdRow = row(table, 'USD');
      expect(await usdRow.getByRole('cell').count()).toBeGreaterThan(5);
      for (const cell of await usdRow.getByRole('cell').all()) {
        const b = (await cell.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(375);
      }
      const precio = usdRow.getByRole('cell', { name: /10\.000\.099\.999\.998|9\.999\.999\.999\.999/ }).first();
      expect(await precio.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Precio base"');
      const editar = usdRow.getByRole('button', { name: 'Editar' });
      const b = (await editar.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(await page.evaluate(() => document.documentElement.clientWidth));
      await page.context().close();
    } finally {
      await db.updateTable('tasas').set(before).where('divisa_id', '=', usd.id).execute();
    }
  });
});
