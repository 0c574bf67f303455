import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { ADMIN, login, startE2e, type E2e } from './support/app';
import { DEMO_OPERATOR } from '../src/server/db/seed/demo';
import { stockBajoResumen } from '../src/client/features/reportes/stockBajo';
import { UMBRAL_MSG } from '../src/shared/schemas/umbralFormEsPy';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let e: E2e;
let tausers: { id_tauser: string; codigo: string }[];
let usdId: number;

/** Completed operations of this month: some at each of two Tausers, by transfer and in cash. */
beforeAll(async () => {
  e = await startE2e();
  const db = e.server.database.db;
  const one = async <T,>(q: Promise<T | undefined>) => (await q)!;
  const pyg = await one(db.selectFrom('divisas').select('id').where('codigo', '=', 'PYG').executeTakeFirst());
  const usd = await one(db.selectFrom('divisas').select('id').where('codigo', '=', 'USD').executeTakeFirst());
  usdId = usd.id;
  const metodos = await db.selectFrom('metodos_financieros').select(['id', 'nombre']).where('nombre', 'in', ['EFECTIVO', 'TRANSFERENCIA_BANCARIA']).execute();
  tausers = await db.selectFrom('tausers').select(['id_tauser', 'codigo']).where('is_active', '=', true).orderBy('codigo').limit(2).execute();
  const cliente = await one(db.selectFrom('clientes').select('id_cliente').executeTakeFirst());
  const admin = await one(db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst());
  const now = Date.now();
  await db
    .insertInto('transacciones')
    .values(
      Array.from({ length: 8 }, (_, i) => {
        const compra = i % 2 === 0;
        const [foreign, pygAmount, tasa] = compra ? ['136.05', '1000000', '7350.0000'] : [String(100 + i), String((100 + i) * 7250), '7250.0000'];
        return {
          codigo: `RPT${i}`, cliente_id: cliente.id_cliente, operador_id: admin.id, operacion_cliente: compra ? 'compra' : 'venta',
          divisa_origen_id: compra ? pyg.id : usd.id, divisa_destino_id: compra ? usd.id : pyg.id,
          monto_origen: compra ? pygAmount : foreign, monto_destino: compra ? foreign : pygAmount, monto_pyg: pygAmount,
          tasa_aplicada: tasa, tasa_inicial: tasa, monto_destino_inicial: compra ? foreign : pygAmount, precio_base: '7300', comision_base: '50',
          nombre_categoria: 'MINORISTA', descuento_categoria: '0', metodo_financiero_id: metodos[i % 2].id, comision_metodo: '0',
          tauser_id: tausers[i % 2 === 0 ? 0 : 1].id_tauser, estado: 'completada',
          // Within the last hour: always this month and today in business time, whatever the clock says.
          fecha_inicio: new Date(now - (i + 1) * 60_000).toISOString() as never,
          expira_en: new Date(now + 86_400_000).toISOString(),
        } as const;
      }),
    )
    .execute();
});
afterAll(() => e?.close());

async function adminPage(viewport: { width: number; height: number }) {
  // bypassCSP: axe is injected as an inline script, which the app's CSP (rightly) refuses.
  const page = await e.newPage(viewport, { acceptDownloads: true, bypassCSP: true });
  await login(page, e.url, ADMIN.username, ADMIN.password);
  return page;
}

/** "₲ 1.234.567" → 1234567 (the card's exact figure). */
const guaranies = (text: string) => Number(text.replace(/[^\d-]/g, ''));
const margenCard = (page: Page) => page.getByTestId('card-margen').locator('p').nth(1);

