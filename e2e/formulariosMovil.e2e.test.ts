import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/app';
import { dialog, pageAs } from './support/admin';

/** Forms on a phone: the role form's permission list shows every code whole; long forms keep their buttons in view. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

describe('the role form on a phone', () => {
  it('shows every permission code whole inside the list at 375 px', async () => {
    const page = await pageAs(e, '/roles', undefined, { width: 375, height: 812 });
    await page.getByRole('button', { name: 'Crear Rol' }).click();
    const list = dialog(page).getByRole('list', { name: 'Permisos' });
    await list.getByRole('checkbox').first().waitFor();
    const cut = await list.evaluate((ul) => {
      const box = ul.getBoundingClientRect();
      return [...ul.querySelectorAll('code')].filter((c) => c.getBoundingClientRect().right > box.right + 0.5).map((c) => c.textContent);
    });
    expect(cut).toEqual([]);
    expect(await list.evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
    await page.context().close();
  });
});

describe('long forms on a phone', () => {
  /** Where the form's buttons are: inside the viewport, and not covered by the fields scrolled under them. */
  const enVista = (page: Page) =>
    page.getByTestId('form-actions').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const arriba = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= window.innerHeight && !!arriba && el.contains(arriba);
    });

  it('keep Cancelar and Guardar in view while the client and role forms scroll', async () => {
    const page = await pageAs(e, '/clientes', undefined, { width: 375, height: 667 });
    await page.getByRole('button', { name: 'Crear Cliente' }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Guardar' }).waitFor();
    // The form is longer than the screen: the body scrolls, the buttons stay.
    const cuerpo = form.getByTestId('form-actions').locator('xpath=ancestor::div[contains(@class,"overflow-y-auto")][1]');
    expect(await cuerpo.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await enVista(page)).toBe(true);
    await cuerpo.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    expect(await enVista(page)).toBe(true);
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await page.goto(`${e.url}/roles`);
    await page.getByRole('button', { name: 'Crear Rol' }).click();
    await dialog(page).getByRole('list', { name: 'Permisos' }).getByRole('checkbox').first().waitFor();
    expect(await enVista(page)).toBe(true);
    await page.context().close();
  });
});

describe('the role form from the keyboard', () => {
  it('Enter in Buscar permisos only searches: the role is not saved and the form stays open', async () => {
    const page = await pageAs(e, '/roles');
    const fila = page.getByRole('row').filter({ hasText: 'Operador' });
    const antes = await fila.getByRole('cell').nth(1).textContent();
    await page.getByRole('button', { name: 'Editar Operador' }).click();
    const form = dialog(page);
    const lista = form.getByRole('list', { name: 'Permisos' });
    await lista.getByRole('checkbox').first().waitFor();
    // A change is pending (one more permission), then a search confirmed with Enter.
    const sinMarcar = lista.getByRole('checkbox', { checked: false }).first();
    await sinMarcar.check();
    const guardado = page.waitForRequest((r) => r.url().includes('roles.update'), { timeout: 1500 }).then(() => true, () => false);
    await form.getByLabel('Buscar permisos').fill('tauser');
    await form.getByLabel('Buscar permisos').press('Enter');
    expect(await guardado).toBe(false);
    expect(await form.getByLabel('Nombre del rol').isVisible()).toBe(true);
    expect(await lista.getByRole('checkbox').count()).toBeGreaterThan(0);
    expect((await lista.textContent())!.toLowerCase()).toContain('tauser');
    // Cancelar leaves the role as it was.
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await page.reload();
    await fila.waitFor();
    expect(await fila.getByRole('cell').nth(1).textContent()).toBe(antes);
    await page.context().close();
  });
});
