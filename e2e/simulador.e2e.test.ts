import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startE2e, type E2e } from './support/app';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';
import { OP_MSG } from '../src/shared/transacciones';
import { MONTO_MSG } from '../src/shared/schemas/operaciones';
import { MONTO_TEXTO_MSG } from '../src/shared/montoEsPy';

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

const origen = (p: Page) => p.getByLabel('Divisa de origen');
const destino = (p: Page) => p.getByLabel('Divisa de destino');
const metodo = (p: Page) => p.getByLabel('Método', { exact: true });
const monto = (p: Page) => p.locator('#simulador-monto');
const resultado = (p: Page) => p.getByTestId('resultado-simulacion');
const selected = (l: ReturnType<typeof origen>) => l.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

async function home() {
  const page = await e.newPage({ width: 1366, height: 900 });
  await page.goto(`${e.url}/`);
  await expect.poll(() => selected(destino(page))).toMatch(/^USD/);
  return page;
}

describe('public simulator on /', () => {
  it('quotes on the server with the generic method and itemises the rate; the quote follows the amount', async () => {
    const page = await home();
    expect(await selected(origen(page))).toMatch(/^PYG/);
    await metodo(page).selectOption({ label: 'Efectivo' });
    await monto(page).fill('1000000');
    await page.getByRole('button', { name: 'Simular' }).click();
    await resultado(page).waitFor();
    const text = await resultado(page).innerText();
    expect(text).toContain('US$ 136,05');
    expect(text).toContain('₲ 1.000.000');
    expect(text).toMatch(/Tasa aplicada\s+₲ 7\.350/);
    expect(text).toMatch(/Precio base USD\s+₲ 7\.300/);
    expect(text).toContain('Cotización indicativa');
    expect(text).toMatch(/Descuento por categoría\s+No aplica \(sin cliente\)/);
    // the quote follows the amount as it is typed
    await monto(page).fill('2000000');
    await expect.poll(() => resultado(page).innerText()).toContain('₲ 2.000.000');
    expect(await resultado(page).innerText()).toMatch(/Comisión del método \(Efectivo\)\s+0,00 %/);
  });

  it('to a customer acting for a VIP client, the public quote says the discount applies when operating', async () => {
    for (const width of [1366, 375]) {
      const page = await e.newPage({ width, height: 900 });
      await login(page, e.url, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
      await page.getByTestId('cliente-actual').getByText('María González').waitFor();
      await expect.poll(() => selected(destino(page))).toMatch(/^USD/);
      await metodo(page).selectOption({ label: 'Efectivo' });
      await monto(page).fill('1000000');
      await page.getByRole('button', { name: 'Simular' }).click();
      // still the public quote (no discount in it)
      await expect.poll(() => resultado(page).innerText()).toContain('US$ 136,05');
      expect(await page.getByTestId('descuento-categoria').textContent()).toBe('Al operar: 10,00 % del margen');
      const text = await resultado(page).innerText();
      expect(text).not.toContain('sin cliente');
      expect(text).toContain('la categoría VIP descuenta el 10,00 % del margen de la casa');
      await resultado(page).screenshot({ path: `/tmp/ui2-simulador-${width}.png` });
      await resultado(page).getByRole('link', { name: 'Simulá con tu descuento' }).click();
      await page.waitForURL(/\/simulacion-operacion(\?|$)/);
      await page.context().close();
    }
  });

  it('names the currency beside a symbol two currencies share ("$" of ARS and CLP)', async () => {
    const page = await home();
    await destino(page).selectOption({ label: 'ARS – Peso argentino' });
    await metodo(page).selectOption({ label: 'Efectivo' });
    await monto(page).fill('50000');
    await page.getByRole('button', { name: 'Simular' }).click();
    await expect.poll(() => resultado(page).innerText()).toMatch(/ARS \$ [\d.]+,\d\d/);
    expect(await resultado(page).innerText()).toContain('₲ 50.000');
  });

  it('a foreign currency on one side forces the base on the other; swap exchanges both; selling offers only methods that pay', async () => {
    const page = await home();
    await origen(page).selectOption({ label: 'EUR – Euro' });
    expect(await selected(destino(page))).toMatch(/^PYG/);
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    expect(await selected(origen(page))).toMatch(/^PYG/);
    expect(await selected(destino(page))).toMatch(/^EUR/);
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    await expect.poll(() => metodo(page).locator('option').allInnerTexts()).toContain('Transferencia bancaria');
    const opciones = await metodo(page).locator('option').allInnerTexts();
    expect(opciones).not.toContain('Tarjeta');
    expect(opciones).not.toContain('Cheque');
    await metodo(page).selectOption({ label: 'Transferencia bancaria' });
    await monto(page).fill('100');
    await page.getByRole('button', { name: 'Simular' }).click();
    // (8000 − 60) · 0.99 = 7860.6 → 786 060 PYG
    await expect.poll(() => resultado(page).innerText()).toContain('₲ 786.060');
  });

  it('asks for currencies and method, shows the server\'s amount message', async () => {
    const page = await home();
    await monto(page).fill('1000');
    await page.getByRole('button', { name: 'Simular' }).click();
    // PYG → USD are already chosen and the method is missing: the spec's one text (spec 001 §5).
    await expect.poll(() => page.getByText(OP_MSG.seleccionarDivisasMetodo).count()).toBeGreaterThan(0);
    await metodo(page).selectOption({ label: 'Efectivo' });
    await monto(page).fill('1000,5');
    await expect.poll(() => page.getByText(MONTO_MSG.sinDecimales('PYG')).count()).toBe(1);
    await page.getByRole('button', { name: 'Simular' }).click();
    expect(await resultado(page).count()).toBe(0);
  });

  it('reads amounts in es-PY and refuses, with the reason, what is not one (never another number)', async () => {
    const page = await home();
    await metodo(page).selectOption({ label: 'Efectivo' });
    const error = page.getByTestId('simulador-monto-error');
    // 1e5 is not 15, -50 is not 50: the field keeps the text and says why
    await monto(page).click();
    await page.keyboard.type('1e5');
    expect(await monto(page).inputValue()).toBe('1e5');
    expect(await error.textContent()).toBe(MONTO_TEXTO_MSG.exponente);
    await page.getByRole('button', { name: 'Simular' }).click();
    expect(await resultado(page).count()).toBe(0);
    await monto(page).fill('');
    await page.keyboard.type('-50');
    expect(await monto(page).inputValue()).toBe('-50');
    expect(await error.textContent()).toBe(MONTO_TEXTO_MSG.negativo);
    // 1.000.000 guaraníes are a million
    await monto(page).fill('1.000.000');
    expect(await error.count()).toBe(0);
    await page.getByRole('button', { name: 'Simular' }).click();
    await expect.poll(() => resultado(page).innerText()).toContain('₲ 1.000.000');
    expect(await resultado(page).innerText()).toContain('US$ 136,05');
    // selling: 100,50 USD are a hundred dollars and fifty cents
    await page.getByRole('button', { name: 'Intercambiar divisas' }).click();
    await monto(page).fill('100,50');
    await page.getByRole('button', { name: 'Simular' }).click();
    await expect.poll(() => resultado(page).innerText()).toContain('US$ 100,50');
    // USD has 2 decimals: a dot before three digits can only be thousands
    for (const [texto, leido] of [
      ['1.000', 'US$ 1.000,00'],
      ['12.345', 'US$ 12.345,00'],
      ['1 500,50', 'US$ 1.500,50'],
      ['1\u00A0500,50', 'US$ 1.500,50'],
      ['US$ 1.500,50', 'US$ 1.500,50'],
      ['2.500 USD', 'US$ 2.500,00'],
    ]) {
      await monto(page).fill(texto);
      expect(await error.count()).toBe(0);
      await page.getByRole('button', { name: 'Simular' }).click();
      await expect.poll(() => resultado(page).innerText()).toContain(leido);
    }
    // only the field's own currency
    await monto(page).fill('₲ 150.000');
    expect(await error.textContent()).toBe(MONTO_TEXTO_MSG.caracteres);
    await monto(page).fill('100,555');
    expect(await error.textContent()).toBe(MONTO_MSG.decimales('USD', 2));
    await page.screenshot({ path: '/tmp/wt27-simulador-1366.png', fullPage: true });
  });

  it('fits a phone: 375 px, no horizontal scroll', async () => {
    const page = await e.newPage({ width: 375, height: 800 });
    await page.goto(`${e.url}/`);
    await expect.poll(() => selected(destino(page))).toMatch(/^USD/);
    await metodo(page).selectOption({ label: 'Efectivo' });
    await monto(page).fill('1.000.000');
    await expect.poll(() => resultado(page).innerText()).toContain('₲ 1.000.000');
    await page.locator('#simulador').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/wt27-simulador-375.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