async function axeViolations(page: Page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe('/reportes', () => {
  it('a manager sees this month, narrows to one Tauser (URL changes, back works) and downloads a CSV that adds up to the card', async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.getByRole('link', { name: 'Reportes' }).first().click();
    await page.waitForURL(/\/reportes$/);
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).toBeGreaterThan(0);
    const total = guaranies(await margenCard(page).innerText());
    // The charts arrive with their own chunk, after the figures.
    await page.getByRole('img', { name: /volumen \(barras\) y margen/ }).locator('svg').first().waitFor();
    await page.getByRole('img', { name: /margen por método/ }).locator('svg').first().waitFor();
    await page.screenshot({ path: 'e2e/screenshots/reportes-1366.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: /^Tauser/ }).selectOption(tausers[1].id_tauser);
    await page.waitForURL((u) => u.searchParams.get('tauser') === tausers[1].id_tauser);
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).not.toBe(total);
    const delTauser = guaranies(await margenCard(page).innerText());

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    const col = header.split(';').indexOf('Margen PYG');
    expect(col).toBeGreaterThan(0);
    expect(rows.length).toBe(4);
    expect(rows.reduce((s, r) => s + Number(r.split(';')[col].replace(',', '.')), 0)).toBe(delTauser);
    expect(rows.every((r) => r.includes(tausers[1].codigo))).toBe(true);

    // The same figures in Excel (numeric cells) and a PDF of the same filters.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await xlsx.path());
    let margenXlsx = 0;
    wb.getWorksheet('Transacciones')!.eachRow((row, i) => {
      if (i > 1) margenXlsx += row.getCell(9).value as number;
    });
    expect(margenXlsx).toBe(delTauser);
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^ganancias_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('tauser'));
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).toBe(total);
    await page.goForward();
    await page.waitForURL((u) => u.searchParams.get('tauser') === tausers[1].id_tauser);
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).toBe(delTauser);
  });

  it('lists the operations behind the figures, 10 a page with the page in the URL, dated in Paraguay, adding up to the card', async () => {
    // Twelve operations in January 2020, a period of their own; the newest at 23:30 of the 14th in Asunción (02:30 UTC of the 15th).
    const db = e.server.database.db;
    const base = await db.selectFrom('transacciones').selectAll().where('codigo', '=', 'RPT1').executeTakeFirstOrThrow();
    const { id: _id, ...venta } = base;
    await db
      .insertInto('transacciones')
      .values(Array.from({ length: 12 }, (_, i) => ({ ...venta, codigo: `ENE${String(i).padStart(2, '0')}`, fecha_inicio: new Date(Date.UTC(2020, 0, 15, 2, 30) - i * 3_600_000).toISOString() as never })))
      .execute();
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes?desde=2020-01-01&hasta=2020-01-31`);
    const tabla = page.getByRole('table', { name: 'Operaciones del período' });
    await tabla.getByRole('cell', { name: 'ENE00' }).waitFor();
    const seccion = page.getByRole('region', { name: 'Operaciones' });
    await seccion.getByText('Página 1 de 2').waitFor();
    expect(await tabla.getByRole('row').count()).toBe(11);
    const primera = await tabla.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    const enAsuncion = new Intl.DateTimeFormat('es-PY', { dateStyle: 'short', timeZone: 'America/Asuncion' }).format(new Date(Date.UTC(2020, 0, 15, 2, 30)));
    expect(primera[0]).toContain(enAsuncion);
    expect(primera.slice(1, 4)).toEqual(['ENE00', 'Venta', '101,00 USD']);
    const margenes = async () => {
      const col = (await tabla.getByRole('columnheader').allInnerTexts()).indexOf('Margen PYG');
      return (await tabla.locator('tbody tr')).evaluateAll((trs, c) => trs.map((tr) => tr.children[c]!.textContent!), col);
    };
    const suma = (await margenes()).map(guaranies);
    await seccion.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await tabla.getByRole('cell', { name: 'ENE11' }).waitFor();
    expect(await tabla.getByRole('row').count()).toBe(3);
    suma.push(...(await margenes()).map(guaranies));
    expect(suma).toHaveLength(12);
    expect(suma.reduce((a, b) => a + b, 0)).toBe(guaranies(await margenCard(page).innerText()));
    // Reload keeps the page; a new filter starts again from the first.
    await page.reload();
    await tabla.getByRole('cell', { name: 'ENE11' }).waitFor();
    await page.getByRole('combobox', { name: /^Operación/ }).selectOption('venta');
    await page.waitForURL((u) => u.searchParams.get('operacion') === 'venta' && !u.searchParams.has('page'));
    await tabla.getByRole('cell', { name: 'ENE00' }).waitFor();
    // A page past the last moves to the last one.
    await page.goto(`${e.url}/reportes?desde=2020-01-01&hasta=2020-01-31&page=9`);
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await tabla.getByRole('cell', { name: 'ENE11' }).waitFor();
    await page.context().close();
  });

  it('keeps a chosen currency as ?divisa=<id> (not a quoted string) and says "all" in each filter\'s gender', async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes`);
    const filtros = page.getByRole('form', { name: 'Filtros' });
    const lista = (name: string) => filtros.getByRole('combobox', { name: new RegExp(`^${name}`) });
    const todos = async (name: string) => (await lista(name).locator('option').first().innerText()).trim();
    expect({
      divisa: await todos('Divisa'), operacion: await todos('Operación'), metodo: await todos('Método'), operador: await todos('Operador'),
      tauser: await todos('Tauser'), categoria: await todos('Categoría de cliente'),
    }).toEqual({ divisa: 'Todas', operacion: 'Todas', metodo: 'Todos', operador: 'Todos', tauser: 'Todos', categoria: 'Todas' });

    await lista('Divisa').locator('option', { hasText: 'USD' }).waitFor({ state: 'attached' });
    await lista('Divisa').selectOption({ label: 'USD' });
    await page.waitForURL((u) => u.searchParams.has('divisa'));
    expect(new URL(page.url()).search).toBe(`?divisa=${usdId}`);
    await page.getByRole('button', { name: /^Ver solo Administrador/ }).click();
    await page.waitForURL((u) => u.searchParams.has('operador'));
    expect(new URL(page.url()).search).toMatch(new RegExp(`^\\?divisa=${usdId}&operador=\\d+$`));
    await page.reload();
    await expect.poll(() => lista('Divisa').inputValue()).toBe(String(usdId));
    await expect.poll(() => lista('Divisa').locator('option:checked').innerText()).toBe('USD');
    await page.screenshot({ path: 'e2e/screenshots/reportes-filtros-1366.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'e2e/screenshots/reportes-filtros-375.png' });
  });

  it('filters by a client category by its id (?categoria=<uuid>), and a link naming it still shows it chosen', async () => {
    const minorista = (await e.server.database.db.selectFrom('categorias_cliente').select('id_categoria').where('nombre', '=', 'MINORISTA').executeTakeFirst())!;
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes`);
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).toBeGreaterThan(0);
    // Every category's margin: the filtered one differs (the demo's operations include other categories).
    const todas = await margenCard(page).innerText();
    const categoria = page.getByRole('form', { name: 'Filtros' }).getByRole('combobox', { name: /^Categoría de cliente/ });
    await categoria.locator('option', { hasText: 'MINORISTA' }).waitFor({ state: 'attached' });
    await categoria.selectOption({ label: 'MINORISTA' });
    await page.waitForURL((u) => u.searchParams.has('categoria'));
    expect(new URL(page.url()).searchParams.get('categoria')).toBe(minorista.id_categoria);
    // Wait for the filtered figures, not the ones still shown from before the choice.
    await expect.poll(() => margenCard(page).innerText()).not.toBe(todas);
    // The fixture's operations are of a MINORISTA client: the filter finds them (it used to find none).
    await expect.poll(async () => guaranies(await page.getByTestId('card-operaciones').locator('p').nth(1).innerText())).toBeGreaterThanOrEqual(8);
    const porId = await margenCard(page).innerText();

    await page.goto(`${e.url}/reportes?categoria=MINORISTA`);
    await expect.poll(() => categoria.locator('option:checked').innerText()).toBe('MINORISTA');
    await expect.poll(() => margenCard(page).innerText()).toBe(porId);
  });

  it('staff set a currency\'s minimum and the terminals below it are flagged', async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes`);
    const stock = page.getByRole('region', { name: 'Stock por Tauser y divisa' });
    await stock.getByRole('cell', { name: /TAU-/ }).first().waitFor();
    expect(await stock.getByText('Stock bajo').count()).toBe(0);
    const form = page.getByRole('form', { name: 'Mínimo de stock' });
    const divisa = form.getByRole('combobox', { name: /Divisa/ });
    // No currency chosen: it says so (it said "Identificador no válido").
    await form.getByLabel('Mínimo en unidades').fill('10');
    await form.getByRole('button', { name: 'Guardar mínimo' }).click();
    await form.getByText(UMBRAL_MSG.divisa).waitFor();
    await divisa.selectOption({ label: 'USD' });
    await form.getByLabel('Mínimo en unidades').fill('1.5');
    await form.getByRole('button', { name: 'Guardar mínimo' }).click();
    await form.getByText('Ingresá un mínimo en unidades enteras (0 o más).').waitFor();
    // es-PY thousands: 10.000 is ten thousand, and the choice shows it so.
    await form.getByLabel('Mínimo en unidades').fill('10.000');
    await form.getByRole('button', { name: 'Guardar mínimo' }).click();
    await expect.poll(() => divisa.locator('option', { hasText: /^USD/ }).innerText()).toBe('USD (mínimo actual 10.000)');
    expect(await form.getByText('Ingresá un mínimo').count()).toBe(0);
    await divisa.selectOption({ label: 'USD (mínimo actual 10.000)' });
    await form.getByLabel('Mínimo en unidades').fill('1.000.000');
    await form.getByRole('button', { name: 'Guardar mínimo' }).click();
    await expect.poll(() => divisa.locator('option', { hasText: /^USD/ }).innerText()).toBe('USD (mínimo actual 1.000.000)');
    await expect.poll(() => stock.getByText('Stock bajo').count()).toBeGreaterThan(0);
    // The summary counts terminals: the rows with at least one flag.
    const terminales = await stock.getByRole('row').filter({ hasText: 'Stock bajo' }).count();
    await page.getByRole('status').filter({ hasText: stockBajoResumen(terminales) }).waitFor();
  });

  it('reads at 375 px: no sideways scroll of the page, axe clean', async () => {
    const page = await adminPage({ width: 375, height: 800 });
    await page.goto(`${e.url}/reportes?agrupacion=semana`);
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).toBeGreaterThan(0);
    await page.getByRole('img', { name: /volumen \(barras\) y margen/ }).locator('svg').first().waitFor();
    expect(await page.getByRole('button', { name: 'Por semana' }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: 'e2e/screenshots/reportes-375-top.png' });
    await page.screenshot({ path: 'e2e/screenshots/reportes-375.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Each figure table stacks as cards: the last column's figure is on screen, not past a sideways scroll.
    const celda = page.getByRole('table', { name: 'Cifras por divisa' }).locator('td[data-label="Margen PYG"]').first();
    const caja = (await celda.boundingBox())!;
    expect(caja.x + caja.width).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('dates in the wrong order say so and show no figures (no endless "…", no "No hay operaciones"); the stock still shows', async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes?desde=2026-12-01&hasta=2026-11-01`);
    await page.getByRole('alert').filter({ hasText: 'La fecha hasta no puede ser anterior a la fecha desde.' }).waitFor();
    await page.getByRole('heading', { name: 'Stock de las terminales, ahora' }).waitFor();
    expect(await page.getByText('No hay operaciones en el período').count()).toBe(0);
    expect(await page.getByTestId('card-margen').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Por divisa' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exportar CSV' }).isDisabled()).toBe(true);
    // Putting the dates right brings the figures back.
    await page.goto(`${e.url}/reportes?desde=2026-11-01&hasta=2026-12-01`);
    await page.getByTestId('card-margen').waitFor();
    await page.context().close();
  });

  it('a link naming no Tauser says so once: no figures nor failed tables, the stock table says which, the minimum still offers every currency', async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes?tauser=00000000-0000-0000-0000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'Elegí un Tauser existente.' }).waitFor();
    const stock = page.getByRole('table', { name: 'Stock por Tauser y divisa' });
    await stock.getByRole('cell', { name: 'Elegí un Tauser existente.' }).waitFor();
    expect(await page.getByTestId('card-margen').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Por divisa' }).count()).toBe(0);
    expect(await page.getByText('Ha ocurrido un error').count()).toBe(0);
    expect(await page.getByText('No hay operaciones en el período').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exportar CSV' }).isDisabled()).toBe(true);
    // The currencies to set a minimum for do not follow the Tauser filter.
    const divisa = page.getByRole('form', { name: 'Mínimo de stock' }).getByRole('combobox', { name: /Divisa/ });
    await expect.poll(() => divisa.locator('option', { hasText: /^USD/ }).count()).toBe(1);
    await page.context().close();
  });

  it('a period too long for a daily chart says so next to the chart; by month it is drawn', async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.goto(`${e.url}/reportes?desde=2020-01-01`);
    const seccion = page.getByRole('region', { name: 'Evolución del volumen y del margen' });
    await seccion.getByRole('alert').filter({ hasText: /días; la evolución muestra como máximo 1\.000/ }).waitFor();
    await expect.poll(async () => guaranies(await margenCard(page).innerText())).toBeGreaterThan(0);
    // A file of the same period holds the evolution by the finest grouping that fits: it downloads.
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    expect((await descarga).suggestedFilename()).toMatch(/^ganancias_2020-01-01_.*\.xlsx$/);
    await seccion.getByRole('button', { name: 'Por mes' }).click();
    await page.getByRole('img', { name: /volumen \(barras\) y margen/ }).locator('svg').first().waitFor();
    expect(await seccion.getByRole('alert').count()).toBe(0);
    // Past 83 years not even by month: the file is refused with the server's reason.
    await page.goto(`${e.url}/reportes?desde=1900-01-01&agrupacion=mes`);
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    await page.getByRole('status').filter({ hasText: /meses; la evolución muestra como máximo 1\.000\. Acortá las fechas\./ }).waitFor();
  });

  it('is not offered to users without the permission: no link, and the route answers 403', async () => {
    const page = await e.newPage();
    await login(page, e.url, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Reportes' }).count()).toBe(0);
    await page.goto(`${e.url}/reportes`);
    await page.getByText('403', { exact: true }).waitFor();
  });
});
