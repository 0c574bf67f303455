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
