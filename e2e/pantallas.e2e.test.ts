import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, startE2e, type E2e } from './support/app';
import { dialog, pageAs } from './support/admin';
import { M } from '../src/shared/messages';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

/** A user review in Chromium: the phone menu, the client selector's name, the history's client, the customer's commissions, field errors, accents in the client search. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(() => e?.close());

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

/** The entries of the desktop user menu (opened from the button with the user's name). */
async function desktopMenu(who: { username: string; password: string }) {
  const page = await pageAs(e, '/', who);
  await nav(page).locator('button[aria-haspopup="menu"]').click();
  const items = page.getByRole('menuitem');
  await items.first().waitFor();
  const names = (await items.allInnerTexts()).map((t) => t.trim());
  await page.context().close();
  return names;
}

describe('the ☰ menu at 375 px', () => {
  it('offers every entry of the desktop user menu (Seguridad included), for a customer and for the admin', async () => {
    for (const [who] of [
      [DEMO_CUSTOMER],
      [ADMIN],
    ] as const) {
      const entries = await desktopMenu(who);
      expect(entries).toContain('Seguridad');
      const page = await pageAs(e, '/', who, { width: 375, height: 800 });
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const panel = page.getByTestId('mobile-panel');
      await panel.getByRole('link', { name: 'Inicio' }).waitFor();
      for (const name of entries) {
        // Entries that depend on the permissions appear once these are read: wait for each one.
        const entry = panel.getByRole(name === 'Cerrar sesión' ? 'button' : 'link', { name, exact: true });
        await entry.first().waitFor();
        expect(await entry.count(), `${who.username}: ${name}`).toBe(1);
      }
      await panel.getByRole('link', { name: 'Seguridad', exact: true }).click();
      await page.waitForURL(`${e.url}/seguridad`);
      await panel.waitFor({ state: 'detached' });
      await page.context().close();
    }
  });
});

describe('the client selector', () => {
  it("is announced with the current client's name, on desktop and in the phone's panel", async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER);
    const boton = nav(page).getByTestId('cliente-selector');
    await nav(page).getByRole('button', { name: 'Cliente actual: María González' }).waitFor();
    expect(await boton.getAttribute('aria-label')).toBe('Cliente actual: María González');
    await page.context().close();

    const phone = await pageAs(e, '/', DEMO_CUSTOMER, { width: 375, height: 800 });
    await phone.getByRole('button', { name: 'Abrir menú' }).click();
    await phone.getByTestId('mobile-panel').getByRole('button', { name: 'Cliente actual: María González' }).waitFor();
    await phone.context().close();
  });
});

describe('the history names the client of each row when it holds several', () => {
  const columnas = (page: Page) => page.getByRole('table', { name: 'Transacciones' }).getByRole('columnheader').allInnerTexts();

  it('a customer with two clients: a Cliente column under "Todos", none once filtered to one client', async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER);
    const tabla = page.getByRole('table', { name: 'Transacciones' });
    await tabla.getByRole('row').nth(1).getByRole('button', { name: /^Ver transacción/ }).waitFor();
    expect((await columnas(page)).map((c) => c.trim())).toContain('Cliente');
    const filas = await tabla.getByRole('row').allInnerTexts();
    expect(filas.some((f) => f.includes('María González'))).toBe(true);
    expect(filas.some((f) => f.includes('Importadora Guaraní S.A.'))).toBe(true);

    await page.getByRole('combobox', { name: /^Cliente/ }).selectOption({ label: 'Importadora Guaraní S.A.' });
    await page.waitForURL(/cliente=/);
    await page.waitForFunction(() => ![...document.querySelectorAll('th')].some((th) => th.textContent?.trim() === 'Cliente'));
    expect((await columnas(page)).map((c) => c.trim())).not.toContain('Cliente');
    await page.context().close();
  });

  it('staff see the column; on a phone each card names its client', async () => {
    const page = await pageAs(e, '/historial-transacciones');
    await page.getByRole('table', { name: 'Transacciones' }).getByRole('row').nth(1).getByRole('button', { name: /^Ver transacción/ }).waitFor();
    expect((await columnas(page)).map((c) => c.trim())).toContain('Cliente');
    await page.context().close();

    const phone = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, { width: 375, height: 850 });
    const cards = phone.getByRole('list', { name: 'Transacciones' }).getByRole('listitem');
    await cards.first().waitFor();
    const nombres = await phone.getByRole('list', { name: 'Transacciones' }).getByTestId('cliente').allInnerTexts();
    expect(nombres).toHaveLength(await cards.count());
    expect(new Set(nombres)).toEqual(new Set(['María González', 'Importadora Guaraní S.A.']));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context().close();
  });
});

