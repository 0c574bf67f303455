import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startE2e, type E2e } from './support/app';
import { pageAs } from './support/admin';
import { continuar, pasosDelAsistente, txDeUrl } from './support/wizard';
import { DEMO_CUSTOMER } from '../src/server/db/seed/demo';

/** A customer on a phone (375 px): the ☰ panel after leaving a page, figures that must not break across lines, the back gesture in the wizard. */
let e: E2e;
beforeAll(async () => {
  e = await startE2e({ env: { MAP_STYLE_URL: 'offline' } });
});
afterAll(() => e?.close());

const PHONE = { width: 375, height: 812 };
const { hastaResumen, hastaTerminal } = pasosDelAsistente(() => e.url);

async function abrirMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const panel = page.getByTestId('mobile-panel');
  await panel.waitFor();
  return panel;
}

describe('the ☰ panel closes when the page changes', () => {
  it('after Cerrar sesión: the home page shows, not the guest menu over it', async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, PHONE);
    const panel = await abrirMenu(page);
    await panel.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.getByRole('link', { name: 'Crear cuenta' }).waitFor();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('after Cerrar sesión on the home page itself (no change of address)', async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    const panel = await abrirMenu(page);
    await panel.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('link', { name: 'Crear cuenta' }).waitFor();
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("after tapping the logo or going back in the browser", async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, PHONE);
    let panel = await abrirMenu(page);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: /Cambio/ }).click();
    await page.waitForURL(`${e.url}/`);
    await panel.waitFor({ state: 'detached' });
    panel = await abrirMenu(page);
    await page.goBack();
    await page.waitForURL(`${e.url}/historial-transacciones`);
    await panel.waitFor({ state: 'detached' });
    // The button still opens it on the new page.
    await abrirMenu(page);
    await page.context().close();
  });
});

describe('figures inside a sentence stay whole at 375 px', () => {
  it("the rate-change notice never splits '₲' from its rate nor an amount from its currency", async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    await hastaResumen(page);
    const auth = { authorization: `Bearer ${await adminToken()}` };
    const tasas = (await (await fetch(`${e.url}/api/cotizaciones/?all=true`, { headers: auth })).json()) as { id: number; divisa_detalle: { codigo: string }; precioBase: string }[];
    const usd = tasas.find((t) => t.divisa_detalle.codigo === 'USD')!;
    const res = await fetch(`${e.url}/api/cotizaciones/${usd.id}/`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ precioBase: String(Number(usd.precioBase) + 100) }),
    });
    expect(res.status).toBe(200);
    const aviso = page.getByTestId('aviso-cotizacion');
    await aviso.waitFor({ timeout: 10_000 });
    const cifras = aviso.locator('[data-cifra]');
    expect(await cifras.count()).toBe(4);
    // One line box each: the sentence wraps around the figures.
    const lineas = await cifras.evaluateAll((els) => els.map((el) => el.getClientRects().length));
    expect(lineas).toEqual([1, 1, 1, 1]);
    expect(await aviso.textContent()).toMatch(/la tasa pasa de ₲ [\d.,]+ a ₲ [\d.,]+ y recibirías [\d.,]+ USD en lugar de [\d.,]+ USD\./);
    await page.context().close();
  });
});

describe('the e-mail verification screen', () => {
  it('has a way back to sign in (the navbar is hidden there)', async () => {
    const page = await e.newPage(PHONE);
    await page.goto(`${e.url}/register/verificar?email=alguien%40ejemplo.com.py`);
    await page.getByRole('heading', { name: 'Verificá tu correo' }).waitFor();
    await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
    await page.waitForURL(`${e.url}/login`);
    await page.context().close();
  });
});

describe("a Tauser's code is one word", () => {
  /** The distinct line tops of an element's text. */
  const lineas = (el: Element) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size;
  };

  it("the history at 1366 px and the detail at 375 px never break 'TAU-ASU-01' at its hyphens", async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, { width: 1366, height: 768 });
    const celda = page.getByRole('table', { name: 'Transacciones' }).getByRole('cell', { name: 'TAU-ASU-01', exact: true }).first();
    await celda.waitFor();
    expect(await celda.evaluate(lineas)).toBe(1);
    await page.context().close();

    const phone = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, PHONE);
    await phone.getByRole('button', { name: /^Ver transacción/ }).first().click();
    const codigo = phone.getByRole('dialog').locator('[data-codigo-tauser]');
    await codigo.waitFor();
    expect(await codigo.textContent()).toMatch(/^\(TAU-[A-Z]+-\d+\)$/);
    expect(await codigo.evaluate(lineas)).toBe(1);
    await phone.context().close();
  });
});

