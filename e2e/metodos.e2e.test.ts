import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

async function adminPage() {
  const page = await e.newPage();
  await login(page, e.url, ADMIN.username, ADMIN.password);
  await page.goto(`${e.url}/metodos-financieros`);
  return page;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const dialog = (page: Page) => page.getByRole('dialog');

describe('Gestión de Métodos Financieros', () => {
  it('creates a bank, a wallet platform, a card brand, a house account and a house wallet', async () => {
    const page = await adminPage();
    await page.getByRole('cell', { name: 'TRANSFERENCIA_BANCARIA', exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Catálogos de Entidades' }).click();
    await page.getByRole('button', { name: 'Crear Banco' }).click();
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await dialog(page).getByText('El nombre del banco es obligatorio').waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Banco E2E');
    await page.getByLabel('El banco tiene un CVU fijo').check();
    await page.getByLabel('CVU', { exact: true }).fill('123');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await dialog(page).getByText('El CVU debe tener exactamente 22 dígitos').waitFor();
    await page.getByLabel('CVU', { exact: true }).fill('1234567890123456789012');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await page.getByText('Banco creado exitosamente!').waitFor();
    await card(page, 'Banco E2E').getByText('1234567890123456789012').waitFor();

    await page.getByRole('tab', { name: 'Billeteras Digitales' }).click();
    await page.getByRole('button', { name: 'Crear Billetera' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Billetera E2E');
    // "2.250" is read es-PY (two thousand two hundred fifty: over 100), never as 2,25.
    await page.getByLabel('Comisión de venta (%)').fill('2.250');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await dialog(page).getByText('La comisión de venta no puede exceder 100%').waitFor();
    await page.getByLabel('Comisión de venta (%)').fill('2,25');
    await page.getByLabel('Comisión personalizada de venta').check();
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await card(page, 'Billetera E2E').getByText('2,25 %').waitFor();

    await page.getByRole('tab', { name: 'Tarjetas' }).click();
    await page.getByRole('button', { name: 'Crear Marca' }).click();
    await page.getByLabel('Marca', { exact: true }).fill('Marca E2E');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await card(page, 'Marca E2E').waitFor();

    await page.getByRole('tab', { name: 'Instancias de la Casa' }).click();
    await page.getByRole('tab', { name: 'Cuentas' }).click();
    await page.getByRole('button', { name: 'Agregar Cuenta' }).click();
    await page.getByLabel('Alias (opcional)').fill('Casa - cuenta E2E');
    await page.getByLabel('Banco').selectOption({ label: 'Banco E2E' });
    // The bank's fixed CVU fills and locks the field.
    await expect.poll(() => page.getByLabel('CBU/CVU (fijo del banco)').inputValue()).toBe('1234567890123456789012');
    expect(await page.getByLabel('CBU/CVU (fijo del banco)').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Número de cuenta').fill('555');
    await page.getByLabel('Titular').fill('Cambio S.A.');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await card(page, 'Casa - cuenta E2E').getByText('Banco E2E').waitFor();

    await page.getByRole('tab', { name: 'Billeteras Digitales' }).click();
    await page.getByRole('button', { name: 'Agregar Billetera' }).click();
    await page.getByLabel('Plataforma').selectOption({ label: 'Billetera E2E' });
    await page.getByLabel('ID de usuario').fill('casa.e2e');
    await page.getByLabel('Email').fill('no-es-email');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await dialog(page).getByText('El email no es válido').waitFor();
    await page.getByLabel('Email').fill('casa@e2e.com.py');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await card(page, 'Casa - billetera digital').getByText('Billetera E2E').waitFor();
    await page.close();
  });

  it('deactivating a bank marks its instances and reactivating it restores them', async () => {
    const page = await adminPage();
    await page.getByRole('tab', { name: 'Catálogos de Entidades' }).click();
    await card(page, 'Banco Itaú Paraguay').getByRole('button', { name: 'Desactivar' }).click();
    await page.getByText(/Se desactivaron \d+ instancia\(s\) asociada\(s\)/).waitFor();
    await card(page, 'Banco Itaú Paraguay').getByText('Inactivo').waitFor();

    await page.getByRole('tab', { name: 'Instancias de la Casa' }).click();
    const itau = card(page, 'Casa - cuenta Itaú');
    await itau.getByText('Desactivado por catálogo').waitFor();
    expect(await itau.getByRole('button', { name: 'Activar' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Catálogos de Entidades' }).click();
    await card(page, 'Banco Itaú Paraguay').getByRole('button', { name: 'Activar' }).click();
    await page.getByText(/Se activaron \d+ instancia\(s\) asociada\(s\)/).waitFor();
    await page.getByRole('tab', { name: 'Instancias de la Casa' }).click();
    await card(page, 'Casa - cuenta Itaú').getByText('Activo', { exact: true }).waitFor();
    expect(await card(page, 'Casa - cuenta Itaú').getByText('Desactivado por catálogo').count()).toBe(0);
    await page.close();
  });
});

describe('Mis Métodos Financieros', () => {
  it('the customer adds an account and a card (number never sent), deactivates and reactivates it, at 375 px', async () => {
    const page = await e.newPage({ width: 375, height: 800 });
    const bodies: string[] = [];
    page.on('request', (r) => {
      const b = r.postData();
      if (b) bodies.push(b);
    });
    await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    // Reached from the home page's current-client line.
    await page.getByTestId('cliente-actual').getByRole('link', { name: 'Mis métodos financieros' }).click();
    await page.waitForURL(`${e.url}/metodos-financieros-cliente`);
    await card(page, 'Mi cuenta en Itaú').waitFor();

    await page.getByRole('button', { name: 'Agregar Cuenta' }).click();
    await page.getByLabel('Alias (opcional)').fill('Cuenta E2E');
    await page.getByLabel('Banco').selectOption({ label: 'Banco GNB Paraguay' });
    await page.getByLabel('Número de cuenta').fill('321');
    await page.getByLabel('Titular').fill('María González');
    await page.getByLabel('CBU/CVU').fill('12');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await dialog(page).getByText('El CBU/CVU debe tener exactamente 22 dígitos').waitFor();
    await page.getByLabel('CBU/CVU').fill('0012000000000000000321');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await card(page, 'Cuenta E2E').getByText('Banco GNB Paraguay').waitFor();

    await page.getByRole('tab', { name: 'Tarjetas' }).click();
    await card(page, 'Mi tarjeta Bancard').waitFor();
    await page.getByRole('button', { name: 'Agregar Tarjeta' }).click();
    await page.getByLabel('Alias (opcional)').fill('Tarjeta E2E');
    await page.getByLabel('Marca').selectOption({ label: 'Visa' });
    await page.getByLabel('Titular').fill('María González');
    await page.getByLabel('Número de tarjeta').fill('4111111111111111');
    expect(await page.getByLabel('Número de tarjeta').inputValue()).toBe('4111 1111 1111 1111');
    await page.getByLabel('CVV').fill('12');
    await page.getByLabel('Mes (MM)').fill('13');
    await page.getByLabel('Año (AAAA)').fill(String(new Date().getFullYear() + 2));
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await dialog(page).getByText('El CVV debe tener 3 o 4 dígitos').waitFor();
    await dialog(page).getByText('Mes inválido').waitFor();
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Mes (MM)').fill('08');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    const t = card(page, 'Tarjeta E2E');
    await t.getByText('Visa •••• 1111').waitFor();
    expect(bodies.join('\n')).not.toContain('4111111111111111');
    expect(bodies.join('\n')).not.toContain('4111 1111');

    await t.getByRole('button', { name: 'Desactivar' }).click();
    await t.getByText('Inactivo').waitFor();
    await t.getByRole('button', { name: 'Activar' }).click();
    await t.getByText('Activo', { exact: true }).waitFor();

    // Data changed elsewhere shows up when the window regains focus.
    await e.server.database.db.updateTable('metodo_financiero_detalle').set({ alias: 'Renombrada en otra pestaña' }).where('alias', '=', 'Tarjeta E2E').execute();
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await card(page, 'Renombrada en otra pestaña').waitFor();

    // 'Actualizar' reads again and says so only when something changed.
    await e.server.database.db.updateTable('metodo_financiero_detalle').set({ alias: 'Renombrada otra vez' }).where('alias', '=', 'Renombrada en otra pestaña').execute();
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByText('Datos actualizados').waitFor();
    await card(page, 'Renombrada otra vez').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const db = e.server.database.db;
    const stored = JSON.stringify(await db.selectFrom('tarjetas').selectAll().execute());
    expect(stored).not.toContain('4111111111111111');
    await page.close();
  });
});
