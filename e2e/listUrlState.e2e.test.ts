import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, login, startE2e, type E2e } from './support/app';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
  // Twelve clients whose name shares a word: a search for it has two pages (10 + 2).
  const db = e.server.database.db;
  const cat = await db.selectFrom('categorias_cliente').select('id_categoria').where('is_active', '=', true).executeTakeFirstOrThrow();
  for (let i = 0; i < 12; i++) {
    await db
      .insertInto('clientes')
      .values({
        nombre: `Zorzal ${String(i).padStart(2, '0')}`, is_persona_fisica: true, cedula: String(7_100_000 + i), ruc: null,
        id_categoria: cat.id_categoria, correo: `zorzal${i}@correo.com.py`, telefono: '+595981000000', direccion: 'Asunción',
      })
      .execute();
  }
});
afterAll(() => e?.close());

async function adminPage() {
  const page = await e.newPage();
  await login(page, e.url, ADMIN.username, ADMIN.password);
  return page;
}

const clientRows = (page: Page) => page.getByRole('row').filter({ hasText: 'Zorzal' });
const pageLabel = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('list state in the URL', () => {
  it('restores the clients search and page after a reload and when going back and forward', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/clientes`);
    await page.getByRole('searchbox').fill('zorzal');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/search=zorzal/);
    await expect.poll(() => clientRows(page).count()).toBe(10);

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL(/page=2/);
    await pageLabel(page, 'Página 2 de 2').waitFor();
    await expect.poll(() => clientRows(page).count()).toBe(2);

    await page.reload();
    await pageLabel(page, 'Página 2 de 2').waitFor();
    await expect.poll(() => clientRows(page).count()).toBe(2);
    expect(await page.getByRole('searchbox').inputValue()).toBe('zorzal');

    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('search') === 'zorzal' && !u.searchParams.has('page'));
    await pageLabel(page, 'Página 1 de 2').waitFor();
    await expect.poll(() => clientRows(page).count()).toBe(10);

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/clientes' && !u.searchParams.has('search'));
    await expect.poll(() => page.getByRole('searchbox').inputValue()).toBe('');

    await page.goForward();
    await page.waitForURL(/search=zorzal/);
    await expect.poll(() => page.getByRole('searchbox').inputValue()).toBe('zorzal');
    await expect.poll(() => clientRows(page).count()).toBe(10);
  });

  it('reads a hand-edited page: a malformed one as page 1, one past the end as the last page', async () => {
    const page = await adminPage();
    const failed: string[] = [];
    page.on('response', (r) => void (r.url().includes('/trpc/') && r.status() >= 400 && failed.push(r.url())));
    await page.goto(`${e.url}/clientes?search=zorzal&page=abc`);
    await pageLabel(page, 'Página 1 de 2').waitFor();
    await expect.poll(() => clientRows(page).count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);

    await page.goto(`${e.url}/clientes`);
    await page.goto(`${e.url}/clientes?search=zorzal&page=999`);
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await pageLabel(page, 'Página 2 de 2').waitFor();
    await expect.poll(() => clientRows(page).count()).toBe(2);
    // The URL was replaced: Back leaves the list as it was before the link.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/clientes' && !u.searchParams.has('search'));

    // Past the highest page the server takes, with a search that is not text: the last page of all.
    await page.goto(`${e.url}/clientes?page=99999999999999&search=true`);
    await page.getByText(/^Página (\d+) de \1$/).waitFor();
    expect(new URL(page.url()).searchParams.has('search')).toBe(false);
    // A search typed as a Paraguayan writes a number stays as typed, not read as 1.5.
    await page.goto(`${e.url}/clientes?search=1.500`);
    await expect.poll(() => page.getByRole('searchbox').inputValue()).toBe('1.500');
    expect(failed).toEqual([]);
  });

  it('opens a shared link of a search-as-you-type list with its search applied', async () => {
    const page = await adminPage();
    await page.goto(`${e.url}/usuarios?search=admin`);
    await page.getByRole('row').filter({ hasText: 'admin' }).first().waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('admin');
    await page.getByRole('searchbox').fill('nadie-se-llama-asi');
    await page.waitForURL(/search=nadie-se-llama-asi/);
    await page.reload();
    await expect.poll(() => page.getByRole('searchbox').inputValue()).toBe('nadie-se-llama-asi');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'admin' }).count()).toBe(0);
  });
});