describe("'Mis métodos financieros' in the customer's words", () => {
  it('shows what the customer pays and is paid with the account, as the wizard does (1,50 % paying, 1,00 % being paid)', async () => {
    const page = await pageAs(e, '/metodos-financieros-cliente', DEMO_CUSTOMER);
    const card = page.getByRole('article', { name: 'Mi cuenta en Itaú' });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/Al pagar 1,50\s%\s·\sAl cobrar 1,00\s%/);
    expect(text).not.toContain('Comisión cobro / pago');
    await card.getByRole('button', { name: 'Ver' }).click();
    const d = dialog(page);
    expect(await d.innerText()).toMatch(/Al pagar 1,50\s%\s·\sAl cobrar 1,00\s%/);
    await page.context().close();
  });
});

/** The error text a control's aria-describedby points at. */
const describedBy = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe('form errors are linked to their fields', () => {
  it('an empty client form: fields aria-invalid and described by their error, no alert per field, the first invalid field focused', async () => {
    const page = await pageAs(e, '/clientes');
    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Guardar' }).click();
    await d.getByText(M.required).first().waitFor();
    const nombre = d.getByLabel('Nombre', { exact: true });
    expect(await nombre.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(nombre)).toBe(M.required);
    await page.waitForFunction(() => document.activeElement?.id === 'cli-nombre');
    const invalid = d.locator('[aria-invalid="true"]');
    expect(await invalid.count()).toBeGreaterThanOrEqual(3);
    for (const control of await invalid.all()) expect(await describedBy(control)).not.toBe('');
    expect(await d.getByRole('alert').count()).toBe(0);

    // Fixed, the field is valid again and described by nothing.
    await nombre.fill('Cliente Con Nombre');
    await d.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForFunction(() => document.getElementById('cli-nombre')?.getAttribute('aria-invalid') !== 'true');
    expect(await nombre.getAttribute('aria-describedby')).toBeNull();
    await page.context().close();
  });
});

describe("the customer's method forms link their errors too", () => {
  it('an empty new account: invalid fields described by their error, no alert per field', async () => {
    const page = await pageAs(e, '/metodos-financieros-cliente', DEMO_CUSTOMER);
    await page.getByRole('button', { name: 'Agregar Cuenta' }).click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Crear' }).click();
    const invalid = d.locator('[aria-invalid="true"]');
    await invalid.first().waitFor();
    for (const control of await invalid.all()) expect(await describedBy(control)).not.toBe('');
    expect(await d.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });
});

describe('client search', () => {
  it('finds "González" typed "gonzalez" and "Importadora Guaraní" typed "importadora guarani"', async () => {
    const page = await pageAs(e, '/clientes');
    const tabla = page.getByRole('table').first();
    for (const [q, nombre] of [
      ['gonzalez', 'María González'],
      ['importadora guarani', 'Importadora Guaraní S.A.'],
    ]) {
      await page.getByRole('searchbox', { name: /^Buscar por nombre/ }).fill(q);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await tabla.getByText(nombre, { exact: true }).waitFor();
    }
    await page.context().close();
  });
});
