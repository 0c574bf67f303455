import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/app';
import { dialog, pageAs } from './support/admin';

/** The role form on a phone: the permission list shows every permission code whole at 375 px. */
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
