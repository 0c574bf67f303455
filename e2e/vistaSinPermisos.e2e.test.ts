import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2e } from './support/app';
import { desactivar, makeUser, pageAs } from './support/admin';
import { P } from '../src/shared/permissions';
import { MA } from '../src/shared/messagesAdmin';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const PHONE = { width: 375, height: 740 };

/** The phone cards' "Acciones" lines that are shown (a stacked cell is a flex line with its label). */
const accionesVisibles = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('td[data-label="Acciones"]')].filter((td) => getComputedStyle(td).display !== 'none').length);

describe('staff who may only look at a list see no empty Acciones', () => {
  it('Cotizaciones with only the view permission: no Acciones column on desktop, no empty Acciones line on a phone', async () => {
    const soloVer = await makeUser(e, [P.viewTasa]);
    const page = await pageAs(e, '/cotizaciones', soloVer);
    const tabla = page.getByRole('table', { name: 'Cotizaciones' });
    await tabla.getByRole('row').filter({ hasText: 'USD' }).waitFor();
    expect(await tabla.getByRole('columnheader').allInnerTexts()).not.toContain('Acciones');
    await page.close();

    const phone = await pageAs(e, '/cotizaciones', soloVer, PHONE);
    await phone.getByRole('row').filter({ hasText: 'USD' }).waitFor();
    expect(await accionesVisibles(phone)).toBe(0);
    await phone.close();
  });

  it('with the edit permission the column is there, and on a phone every card has its Acciones line', async () => {
    const editor = await makeUser(e, [P.viewTasa, P.changeTasa]);
    const page = await pageAs(e, '/cotizaciones', editor, PHONE);
    const filas = page.getByRole('table', { name: 'Cotizaciones' }).getByRole('row');
    await filas.filter({ hasText: 'USD' }).waitFor();
    expect(await accionesVisibles(page)).toBe((await filas.count()) - 1);
    await page.close();
  });

  it("a currency's denominations for whoever may only view them: no Acciones column", async () => {
    const soloVer = await makeUser(e, [P.viewDivisa, P.viewDenominacion]);
    const page = await pageAs(e, '/divisas?search=USD', soloVer);
    await page.getByRole('button', { name: 'Gestionar denominaciones' }).first().click();
    const tabla = page.getByRole('dialog').getByRole('table', { name: 'Denominaciones' });
    await tabla.getByRole('row').filter({ hasText: '100' }).first().waitFor();
    expect(await tabla.getByRole('columnheader').allInnerTexts()).toEqual(['Denominación', 'Estado']);
    await page.close();
  });

  it('a row with no action for this person has no empty Acciones line on a phone (activate only: active notes have none)', async () => {
    const soloBorrar = await makeUser(e, [P.viewDivisa, P.viewDenominacion, P.changeDenominacion]);
    const page = await pageAs(e, '/divisas?search=USD', soloBorrar, PHONE);
    await page.getByRole('button', { name: 'Gestionar denominaciones' }).first().click();
    const tabla = page.getByRole('dialog').getByRole('table', { name: 'Denominaciones' });
    await tabla.getByRole('row').filter({ hasText: '100' }).first().waitFor();
    // This person may only activate: the active notes' cards (cells left empty) show no "Acciones" line.
    const vacias = () => page.evaluate(() => [...document.querySelectorAll('td[data-label="Acciones"]')].filter((td) => td.textContent === ''));
    expect((await vacias()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => [...document.querySelectorAll('td[data-label="Acciones"]')].filter((td) => td.textContent === '' && getComputedStyle(td).display !== 'none').length)).toBe(0);
    await page.close();
  });
});

describe('staff told why they may not change a user who holds more permissions', () => {
  it("Editar and Desactivar on such a user say the reason after the screen's error text; the user is unchanged", async () => {
    const staff = await makeUser(e, [P.viewUser, P.changeUser, P.deleteUser]);
    const otro = await makeUser(e, [P.viewUser, P.viewTasa]);
    const page = await pageAs(e, `/usuarios?search=${otro.username}`, staff);
    const fila = page.getByRole('row').filter({ hasText: otro.username });
    await fila.getByRole('button', { name: `Ver` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Editar' }).click();
    await modal.getByLabel('Apellido', { exact: true }).fill('Cambiado');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`${MA.toast.userUpdateError} ${MA.outranked}`).waitFor();
    await page.keyboard.press('Escape');

    await desactivar(page, otro.username, fila);
    await page.getByText(`${MA.toast.genericError}. ${MA.outranked}`).waitFor();
    const row = await e.server.database.db.selectFrom('users').select(['is_active', 'last_name']).where('username', '=', otro.username).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(true);
    expect(row.last_name).not.toBe('Cambiado');
    await page.close();
  });
});
