import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { P } from '../src/shared/permissions';
import { TAUSER_MSG } from '../src/shared/schemas/tausers';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

/**
 * Terminals with the app's offline map style (MAP_STYLE_URL=offline): no request leaves the page.
 * Chromium draws WebGL in software (SwiftShader), so the map really works and clicks are proven.
 */
const GL = ['--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const PICKER_DIR = resolve('dist/client/e2e-picker');

let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' }, args: GL });
  // The picker on a page of its own (the operation wizard that will hold it comes later), built
  // beside the app so it is served from the same origin and session.
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const tailwindcss = (await import('@tailwindcss/vite')).default;
  await build({
    configFile: false,
    root: resolve('e2e/fixtures/terminalPicker'),
    base: '/e2e-picker/',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir: PICKER_DIR, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
});
afterAll(async () => {
  await e?.close();
  rmSync(PICKER_DIR, { recursive: true, force: true });
});

/** Every request of the page that leaves the app's origin. */
function externalRequests(page: Page) {
  const out: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(e.url) && !url.startsWith('blob:') && !url.startsWith('data:')) out.push(url);
  });
  return out;
}

async function adminPage() {
  const page = await e.newPage();
  await login(page, e.url, ADMIN.username, ADMIN.password);
  return page;
}

async function staff(perms: string[]) {
  const db = e.server.database.db;
  const { hashPassword } = await import('../src/server/modules/auth/passwords');
  const username = `tau${Date.now() % 100000}${perms.length}`;
  const user = await db
    .insertInto('users')
    .values({ username, email: `${username}@casa.test`, first_name: 'Staff', password_hash: await hashPassword('secreto1'), is_active: true, email_verified: true })
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

/** Waits until the map drew its style (not the loading box, not the "no map" note). */
async function mapReady(map: Locator) {
  await map.and(map.page().locator('[data-map-state="listo"]')).waitFor();
}

/** A coordinate the map wrote in the form: es-PY, six decimals. */
const SIX = /^-?\d{1,3},\d{6}$/;
const numero = (coord: string) => Number(coord.replace(',', '.'));

describe('/configuracion-tausers', () => {
  it('creates a Tauser by clicking the map, edits it, shows its details with the map and toggles it, with no request leaving the app', async () => {
    const page = await adminPage();
    const external = externalRequests(page);
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('cell', { name: 'TAU-ITA-01' }).waitFor();
    for (const h of ['Código', 'Nombre', 'Dirección', 'Ciudad', 'Departamento', 'Estado', 'Acciones']) {
      await expect(page.getByRole('columnheader', { name: h, exact: true }).isVisible()).resolves.toBe(true);
    }
    await page.getByRole('searchbox', { name: 'Buscar Tausers...' }).waitFor();

    await page.getByRole('button', { name: 'Crear Tauser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Tauser' });
    await dialog.getByLabel('Código').fill('TAU-LUQ-01');
    await dialog.getByLabel('Nombre').fill('Tauser Luque');
    await dialog.getByLabel('Dirección').fill('Av. Aviadores del Chaco km 11');
    await dialog.getByLabel('Ciudad').fill('Luque');
    await dialog.getByLabel('Departamento').fill('Central');
    const map = dialog.getByRole('region', { name: 'Mapa para ubicar el Tauser' });
    await mapReady(map);
    const marker = map.getByRole('button', { name: 'Ubicación del Tauser' });
    await expect(marker.count()).resolves.toBe(0);
    // The map's own controls speak Spanish too.
    await map.getByRole('button', { name: 'Acercar' }).waitFor();
    await map.getByRole('button', { name: 'Alejar' }).waitFor();
    expect(await map.getByRole('button', { name: /zoom/i }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/wt27b-mapa-1366.png' });
    // Each coordinate's example is one of Asunción's (a longitude of -25 would be far from Paraguay).
    expect(await dialog.getByLabel('Latitud').getAttribute('placeholder')).toBe('Ej: -25,263739');
    expect(await dialog.getByLabel('Longitud').getAttribute('placeholder')).toBe('Ej: -57,575926');

    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.6);
    await expect.poll(() => dialog.getByLabel('Latitud').inputValue()).toMatch(SIX);
    const lat = await dialog.getByLabel('Latitud').inputValue();
    const lng = await dialog.getByLabel('Longitud').inputValue();
    expect(lng).toMatch(SIX);
    // A click right of and below the centre (Asunción) lands south-east of it.
    expect(numero(lat)).toBeLessThan(-25.263739);
    expect(numero(lng)).toBeGreaterThan(-57.575926);
    await marker.waitFor();
    const before = (await marker.boundingBox())!;

    // Typing a coordinate moves the marker (about 220 m north).
    const north = (numero(lat) + 0.002).toFixed(6);
    await dialog.getByLabel('Latitud').fill(north);
    await expect.poll(async () => (await marker.boundingBox())!.y).toBeLessThan(before.y - 10);

    await dialog.getByRole('button', { name: 'Crear Tauser' }).click();
    await page.getByText(TAUSER_MSG.creado).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'TAU-LUQ-01' });
    await row.waitFor();
    const saved = await e.server.database.db.selectFrom('tausers').selectAll().where('codigo', '=', 'TAU-LUQ-01').executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ latitud: north, longitud: lng.replace(',', '.'), is_active: true, ciudad: 'Luque' });

    // Edit: the code is read-only.
    await row.getByRole('button', { name: 'Editar Tauser Luque' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Tauser' });
    await expect(edit.getByLabel('Código').getAttribute('readonly')).resolves.not.toBeNull();
    // Read back as people here write it.
    await expect(edit.getByLabel('Latitud').inputValue()).resolves.toBe(north.replace('.', ','));
    await mapReady(edit.getByRole('region', { name: 'Mapa para ubicar el Tauser' }));
    await edit.getByRole('button', { name: 'Ubicación del Tauser' }).waitFor();
    await edit.getByLabel('Nombre').fill('Tauser Luque Centro');
    await edit.getByRole('button', { name: 'Actualizar Tauser' }).click();
    await page.getByText(TAUSER_MSG.actualizado).waitFor();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Tauser Luque Centro', exact: true }).waitFor();

    // Details with the id and the collapsible map.
    await page.getByRole('button', { name: 'Ver Tauser Luque Centro' }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    await details.getByText(saved.id_tauser).waitFor();
    await details.getByText(north.replace('.', ',')).waitFor();
    await details.getByText('Av. Aviadores del Chaco km 11').waitFor();
    await details.getByText('Ver ubicación en el mapa').click();
    const detailMap = details.getByRole('region', { name: 'Ubicación de Tauser Luque Centro' });
    await mapReady(detailMap);
    await detailMap.getByRole('button', { name: 'Tauser Luque Centro' }).waitFor();
    await details.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await details.waitFor({ state: 'hidden' });

    // Toggle both ways with the §8 toasts.
    await row.getByRole('button', { name: 'Desactivar Tauser Luque Centro' }).click();
    await page.getByRole('dialog').getByText(TAUSER_MSG.desactivar).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Desactivar', exact: true }).click();
    await page.getByText(TAUSER_MSG.inactivado).waitFor();
    await row.getByText('Inactivo').waitFor();
    await row.getByRole('button', { name: 'Activar Tauser Luque Centro' }).click();
    await page.getByText(TAUSER_MSG.activado).waitFor();
    await row.getByText('Activo', { exact: true }).waitFor();

    expect(external).toEqual([]);
    await page.context().close();
  });

  it('shows every terminal on the overview map; a marker opens its details', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/configuracion-tausers`);
    const map = page.getByRole('region', { name: 'Mapa de Tausers' });
    await mapReady(map);
    for (const n of ['Tauser Encarnación (TAU-ENC-01)', 'Tauser Ciudad del Este (TAU-CDE-01)', 'Tauser Itá (TAU-ITA-01)']) await map.getByRole('button', { name: n }).waitFor();
    await map.getByRole('button', { name: 'Tauser Encarnación (TAU-ENC-01)' }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del Tauser' });
    await details.getByText('Itapúa').waitFor();
    await details.getByText('-27,330560').waitFor();
    await page.context().close();
  });

  it('searches and gates the buttons by permission', async () => {
    const viewer = await staff([P.viewTauser]);
    const page = await e.newPage();
    await login(page, e.url, viewer, 'secreto1');
    // The hub shows the Tausers card to a viewer and it leads to the screen.
    await page.goto(`${e.url}/configuraciones`);
    await page.getByTestId('hub-card-/configuracion-tausers').click();
    await page.waitForURL(`${e.url}/configuracion-tausers`);
    await page.getByRole('cell', { name: 'TAU-ITA-01' }).waitFor();
    await page.goto(`${e.url}/configuracion-tausers?search=encarnaci`);
    await page.getByRole('cell', { name: 'TAU-ENC-01' }).waitFor();
    await expect(page.getByRole('cell', { name: 'TAU-ITA-01' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Ver Tauser Encarnación' }).waitFor();
    await expect(page.getByRole('button', { name: 'Crear Tauser' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^(Editar|Desactivar|Activar) / }).count()).resolves.toBe(0);
    await page.context().close();

    const toggler = await staff([P.viewTauser, P.deleteTauser]);
    const p2 = await e.newPage();
    await login(p2, e.url, toggler, 'secreto1');
    await p2.goto(`${e.url}/configuracion-tausers`);
    await p2.getByRole('button', { name: 'Desactivar Tauser Itá' }).waitFor();
    await expect(p2.getByRole('button', { name: /^Editar / }).count()).resolves.toBe(0);
    await expect(p2.getByRole('button', { name: 'Crear Tauser' }).count()).resolves.toBe(0);
    await p2.context().close();

    const customer = await e.newPage();
    await login(customer, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await customer.goto(`${e.url}/configuracion-tausers`);
    await customer.getByText('Acceso denegado').waitFor();
    await customer.context().close();
  });

  it('keeps the form working with a quiet note when the configured map style cannot load', async () => {
    const page = await adminPage();
    await page.route('**/trpc/tauser.mapConfig**', (r) =>
      r.fulfill({ contentType: 'application/json', body: JSON.stringify({ result: { data: { styleUrl: 'https://mapas.invalid/style.json' } } }) }),
    );
    let styleRequests = 0;
    await page.route('https://mapas.invalid/**', (r) => {
      styleRequests++;
      return r.abort();
    });
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Crear Tauser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Tauser' });
    const map = dialog.getByRole('region', { name: 'Mapa para ubicar el Tauser' });
    await map.and(page.locator('[data-map-state="simplificado"]')).waitFor();
    await map.getByText('No se pudo cargar el mapa base; se muestra un mapa simplificado.').waitFor();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => dialog.getByLabel('Latitud').inputValue()).toMatch(SIX);
    // The next map of the page starts on the simplified style without asking again. (The request may
    // never reach the network: the Content-Security-Policy only allows the configured style's host.)
    const asked = styleRequests;
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Crear Tauser' }).click();
    await map.and(page.locator('[data-map-state="simplificado"]')).waitFor();
    await map.getByText('No se pudo cargar el mapa base; se muestra un mapa simplificado.').waitFor();
    expect(styleRequests).toBe(asked);
    await page.context().close();
  });

  it('shows the spec messages under the fields', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Crear Tauser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Tauser' });
    await dialog.getByLabel('Latitud').fill('95');
    await dialog.getByRole('button', { name: 'Crear Tauser' }).click();
    for (const m of [TAUSER_MSG.codigoRequerido, TAUSER_MSG.nombreRequerido, TAUSER_MSG.direccionRequerida, TAUSER_MSG.ciudadRequerida, TAUSER_MSG.departamentoRequerido, TAUSER_MSG.latitudMax, TAUSER_MSG.longitudRequerida]) {
      await dialog.getByText(m).waitFor();
    }
    await dialog.getByLabel('Código').fill('tau-asu-01');
    for (const [l, v] of [['Nombre', 'x'], ['Dirección', 'x'], ['Ciudad', 'x'], ['Departamento', 'x'], ['Latitud', '-25.3'], ['Longitud', '-57.6']]) await dialog.getByLabel(l).fill(v);
    await dialog.getByRole('button', { name: 'Crear Tauser' }).click();
    await dialog.getByText(TAUSER_MSG.codigoDuplicado).waitFor();
    await page.getByText(TAUSER_MSG.crearError).waitFor();
    await page.context().close();
  });

  it('takes coordinates typed with a decimal comma, as people write them here, and puts the marker there', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('button', { name: 'Crear Tauser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Tauser' });
    for (const [l, v] of [['Código', 'TAU-SLO-01'], ['Nombre', 'Tauser San Lorenzo'], ['Dirección', 'Ruta Mcal. Estigarribia km 10'], ['Ciudad', 'San Lorenzo'], ['Departamento', 'Central']]) {
      await dialog.getByLabel(l).fill(v);
    }
    // Typed key by key, as a person does (a comma is not a decimal point to a number box).
    await dialog.getByLabel('Latitud').click();
    await page.keyboard.type('-25,339201');
    await dialog.getByLabel('Longitud').click();
    await page.keyboard.type('-57,5089');
    await expect(dialog.getByLabel('Latitud').inputValue()).resolves.toBe('-25,339201');
    const map = dialog.getByRole('region', { name: 'Mapa para ubicar el Tauser' });
    await mapReady(map);
    await map.getByRole('button', { name: 'Ubicación del Tauser' }).waitFor();
    await dialog.getByRole('button', { name: 'Crear Tauser' }).click();
    await page.getByText(TAUSER_MSG.creado).waitFor();
    const saved = await e.server.database.db.selectFrom('tausers').select(['latitud', 'longitud']).where('codigo', '=', 'TAU-SLO-01').executeTakeFirstOrThrow();
    expect(saved).toEqual({ latitud: '-25.339201', longitud: '-57.508900' });
    await page.context().close();
  });

  it('is usable at 375 px', async () => {
    const page = await e.newPage({ width: 375, height: 800 });
    await login(page, e.url, ADMIN.username, ADMIN.password);
    await page.goto(`${e.url}/configuracion-tausers`);
    await page.getByRole('cell', { name: 'TAU-ITA-01' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Crear Tauser' }).click();
    const map = page.getByRole('dialog', { name: 'Crear Tauser' }).getByRole('region', { name: 'Mapa para ubicar el Tauser' });
    await mapReady(map);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.getByLabel('Longitud').inputValue()).toMatch(SIX);
    await page.getByRole('dialog', { name: 'Crear Tauser' }).getByRole('button', { name: 'Cancelar' }).click();
    // The details' stock tables, one under the other, keep their columns in line.
    await page.getByRole('button', { name: /^Ver Tauser / }).first().click();
    const stock = page.getByRole('dialog', { name: 'Detalles del Tauser' }).getByRole('table', { name: /^Stock / });
    await stock.nth(1).waitFor();
    const columnas = await stock.evaluateAll((tablas) => tablas.map((t) => [...t.querySelectorAll('th')].map((th) => Math.round(th.getBoundingClientRect().left))));
    expect(columnas.length).toBeGreaterThan(1);
    for (const c of columnas) expect(c).toEqual(columnas[0]);
    await page.context().close();
  });
});

describe('TerminalPicker', () => {
  async function pickerPage(context = {}) {
    const page = await e.newPage({ width: 1280, height: 900 }, context);
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    await page.goto(`${e.url}/e2e-picker/index.html`);
    return page;
  }
  const cardCodes = (page: Page) => page.locator('[data-tauser-card]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tauser-card')));

  it("lists a customer's active terminals as cards capped at 24rem, and selects from the map and from the list", async () => {
    const page = await pickerPage();
    const list = page.getByRole('radiogroup', { name: 'Terminales de autoservicio' });
    await list.getByRole('radio', { name: /Tauser Itá/ }).waitFor({ state: 'attached' });
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    const card = page.locator('[data-tauser-card="TAU-CDE-01"]');
    for (const t of ['Tauser Ciudad del Este', 'TAU-CDE-01', 'Av. Monseñor Rodríguez 120', 'Ciudad del Este, Alto Paraná']) await card.getByText(t, { exact: true }).waitFor();

    const map = page.getByRole('region', { name: 'Mapa de terminales' });
    await mapReady(map);
    await map.getByRole('button', { name: 'Tauser Itá (TAU-ITA-01)' }).click();
    await expect.poll(() => page.getByTestId('elegido').textContent()).toBe('Tauser Itá');
    await expect(list.getByRole('radio', { name: /Tauser Itá/ }).isChecked()).resolves.toBe(true);
    await expect(map.getByRole('button', { name: 'Tauser Itá (TAU-ITA-01)' }).getAttribute('aria-pressed')).resolves.toBe('true');

    await card.click();
    await expect.poll(() => page.getByTestId('elegido').textContent()).toBe('Tauser Ciudad del Este');
    await expect.poll(() => map.getByRole('button', { name: 'Tauser Ciudad del Este (TAU-CDE-01)' }).getAttribute('aria-pressed')).toBe('true');
    await expect(map.getByRole('button', { name: 'Tauser Itá (TAU-ITA-01)' }).getAttribute('aria-pressed')).resolves.toBe('false');
    await page.context().close();
  });

  it("'Cerca de mí' orders the cards by distance (es-PY km) when the position is granted", async () => {
    const page = await pickerPage({ geolocation: { latitude: -27.3, longitude: -55.9 }, permissions: ['geolocation'] });
    await page.locator('[data-tauser-card]').first().waitFor();
    const initial = await cardCodes(page);
    expect(initial[0]).not.toBe('TAU-ENC-01');
    await page.getByRole('button', { name: 'Cerca de mí' }).click();
    await page.getByText('Ordenados del más cercano al más lejano.').waitFor();
    const ordered = await cardCodes(page);
    expect(ordered.slice(0, 3)).toEqual(['TAU-ENC-01', 'TAU-CDE-01', 'TAU-ITA-01']);
    const distances = await page.locator('[data-tauser-card] >> text=/^a [\\d.,]+ (km|m)$/').allTextContents();
    expect(distances).toHaveLength(ordered.length);
    expect(distances[0]).toMatch(/^a \d+,\d km$/);
    const km = distances.map((d) => Number(d.replace(/^a /, '').replace(/ km$/, '').replace(/\./g, '').replace(',', '.')));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await page.getByRole('region', { name: 'Mapa de terminales' }).getByRole('button', { name: 'Tu ubicación' }).waitFor();
    await page.context().close();
  });

  it('keeps the default order when the position is refused', async () => {
    const page = await pickerPage();
    await page.locator('[data-tauser-card]').first().waitFor();
    const initial = await cardCodes(page);
    await page.getByRole('button', { name: 'Cerca de mí' }).click();
    await page.getByText('No pudimos obtener tu ubicación; los terminales se muestran en el orden habitual.').waitFor();
    expect(await cardCodes(page)).toEqual(initial);
    await page.context().close();
  });

  it("shows the spec's text when there is no active terminal", async () => {
    const page = await pickerPage();
    await page.route('**/trpc/tauser.list**', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ result: { data: [] } }) }));
    await page.reload();
    await page.getByText(TAUSER_MSG.sinTerminales).waitFor();
    await page.context().close();
  });
});

describe('bundle', () => {
  it("the home page's initial JavaScript does not include maplibre, and the home page never loads it", async () => {
    const html = readFileSync(resolve('dist/client/index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(initial.length).toBeGreaterThan(1);
    for (const file of initial) {
      expect(file).not.toMatch(/maplibre|MapView/i);
      expect(readFileSync(resolve('dist/client', `.${file}`), 'utf8')).not.toMatch(/maplibre/i);
    }
    const page = await e.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${e.url}/`);
    await page.getByText('Cotizaciones del día').first().waitFor();
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((u) => /maplibre|MapView/i.test(u))).toEqual([]);
    await page.context().close();
  });
});