describe('the receipt on a phone', () => {
  it('puts each label over its value at 375 px (values get the whole card), beside it on a laptop', async () => {
    const page = await pageAs(e, '/historial-transacciones', DEMO_CUSTOMER, PHONE);
    await page.getByRole('button', { name: /^Ver transacción/ }).first().click();
    await page.getByRole('dialog').getByRole('link', { name: 'Ver comprobante' }).click();
    const recibo = page.getByRole('article', { name: 'Comprobante' });
    await recibo.locator('dd').first().waitFor();
    const anchos = await recibo.locator('dd').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    expect(anchos.length).toBeGreaterThan(8);
    // The card is 375 − 2·16 − 2·24 = 295 px inside: every value has all of it.
    for (const a of anchos) expect(a).toBeGreaterThan(280);
    await page.setViewportSize({ width: 1366, height: 768 });
    const [dt, dd] = await Promise.all([recibo.locator('dt').first().boundingBox(), recibo.locator('dd').first().boundingBox()]);
    expect(dd!.x).toBeGreaterThan(dt!.x + dt!.width);
    expect(Math.round(dd!.y)).toBe(Math.round(dt!.y));
    await page.context().close();
  });
});

describe('the step indicator at 375 px', () => {
  it('keeps the five steps of the operation wizard on one row, without widening the page', async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    /** The distinct tops of the step circles: 1 is one row. */
    const filas = async () => {
      const tops = await page.getByRole('list', { name: 'Pasos' }).locator('li > span:first-child').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(tops).toHaveLength(5);
      return new Set(tops).size;
    };
    const ancho = () => page.evaluate(() => document.documentElement.scrollWidth);
    await hastaTerminal(page);
    expect(await filas()).toBe(1);
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(await filas()).toBe(1);
    await page.getByRole('button', { name: 'Revisar Términos' }).click();
    await page.getByRole('heading', { name: 'Términos y Condiciones' }).waitFor();
    expect(await filas()).toBe(1);
    expect(await ancho()).toBe(PHONE.width);
    await page.context().close();
  });
});

/** The amounts of the pending operations (every client), as the admin reads them. */
async function pendientes(): Promise<string[]> {
  const input = encodeURIComponent(JSON.stringify({ estado: 'pendiente', all: true }));
  const res = await fetch(`${e.url}/trpc/transacciones.list?input=${input}`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  const filas = ((await res.json()) as { result: { data: { monto_origen: string }[] } }).result.data;
  return filas.map((t) => t.monto_origen);
}

describe("the browser's Back from the summary (a phone's back gesture)", () => {
  it('Continuar on the terminal step again resumes the operation already created: no duplicate pending one', async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    const tx = await hastaResumen(page, '612.000');
    expect((await pendientes()).filter((m) => m === '612000')).toHaveLength(1);
    await page.goBack();
    await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(txDeUrl(page)).toBe(tx);
    // A reload on the terminal step (the tab remembers it) resumes it too.
    await page.goBack();
    await page.getByRole('heading', { name: 'Terminal de Autoservicio' }).waitFor();
    await page.reload();
    await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    expect(txDeUrl(page)).toBe(tx);
    expect((await pendientes()).filter((m) => m === '612000')).toHaveLength(1);
    await page.context().close();
  });

  it('another amount after Back is another operation; one cancelled or paid is never resumed', async () => {
    const page = await pageAs(e, '/', DEMO_CUSTOMER, PHONE);
    const tx = await hastaResumen(page, '613.000');
    await page.getByRole('button', { name: 'Modificar Terminal' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cambiar de terminal' }).click();
    await page.locator('[data-tauser-card="TAU-ASU-01"]').click();
    await continuar(page).click();
    await page.getByRole('heading', { name: 'Resumen de tu Operación' }).waitFor();
    const nueva = txDeUrl(page);
    // 'Modificar Terminal' discarded the first one: the same choices make a new operation.
    expect(nueva).not.toBe(tx);
    const otra = await hastaResumen(page, '614.000');
    expect(otra).not.toBe(nueva);
    expect((await pendientes()).filter((m) => m === '613000' || m === '614000').sort()).toEqual(['613000', '614000']);
    await page.context().close();
  });
});

async function adminToken(): Promise<string> {
  const res = await fetch(`${e.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  return ((await res.json()) as { access: string }).access;
}
