import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The operation wizard's controls, and its steps walked as a customer buying USD with guaraníes. */
export const monto = (p: Page) => p.getByLabel('Monto');
export const continuar = (p: Page) => p.getByRole('button', { name: 'Continuar' });
export const atras = (p: Page) => p.getByRole('button', { name: 'Atrás' });
export const txDeUrl = (p: Page) => Number(new URL(p.url()).searchParams.get('tx'));

/** `baseUrl` is read when a step runs (the app starts in `beforeAll`). */
export function pasosDelAsistente(baseUrl: () => string) {
  async function abrir(page: Page) {
    await page.goto(`${baseUrl()}/operacion-compra-venta`);
    await page.getByRole('heading', { name: 'Configura tu operación' }).waitFor();
    await expect.poll(() => page.getByLabel('Entregas').locator('option').count()).toBeGreaterThan(2);
  }

  /** Up to the method step, with the default method chosen. */
  async function hastaMetodo(page: Page, gs = '1.000.000') {
    await abrir(page);
    await monto(page).fill(gs);
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Método de Pago' }).waitFor();
    await expect.poll(() => page.locator('input[name="metodo"]:checked').count()).toBe(1);
  }

  /** Up to the terminal step, with the first terminal chosen. */
  async function hastaTerminal(page: Page, gs?: string) {
    await hastaMetodo(page, gs);
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
    await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
  }

  /** Up to the summary (the operation is created): its id. */
  async function hastaResumen(page: Page, gs?: string) {
    await hastaTerminal(page, gs);
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    return txDeUrl(page);
  }

  return { abrir, hastaMetodo, hastaTerminal, hastaResumen };
}
