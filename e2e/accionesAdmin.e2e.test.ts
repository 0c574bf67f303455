import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, login, retenerLlamadas, startE2e, type E2e } from './support/app';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

async function adminPage(path: string, viewport?: { width: number; height: number }) {
  const page = await e.newPage(viewport);
  await login(page, e.url, ADMIN.username, ADMIN.password);
  await page.goto(`${e.url}${path}`);
  return page;
}

const row = (scope: Page | Locator, text: string | RegExp) => scope.getByRole('row').filter({ hasText: text });

/**
 * Double-clicks `button` while the call it sends is held, checks it shows it is busy, then lets the
 * call go: exactly one call went out.
 */
async function dobleClicUnaLlamada(page: Page, button: Locator, procedimiento: string) {
  const retenidas = await retenerLlamadas(page, `/trpc/${procedimiento}`);
  await button.dblclick();
  await expect.poll(() => retenidas.retenidas).toBe(1);
  // Busy while the call is in flight: disabled and aria-busy; a further click does nothing.
  expect(await button.getAttribute('aria-busy')).toBe('true');
  expect(await button.isDisabled()).toBe(true);
  await button.click({ force: true });
  await retenidas.soltar();
  return retenidas;
}

describe('admin actions send once (useEnCurso)', () => {
  it('Desactivar a currency: a double click while the call is in flight sends one call', async () => {
    const page = await adminPage('/divisas?search=BRL');
    const brl = row(page, 'Real brasileño');
    const desactivar = brl.getByRole('button', { name: 'Desactivar', exact: true });
    const r = await dobleClicUnaLlamada(page, desactivar, 'divisas.deactivate');
    await brl.getByText('Inactivo', { exact: true }).waitFor();
    expect(r.llamadas).toHaveLength(1);
    // Activar is a new action, free again once the first is done.
    const activar = brl.getByRole('button', { name: 'Activar', exact: true });
    expect(await activar.isDisabled()).toBe(false);
    await activar.click();
    await brl.getByText('Activo', { exact: true }).waitFor();
    await r.quitar();
    await page.context().close();
  });

  it('Desactivar a rate sends one call', async () => {
    const page = await adminPage('/cotizaciones');
    const clp = row(page, 'Peso chileno');
    const r = await dobleClicUnaLlamada(page, clp.getByRole('button', { name: 'Desactivar', exact: true }), 'cotizaciones.deactivate');
    await clp.getByText('Inactivo', { exact: true }).waitFor();
    expect(r.llamadas).toHaveLength(1);
    await r.quitar();
    await clp.getByRole('button', { name: 'Activar', exact: true }).click();
    await clp.getByText('Activo', { exact: true }).waitFor();
    await page.context().close();
  });

  it("a role's Eliminar confirmed twice sends one call", async () => {
    await e.server.database.db.insertInto('auth_group').values({ name: 'ROL DESCARTABLE' }).execute();
    const page = await adminPage('/roles');
    await page.getByRole('button', { name: 'Eliminar ROL DESCARTABLE' }).click();
    const dialog = page.getByRole('dialog');
    const r = await dobleClicUnaLlamada(page, dialog.getByRole('button', { name: 'Eliminar', exact: true }), 'roles.delete');
    await page.getByRole('table', { name: 'Roles' }).getByText('ROL DESCARTABLE').waitFor({ state: 'detached' });
    expect(r.llamadas).toHaveLength(1);
    await page.context().close();
  });

  it("a create form's submit pressed twice sends one call", async () => {
    const page = await adminPage('/divisas');
    await page.getByRole('button', { name: 'Crear Divisa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre', { exact: true }).fill('Dólar australiano');
    await dialog.getByLabel('Código', { exact: true }).fill('AUD');
    await dialog.getByLabel('Símbolo', { exact: true }).fill('A$');
    const r = await dobleClicUnaLlamada(page, dialog.getByRole('button', { name: /Crear Divisa|Guardando/ }), 'divisas.create');
    await dialog.waitFor({ state: 'detached' });
    expect(r.llamadas).toHaveLength(1);
    expect(await e.server.database.db.selectFrom('divisas').select('id').where('codigo', '=', 'AUD').execute()).toHaveLength(1);
    await page.context().close();
  });
});

describe('after an admin change the public prices are read again (useRefrescarPrecios)', () => {
  it("deactivating a currency takes it off the home's rates on the next visit, without a reload", async () => {
    const page = await adminPage('/configuraciones');
    let cargas = 0;
    page.on('load', () => cargas++);
    // Home, then back to the hub and on to /divisas: one page, its cache kept.
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: /Cambio/ }).click();
    const tabla = page.getByRole('table', { name: 'Cotizaciones del día' });
    await row(tabla, 'UYU').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /Monedas, denominaciones/ }).click();
    await page.waitForURL(/\/divisas/);
    const uyu = row(page, 'Peso uruguayo');
    await page.getByRole('searchbox').fill('UYU');
    await page.getByRole('searchbox').press('Enter');
    await uyu.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await uyu.getByText('Inactivo', { exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: /Cambio/ }).click();
    await row(tabla, 'USD').waitFor();
    await expect.poll(() => row(tabla, 'UYU').count(), { timeout: 5_000 }).toBe(0);
    expect(cargas).toBe(0);
    await page.context().close();
  });
});

describe('/divisas keeps its tab in the URL', () => {
  it('?tab=configuracion opens Configuración; reload, back and forward keep the tab', async () => {
    const page = await adminPage('/divisas');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect.poll(() => tab('Divisas').getAttribute('aria-selected')).toBe('true');
    await tab('Configuración').click();
    await page.waitForURL(/[?&]tab=configuracion/);
    await page.getByLabel('Límite diario').waitFor();

    await page.reload();
    await expect.poll(() => tab('Configuración').getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Límite diario').waitFor();

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBeNull();
    await expect.poll(() => tab('Divisas').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('table', { name: 'Divisas' }).waitFor();

    await page.goForward();
    await expect.poll(() => tab('Configuración').getAttribute('aria-selected')).toBe('true');

    // A shared link opens on it; an unknown tab opens the first.
    await page.goto(`${e.url}/divisas?tab=configuracion`);
    await expect.poll(() => tab('Configuración').getAttribute('aria-selected')).toBe('true');
    await page.goto(`${e.url}/divisas?tab=otra`);
    await expect.poll(() => tab('Divisas').getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });
});

describe('rate form on a phone', () => {
  it('stacks its fields in one column at 375 px, with no sideways scroll', async () => {
    const page = await adminPage('/cotizaciones', { width: 375, height: 800 });
    await page.getByRole('button', { name: 'Crear Cotización' }).click();
    const dialog = page.getByRole('dialog');
    const campos = ['Divisa', 'Precio base', 'Comisión base Compra', 'Comisión base Venta'];
    const cajas = [];
    for (const c of campos) cajas.push((await dialog.getByLabel(c, { exact: true }).boundingBox())!);
    for (let i = 1; i < cajas.length; i++) {
      // Each field below the previous one, as wide and starting at the same left edge.
      expect(cajas[i].y, campos[i]).toBeGreaterThanOrEqual(cajas[i - 1].y + cajas[i - 1].height);
      expect(Math.abs(cajas[i].x - cajas[0].x), campos[i]).toBeLessThan(1);
      expect(Math.abs(cajas[i].width - cajas[0].width), campos[i]).toBeLessThan(1);
      expect(cajas[i].x + cajas[i].width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/rev_admin_dinero-tasa-375.png' });
    await page.context().close();
  });
});
