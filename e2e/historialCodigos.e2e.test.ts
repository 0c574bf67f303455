import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/app';
import { pageAs } from './support/admin';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

describe("the staff history at 1366 px", () => {
  it("keeps each Tauser code on one line ('TAU-ASU-01', never 'TAU-' over 'ASU-01')", async () => {
    const page = await pageAs(e, '/historial-transacciones', undefined, { width: 1366, height: 800 });
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    const lineas = await page.evaluate(() => {
      const tabla = document.querySelector('table')!;
      const col = [...tabla.querySelectorAll('th')].findIndex((th) => th.textContent === 'Tauser');
      return [...tabla.querySelectorAll('tbody tr')].map((tr) => {
        const range = document.createRange();
        range.selectNodeContents(tr.children[col]);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    });
    expect(lineas.length).toBeGreaterThan(0);
    expect(lineas.every((n) => n === 1), JSON.stringify(lineas)).toBe(true);
    await page.close();
  });
});
