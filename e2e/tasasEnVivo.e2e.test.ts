import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startE2e, type E2e } from './support/app';

let e: E2e;
let token: string;
beforeAll(async () => {
  e = await startE2e();
  const r = await fetch(`${e.url}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  token = ((await r.json()) as { access: string }).access;
});
afterAll(() => e?.close());

async function tasaId(codigo: string) {
  const r = await fetch(`${e.url}/api/cotizaciones/?all=true`, { headers: { authorization: `Bearer ${token}` } });
  const rows = (await r.json()) as { id: number; divisa_detalle: { codigo: string } }[];
  return rows.find((t) => t.divisa_detalle.codigo === codigo)!.id;
}
async function cambiarPrecioUsd(precioBase: string, codigo = 'USD') {
  const r = await fetch(`${e.url}/api/cotizaciones/${await tasaId(codigo)}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ precioBase }),
  });
  expect(r.status).toBe(200);
}
const filaUsd = (p: Page) => p.getByRole('table', { name: 'Cotizaciones del día' }).getByRole('row').filter({ hasText: 'USD' });

describe('rates live on open screens', () => {
  it('the home rates table and a simulation on screen follow a rate change without a reload', async () => {
    const page = await e.newPage({ width: 1366, height: 900 });
    let cargas = 0;
    page.on('load', () => cargas++);
    await page.goto(`${e.url}/`);
    await expect.poll(() => filaUsd(page).innerText()).toMatch(/7\.250\s+7\.350/);
    await page.getByLabel('Método', { exact: true }).selectOption({ label: 'Efectivo' });
    await page.locator('#simulador-monto').fill('1000000');
    await page.getByRole('button', { name: 'Simular' }).click();
    await expect.poll(() => page.getByTestId('resultado-simulacion').innerText()).toContain('US$ 136,05');

    // Another currency's price moves: the USD result is quoted again, unchanged, and says nothing.
    const filaEur = page.getByRole('table', { name: 'Cotizaciones del día' }).getByRole('row').filter({ hasText: 'EUR' });
    const eurAntes = await filaEur.innerText();
    await cambiarPrecioUsd('8100', 'EUR');
    await expect.poll(() => filaEur.innerText(), { timeout: 10_000 }).not.toBe(eurAntes);
    await expect.poll(() => page.getByTestId('resultado-simulacion').getAttribute('aria-busy')).toBe('false');
    expect(await page.getByTestId('resultado-simulacion').innerText()).not.toContain('La cotización cambió');

    await cambiarPrecioUsd('7400');
    // 7400 − 50 and 7400 + 50, with no navigation.
    await expect.poll(() => filaUsd(page).innerText(), { timeout: 10_000 }).toMatch(/7\.350\s+7\.450/);
    const resultado = page.getByTestId('resultado-simulacion');
    await expect.poll(() => resultado.innerText(), { timeout: 10_000 }).toContain('La cotización cambió');
    // 1 000 000 / 7450 = 134.23
    expect(await resultado.innerText()).toContain('US$ 134,23');
    expect(cargas).toBe(1);
    await page.screenshot({ path: '/tmp/wt27b-tasas-vivo-1366.png', fullPage: true });

    const movil = await e.newPage({ width: 375, height: 800 });
    await movil.goto(`${e.url}/`);
    await expect.poll(() => filaUsd(movil).innerText()).toMatch(/7\.350\s+7\.450/);
    await cambiarPrecioUsd('7300');
    await expect.poll(() => filaUsd(movil).innerText(), { timeout: 10_000 }).toMatch(/7\.250\s+7\.350/);
    // The currency selects show the whole code and name (text + padding + the arrow fit the box).
    for (const label of ['Divisa de origen', 'Divisa de destino']) {
      const sobra = await movil.getByLabel(label).evaluate((s: HTMLSelectElement) => {
        const cs = getComputedStyle(s);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
        const px = (v: string) => Number(v.replace("px", ""));
        return s.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight) - 20 - ctx.measureText(s.selectedOptions[0].text).width;
      });
      expect(sobra).toBeGreaterThan(0);
    }
    expect(await movil.getByLabel('Divisa de destino').evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text)).toBe('USD – Dólar estadounidense');
    await movil.screenshot({ path: '/tmp/wt27b-tasas-vivo-375.png', fullPage: true });
  });
});
