import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test/harness';
import { auditRows, userWith } from '../../test/fixtures';
import { M } from '../../../shared/messages';
import { P } from '../../../shared/permissions';
import { FECHAS_MSG, FECHA_MSG } from '../../../shared/schemas/operaciones';
import { MAX_PERIODOS, periodos, periodosMsg } from '../../../shared/reportes';
import { insertarOperaciones, reportWorld, type Operacion, type ReportWorld } from './testFixtures';
import { CATEGORIA_DESCONOCIDA, FILTRO_DESCONOCIDO } from './reportes.service';

let app: TestApp;
let w: ReportWorld;
let viewer: string;
let nobody: string;
let gestor: string;
/** The client categories the examples' operations name (an operation keeps its category's name). */
const cat = { vip: '', minorista: '' };

const PERIODO = 'fecha_desde=2026-11-01&fecha_hasta=2026-11-30';

/** DESIGN §6's worked examples (USD P 7300), on the first day of November, business time. */
const ejemplos = (w: ReportWorld): Operacion[] => {
  const base = { divisa: w.usd, precio_base: '7300', operador: w.operador, estado: 'completada' as const };
  return [
    { ...base, operacion_cliente: 'compra', monto_pyg: '1000000', monto_divisa: '134.14', tasa_aplicada: '7455.1750', metodo: w.metodos.TRANSFERENCIA_BANCARIA, tauser: w.tausers[0], categoria: 'VIP', fecha_inicio: '2026-11-01T00:00:00-03:00' },
    { ...base, operacion_cliente: 'venta', monto_pyg: '718245', monto_divisa: '100', tasa_aplicada: '7182.4500', metodo: w.metodos.TRANSFERENCIA_BANCARIA, tauser: w.tausers[0], categoria: 'VIP', fecha_inicio: '2026-11-01T10:00:00-03:00' },
    { ...base, operacion_cliente: 'compra', monto_pyg: '1000000', monto_divisa: '136.05', tasa_aplicada: '7350.0000', metodo: w.metodos.EFECTIVO, tauser: w.tausers[1], categoria: 'MINORISTA', fecha_inicio: '2026-11-09T12:00:00-03:00' },
    { ...base, operacion_cliente: 'venta', monto_pyg: '725000', monto_divisa: '100', tasa_aplicada: '7250.0000', metodo: w.metodos.EFECTIVO, tauser: w.tausers[1], categoria: 'MINORISTA', fecha_inicio: '2026-11-30T23:59:59-03:00' },
    // Outside the period (business time) or not completed: never counted by default.
    { ...base, operacion_cliente: 'venta', monto_pyg: '725000', monto_divisa: '100', tasa_aplicada: '7250.0000', metodo: w.metodos.EFECTIVO, tauser: w.tausers[1], categoria: 'MINORISTA', fecha_inicio: '2026-10-31T23:59:59-03:00' },
    { ...base, operacion_cliente: 'venta', monto_pyg: '725000', monto_divisa: '100', tasa_aplicada: '7250.0000', metodo: w.metodos.EFECTIVO, tauser: w.tausers[1], categoria: 'MINORISTA', fecha_inicio: '2026-12-01T00:00:00-03:00' },
    { ...base, operacion_cliente: 'venta', monto_pyg: '725000', monto_divisa: '100', tasa_aplicada: '7250.0000', metodo: w.metodos.EFECTIVO, tauser: w.tausers[1], categoria: 'MINORISTA', fecha_inicio: '2026-11-15T12:00:00-03:00', estado: 'cancelada' },
  ];
};

beforeAll(async () => {
  app = await startTestApp();
  w = await reportWorld(app);
  for (const [k, nombre] of [['vip', 'VIP'], ['minorista', 'MINORISTA']] as const) {
    cat[k] = (await app.db.insertInto('categorias_cliente').values({ nombre, descripcion: nombre, descuento: '0' }).returning('id_categoria').executeTakeFirstOrThrow()).id_categoria;
  }
  await insertarOperaciones(app, w, ejemplos(w));
  viewer = (await userWith(app, [P.viewReporte])).token;
  gestor = (await userWith(app, [P.viewReporte, P.changeTauser])).token;
  nobody = (await userWith(app, [P.viewTransaccion])).token;
});
afterAll(() => app.close());

const PATHS = [
  '/reportes/ganancias/resumen/', '/reportes/ganancias/por_divisa/', '/reportes/ganancias/por_metodo/', '/reportes/ganancias/por_operador/',
  '/reportes/ganancias/por_tauser/', '/reportes/ganancias/por_categoria/', '/reportes/ganancias/evolucion/', '/reportes/ganancias/transacciones/',
  '/reportes/ganancias/export/', '/reportes/terminales/stock/', '/reportes/terminales/umbrales/',
];

describe('permissions', () => {
  it.each(PATHS)('GET %s answers 401 anonymous and 403 without reportes.view_reporte', async (path) => {
    expect((await app.api('GET', path)).status).toBe(401);
    const r = await app.api('GET', path, { token: nobody });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe(M.apiForbidden);
  });

  it('seeds the permission into Administrador', async () => {
    const r = await app.db
      .selectFrom('auth_group_permissions as gp')
      .innerJoin('auth_group as g', 'g.id', 'gp.group_id')
      .innerJoin('auth_permission as p', 'p.id', 'gp.permission_id')
      .select('g.name')
      .where('p.app_label', '=', 'reportes')
      .where('p.codename', '=', 'view_reporte')
      .execute();
    expect(r.map((x) => x.name)).toContain('Administrador');
  });
});

describe('bad filters answer 400 with field messages', () => {
  it.each([
    ['fecha_desde=2026-13-01', 'fecha_desde'],
    ['fecha_desde=2026-11-10&fecha_hasta=2026-11-01', 'fecha_hasta'],
    ['divisa=abc', 'divisa'],
    ['operacion=trueque', 'operacion'],
    ['metodo=0', 'metodo'],
    ['operador=-1', 'operador'],
    ['tauser=no-uuid', 'tauser'],
    ['estado=perdida', 'estado'],
    ['categoria=abc', 'categoria'],
    ['categoria=00000000-0000-4000-8000-000000000000', 'categoria'],
  ])('?%s → 400 on %s', async (q, field) => {
    for (const path of ['/reportes/ganancias/resumen/', '/reportes/ganancias/por_divisa/', '/reportes/ganancias/export/']) {
      const r = await app.api('GET', `${path}?${q}`, { token: viewer });
      expect(r.status, path).toBe(400);
      expect(r.body[field], path).toBeDefined();
    }
  });

  it('says a malformed date once', async () => {
    for (const q of ['fecha_desde=abc', 'fecha_desde=2026-13-01', 'fecha_hasta=1/11/2026', 'fecha_desde=0000-01-01']) {
      const r = await app.api('GET', `/reportes/ganancias/resumen/?${q}`, { token: viewer });
      expect(r.status, q).toBe(400);
      expect(Object.values(r.body), q).toEqual([[FECHA_MSG]]);
    }
  });

  it('names the date order and the grouping, format and page', async () => {
    expect((await app.api('GET', '/reportes/ganancias/resumen/?fecha_desde=2026-11-10&fecha_hasta=2026-11-01', { token: viewer })).body.fecha_hasta).toEqual([FECHAS_MSG]);
    expect((await app.api('GET', '/reportes/ganancias/evolucion/?agrupacion=hora', { token: viewer })).body.agrupacion).toBeDefined();
    expect((await app.api('GET', '/reportes/ganancias/export/?formato=doc', { token: viewer })).body.formato).toBeDefined();
    expect((await app.api('GET', '/reportes/ganancias/transacciones/?page=x', { token: viewer })).status).toBe(400);
    expect((await app.api('GET', '/reportes/terminales/stock/?tauser=x', { token: viewer })).status).toBe(400);
    // A well-formed id naming no Tauser is refused as on every other report, not answered as an empty stock.
    const nadie = await app.api('GET', '/reportes/terminales/stock/?tauser=00000000-0000-0000-0000-000000000000', { token: viewer });
    expect(nadie.status).toBe(400);
    expect(nadie.body).toEqual({ tauser: ['Elegí un Tauser existente.'] });
  });
});

describe('the evolution answers at most MAX_PERIODOS periods', () => {
  const ev = (q: string) => app.api('GET', `/reportes/ganancias/evolucion/?${q}`, { token: viewer });

  it('refuses a range of more periods than that, named in the grouping, with a 400 on fecha_desde', async () => {
    const siglos = await ev('fecha_desde=0001-01-01&fecha_hasta=9999-12-31');
    expect(siglos.status).toBe(400);
    expect(siglos.body).toEqual({ fecha_desde: [periodosMsg(3_652_059, 'dia')] });
    expect((await ev('fecha_desde=0001-01-01&fecha_hasta=9999-12-31&agrupacion=mes')).body).toEqual({ fecha_desde: [periodosMsg(119_988, 'mes')] });
    // Without fecha_hasta the range ends today.
    expect((await ev('fecha_desde=1990-01-01')).status).toBe(400);
    expect((await ev('fecha_desde=2024-01-01&fecha_hasta=2026-09-27')).body).toEqual({ fecha_desde: [periodosMsg(1001, 'dia')] });
  });

  it('answers up to that many, one row per period, as periodos() counts them', async () => {
    const dias = await ev('fecha_desde=2024-01-01&fecha_hasta=2026-09-26');
    expect(dias.status).toBe(200);
    expect(dias.body.resultados).toHaveLength(MAX_PERIODOS);
    for (const [desde, hasta] of [['2026-11-01', '2026-11-30'], ['2026-11-02', '2026-11-08'], ['2026-11-08', '2026-11-09'], ['2010-02-03', '2026-11-30']]) {
      const semanas = await ev(`fecha_desde=${desde}&fecha_hasta=${hasta}&agrupacion=semana`);
      expect(semanas.body.resultados, `${desde}..${hasta}`).toHaveLength(periodos('semana', desde, hasta));
      const meses = await ev(`fecha_desde=${desde}&fecha_hasta=${hasta}&agrupacion=mes`);
      expect(meses.body.resultados, `${desde}..${hasta}`).toHaveLength(periodos('mes', desde, hasta));
    }
  });
});

describe('figures of DESIGN §6 examples', () => {
  it('summary: count, PYG volume and margin (each operation rounded to guaraníes)', async () => {
    const r = await app.api('GET', `/reportes/ganancias/resumen/?${PERIODO}`, { token: viewer });
    expect(r.status).toBe(200);
    // 20 778 + 11 755 + 6 835 + 5 000
    expect(r.body).toMatchObject({ operaciones: 4, volumen_pyg: '3443245', margen_pyg: '44368', margen_promedio_pyg: '11092' });
    expect(r.body.filtros).toEqual({ fecha_desde: '2026-11-01', fecha_hasta: '2026-11-30', estado: 'completada' });
  });

  it('per currency and operation, with foreign volume and weighted average rate', async () => {
    const r = await app.api('GET', `/reportes/ganancias/por_divisa/?${PERIODO}`, { token: viewer });
    expect(r.status).toBe(200);
    const compra = r.body.resultados.find((g: { operacion: string }) => g.operacion === 'compra');
    const venta = r.body.resultados.find((g: { operacion: string }) => g.operacion === 'venta');
    expect(compra).toMatchObject({ divisa: 'USD', operaciones: 2, volumen_pyg: '2000000', margen_pyg: '27613', volumen_divisa: '270.19' });
    // (134.14 × 7455.1750 + 136.05 × 7350) / 270.19
    expect(compra.tasa_promedio).toBe('7402.2158');
    expect(venta).toMatchObject({ divisa: 'USD', operaciones: 2, volumen_pyg: '1443245', margen_pyg: '16755', volumen_divisa: '200', tasa_promedio: '7216.2250' });
  });

  it('per method, operator, Tauser and category', async () => {
    const get = async (p: string) => (await app.api('GET', `/reportes/ganancias/${p}/?${PERIODO}`, { token: viewer })).body.resultados;
    const metodo = await get('por_metodo');
    expect(metodo.map((g: { clave: string; margen_pyg: string }) => [g.clave, g.margen_pyg])).toEqual([
      [String(w.metodos.TRANSFERENCIA_BANCARIA), '32533'],
      [String(w.metodos.EFECTIVO), '11835'],
    ]);
    expect((await get('por_operador'))).toMatchObject([{ clave: String(w.operador), operaciones: 4, margen_pyg: '44368' }]);
    expect((await get('por_tauser')).map((g: { clave: string; operaciones: number }) => [g.clave, g.operaciones])).toEqual([[w.tausers[0], 2], [w.tausers[1], 2]]);
    // Keyed by the category's id, as every other grouping is by its record's: what the filter takes.
    expect((await get('por_categoria')).map((g: { clave: string; etiqueta: string; margen_pyg: string }) => [g.clave, g.etiqueta, g.margen_pyg])).toEqual([
      [cat.vip, 'VIP', '32533'],
      [cat.minorista, 'MINORISTA', '11835'],
    ]);
  });

  it('the category filter takes the category id in any letter case, or its name; one naming no category is a 400, not zeros', async () => {
    const sum = async (q: string) => (await app.api('GET', `/reportes/ganancias/resumen/?${PERIODO}&${q}`, { token: viewer })).body;
    for (const q of [`categoria=${cat.vip}`, `categoria=${cat.vip.toUpperCase()}`, 'categoria=VIP', 'categoria=vip']) {
      const r = await sum(q);
      expect(r, q).toMatchObject({ operaciones: 2, margen_pyg: '32533' });
      // The answer names the category by its id, however it was asked.
      expect(r.filtros.categoria, q).toBe(cat.vip);
    }
    for (const path of ['resumen', 'por_divisa', 'evolucion', 'transacciones', 'export']) {
      const r = await app.api('GET', `/reportes/ganancias/${path}/?${PERIODO}&categoria=abc`, { token: viewer });
      expect(r, path).toMatchObject({ status: 400, body: { categoria: [CATEGORIA_DESCONOCIDA] } });
    }
    const c = await app.caller(viewer);
    expect(await c.reportes.porMetodo({ fecha_desde: '2026-11-01', fecha_hasta: '2026-11-30', categoria: cat.minorista })).toMatchObject({
      resultados: [{ clave: String(w.metodos.EFECTIVO), operaciones: 2 }],
    });
  });

  it('a currency, method, operator or Tauser id that names nothing is a 400 on its field, not zeros', async () => {
    const nada = '00000000-0000-4000-8000-000000000000';
    for (const path of ['resumen', 'por_metodo', 'evolucion', 'transacciones', 'export']) {
      const r = await app.api('GET', `/reportes/ganancias/${path}/?${PERIODO}&divisa=99999&metodo=99999&operador=99999&tauser=${nada}`, { token: viewer });
      expect(r, path).toMatchObject({
        status: 400,
        body: { divisa: [FILTRO_DESCONOCIDO.divisa], metodo: [FILTRO_DESCONOCIDO.metodo], operador: [FILTRO_DESCONOCIDO.operador], tauser: [FILTRO_DESCONOCIDO.tauser] },
      });
    }
    // Existing ones filter as before.
    const r = await app.api('GET', `/reportes/ganancias/resumen/?${PERIODO}&divisa=${w.usd}&metodo=${w.metodos.EFECTIVO}`, { token: viewer });
    expect(r.status).toBe(200);
  });

  it('words of a fixed set take any letter case in the query, as the state does', async () => {
    const get = async (q: string) => app.api('GET', `/reportes/ganancias/${q}`, { token: viewer });
    expect((await get(`resumen/?${PERIODO}&operacion=VENTA&estado=COMPLETADA`)).body).toMatchObject({ operaciones: 2, margen_pyg: '16755', filtros: { operacion: 'venta', estado: 'completada' } });
    expect((await get(`resumen/?${PERIODO}&operacion=Compra`)).body).toMatchObject({ operaciones: 2, filtros: { operacion: 'compra' } });
    const mes = await get(`evolucion/?${PERIODO}&agrupacion=MES`);
    expect(mes.body).toMatchObject({ agrupacion: 'mes', resultados: [{ periodo: '2026-11-01', operaciones: 4 }] });
    const csv = await download(`/reportes/ganancias/export/?${PERIODO}&formato=CSV`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
  });

  it('filters narrow every figure: Tauser, operation, method, category, state, currency', async () => {
    const sum = async (q: string) => (await app.api('GET', `/reportes/ganancias/resumen/?${PERIODO}&${q}`, { token: viewer })).body;
    expect(await sum(`tauser=${w.tausers[1].toUpperCase()}`)).toMatchObject({ operaciones: 2, margen_pyg: '11835' });
    expect(await sum('operacion=venta')).toMatchObject({ operaciones: 2, margen_pyg: '16755' });
    expect(await sum(`metodo=${w.metodos.EFECTIVO}`)).toMatchObject({ operaciones: 2, margen_pyg: '11835' });
    expect(await sum(`categoria=${cat.vip}`)).toMatchObject({ operaciones: 2, margen_pyg: '32533' });
    expect(await sum('estado=cancelada')).toMatchObject({ operaciones: 1, margen_pyg: '5000' });
    expect(await sum(`divisa=${w.eur}`)).toMatchObject({ operaciones: 0, volumen_pyg: '0', margen_pyg: '0', margen_promedio_pyg: '0' });
  });

  it('evolution per day, week and month, every period present', async () => {
    const ev = async (a: string) => (await app.api('GET', `/reportes/ganancias/evolucion/?${PERIODO}&agrupacion=${a}`, { token: viewer })).body;
    const dia = await ev('dia');
    expect(dia.resultados).toHaveLength(30);
    expect(dia.resultados[0]).toEqual({ periodo: '2026-11-01', operaciones: 2, volumen_pyg: '1718245', margen_pyg: '32533' });
    expect(dia.resultados[29]).toMatchObject({ periodo: '2026-11-30', operaciones: 1, margen_pyg: '5000' });
    expect(dia.resultados[1]).toEqual({ periodo: '2026-11-02', operaciones: 0, volumen_pyg: '0', margen_pyg: '0' });
    const semana = await ev('semana');
    // Weeks start on Monday: 2026-11-01 is a Sunday.
    expect(semana.resultados[0]).toMatchObject({ periodo: '2026-10-26', operaciones: 2 });
    expect(semana.resultados.find((p: { periodo: string }) => p.periodo === '2026-11-09')).toMatchObject({ operaciones: 1, margen_pyg: '6835' });
    expect((await ev('mes')).resultados).toEqual([{ periodo: '2026-11-01', operaciones: 4, volumen_pyg: '3443245', margen_pyg: '44368' }]);
  });

  it('the listing pages the same operations with each margin', async () => {
    const r = await app.api('GET', `/reportes/ganancias/transacciones/?${PERIODO}`, { token: viewer });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 4, next: null, previous: null });
    expect(r.body.results.map((l: { margen_pyg: string }) => l.margen_pyg)).toEqual(['5000', '6835', '11755', '20778']);
    expect(r.body.results[3]).toMatchObject({ operacion_cliente: 'compra', divisa: 'USD', monto_divisa: '134.14', monto_pyg: '1000000', tasa_aplicada: '7455.1750', precio_base: '7300.0000' });
  });

  it('the tRPC procedures answer the same', async () => {
    const c = await app.caller(viewer);
    expect(await c.reportes.resumen({ fecha_desde: '2026-11-01', fecha_hasta: '2026-11-30' })).toMatchObject({ operaciones: 4, margen_pyg: '44368' });
  });

  it('without dates: this month up to today', async () => {
    const r = await app.api('GET', '/reportes/ganancias/resumen/', { token: viewer });
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: app.env.tzBusiness }).format(new Date());
    expect(r.body.filtros).toMatchObject({ fecha_desde: `${hoy.slice(0, 8)}01`, fecha_hasta: hoy });
  });
});

const download = (path: string, token = viewer) => fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('exports', () => {
  it('CSV: UTF-8, one header row, decimal comma; its margin column adds up to the summary', async () => {
    const r = await download(`/reportes/ganancias/export/?${PERIODO}&formato=csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="ganancias_2026-11-01_2026-11-30.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
    expect(text.startsWith('\uFEFFCódigo;Fecha;')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    const rows = lines.slice(1).map((l) => l.split(';'));
    expect(rows.reduce((s, c) => s + Number(c[8]), 0)).toBe(44368);
    expect(rows[3].slice(1, 9)).toEqual(['2026-11-01 00:00:00', 'compra', 'USD', '134,14', '1000000', '7455,1750', '7300,0000', '20778']);
  });

  it('XLSX: a sheet per grouping with numeric cells', async () => {
    const r = await download(`/reportes/ganancias/export/?${PERIODO}&formato=xlsx`);
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Por divisa', 'Por método', 'Por operador', 'Por Tauser', 'Por categoría', 'Evolución por día', 'Transacciones']);
    const resumen = wb.getWorksheet('Resumen')!;
    const margen = resumen.getColumn(1).values.indexOf('Margen PYG');
    expect(resumen.getRow(margen).getCell(2).value).toBe(44368);
    // As the screen's cards: the average per operation too, and the period as people write it.
    const porOperacion = resumen.getColumn(1).values.indexOf('Margen por operación');
    expect(resumen.getRow(porOperacion).getCell(2).value).toBe(11092);
    expect(resumen.getRow(1).values).toEqual([undefined, 'Desde', '01/11/2026']);
    const tx = wb.getWorksheet('Transacciones')!;
    expect(tx.rowCount).toBe(5);
    let total = 0;
    tx.eachRow((row, i) => {
      if (i > 1) total += row.getCell(9).value as number;
    });
    expect(total).toBe(44368);
    // Read by people: the operation as the screen says it, a foreign amount with its currency's decimals.
    tx.eachRow((row, i) => {
      if (i === 1) return;
      expect(['Compra', 'Venta']).toContain(row.getCell(3).value);
      expect(row.getCell(5).numFmt).toBe(row.getCell(4).value === 'JPY' ? '#,##0' : '#,##0.00');
    });
    expect(wb.getWorksheet('Por categoría')!.getRow(2).values).toEqual([undefined, 'VIP', 2, 1718245, 32533]);
  });

  it('XLSX: dates are date cells (Paraguayan wall time, dd/mm/yyyy), so a spreadsheet sorts and groups them as dates', async () => {
    const r = await download(`/reportes/ganancias/export/?${PERIODO}&formato=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    const tx = wb.getWorksheet('Transacciones')!;
    const fechas: Date[] = [];
    tx.eachRow((row, i) => {
      if (i > 1) fechas.push(row.getCell(2).value as Date);
    });
    expect(fechas.every((f) => f instanceof Date)).toBe(true);
    expect(tx.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    // The CSV's '2026-11-01 00:00:00' (Asunción) is the same wall time in the sheet (a spreadsheet has no zones).
    expect(fechas.map((f) => f.toISOString())).toContain('2026-11-01T00:00:00.000Z');
    const ev = wb.getWorksheet('Evolución por día')!;
    expect(ev.getRow(2).getCell(1).value).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(ev.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
  });

  it('PDF: the filters, the summary and the tables', async () => {
    const r = await download(`/reportes/ganancias/export/?${PERIODO}&formato=pdf&tauser=${w.tausers[0]}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Ganancias 2026-11-01 a 2026-11-30');
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  });
});

describe('the head of the files', () => {
  /** The texts drawn on a PDF's first page (pdf-lib writes each as a hex string shown by Tj). */
  async function textosDelPdf(bytes: ArrayBuffer) {
    const { PDFDocument, decodePDFRawStream } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes);
    const contents = doc.getPages()[0].node.Contents()!;
    const streams = 'asArray' in contents ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const ops = streams.map((s) => Buffer.from(decodePDFRawStream(s as Parameters<typeof decodePDFRawStream>[0]).decode()).toString('latin1')).join('\n');
    // WinAnsi is Latin-1 here but for the em dash (0x97) of the Tauser's label.
    return [...ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1').replaceAll('\x97', '—'));
  }

  it('name the filtered currency, method, operator, Tauser and category (XLSX and PDF), never their ids', async () => {
    const metodo = await app.db.selectFrom('metodos_financieros').select('nombre_display').where('id', '=', w.metodos.EFECTIVO).executeTakeFirstOrThrow();
    const tu = await app.db.selectFrom('tausers').select(['codigo', 'nombre']).where('id_tauser', '=', w.tausers[1]).executeTakeFirstOrThrow();
    const admin = await app.db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', w.operador).executeTakeFirstOrThrow();
    const operador = `${admin.first_name} ${admin.last_name}`.trim() || admin.username;
    const q = `${PERIODO}&divisa=${w.usd}&operacion=venta&metodo=${w.metodos.EFECTIVO}&operador=${w.operador}&tauser=${w.tausers[1]}&categoria=${cat.minorista}`;
    const esperado = [
      ['Divisa', 'USD'], ['Operación del cliente', 'Venta'], ['Método', metodo.nombre_display], ['Operador', operador],
      ['Tauser', `${tu.codigo} — ${tu.nombre}`], ['Categoría de cliente', 'MINORISTA'],
    ];

    const xlsx = await download(`/reportes/ganancias/export/?${q}&formato=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const filas: unknown[][] = [];
    wb.getWorksheet('Resumen')!.eachRow((row) => filas.push((row.values as unknown[]).slice(1)));
    expect(filas.slice(3, 9)).toEqual(esperado);

    const pdf = await download(`/reportes/ganancias/export/?${q}&formato=pdf`);
    const textos = await textosDelPdf(await pdf.arrayBuffer());
    const head = textos.slice(1, textos.indexOf('Resumen')).join('   ');
    for (const [k, v] of esperado) expect(head).toContain(`${k}: ${v}`);
    expect(head).not.toMatch(/\(id\)/);
    // Read by people: dates and the operation as they write them (the CSV keeps ISO dates and codes).
    expect(head).toContain('Desde: 01/11/2026   Hasta: 30/11/2026');
    expect(textos.slice(textos.indexOf('Resumen'))).toContain('Margen por operación');
    const porDivisa = textos.slice(textos.indexOf('Por divisa'));
    expect(porDivisa).toContain('Venta');
    expect(porDivisa).not.toContain('venta');
    expect(textos).toContain('01/11/2026');
    expect(textos).not.toContain('2026-11-01');
  });
});

describe('exports of long periods', () => {
  it('group the evolution by the finest period that fits; past ~83 years XLSX and PDF answer 400, the CSV still streams', async () => {
    const r = await download('/reportes/ganancias/export/?fecha_desde=2022-01-01&fecha_hasta=2026-12-31&formato=xlsx');
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.arrayBuffer());
    const hoja = wb.getWorksheet('Evolución por semana')!;
    expect(hoja.getRow(1).getCell(1).value).toBe('Semana (lunes)');
    expect(hoja.rowCount).toBe(1 + periodos('semana', '2022-01-01', '2026-12-31'));
    const siglos = 'fecha_desde=1900-01-01&fecha_hasta=2026-12-31';
    for (const formato of ['xlsx', 'pdf']) {
      const refused = await app.api('GET', `/reportes/ganancias/export/?${siglos}&formato=${formato}`, { token: viewer });
      expect(refused.status, formato).toBe(400);
      expect(refused.body).toEqual({ fecha_desde: [periodosMsg(1524, 'mes')] });
    }
    expect((await download(`/reportes/ganancias/export/?${siglos}&formato=csv`)).status).toBe(200);
  });
});

describe('terminal stock and thresholds', () => {
  it('lists each Tauser’s notes and value per currency; below the threshold is flagged', async () => {
    const den = await app.db.insertInto('denominaciones').values({ divisa_id: w.usd, denominacion: 100 }).returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('tauser_stock').values({ tauser_id: w.tausers[0], denominacion_id: den.id, cantidad: 12 }).execute();
    let r = await app.api('GET', `/reportes/terminales/stock/?tauser=${w.tausers[0]}`, { token: viewer });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([expect.objectContaining({ tauser_id: w.tausers[0], divisa: 'USD', billetes: 12, valor: '1200', minimo: null, bajo: false })]);

    const refused = await app.api('PUT', '/reportes/terminales/umbrales/', { token: viewer, body: { divisa_id: w.usd, minimo: '1500' } });
    expect(refused.status).toBe(403);
    const bad = await app.api('PUT', '/reportes/terminales/umbrales/', { token: gestor, body: { divisa_id: w.usd, minimo: '-1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.minimo).toBeDefined();
    expect((await app.api('PUT', '/reportes/terminales/umbrales/', { token: gestor, body: { divisa_id: w.usd, minimo: '10.5' } })).body.minimo).toBeDefined();
    expect((await app.api('PUT', '/reportes/terminales/umbrales/', { token: gestor, body: { divisa_id: 999999, minimo: '1' } })).body.divisa_id).toBeDefined();
    const ok = await app.api('PUT', '/reportes/terminales/umbrales/', { token: gestor, body: { divisa_id: w.usd, minimo: '1500' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ divisa_id: w.usd, divisa: 'USD', minimo: '1500' });
    expect((await app.api('GET', '/reportes/terminales/umbrales/', { token: viewer })).body).toEqual([{ divisa_id: w.usd, divisa: 'USD', minimo: '1500' }]);

    r = await app.api('GET', '/reportes/terminales/stock/', { token: viewer });
    const usd = r.body.filter((s: { divisa: string }) => s.divisa === 'USD');
    // The Tauser without USD notes appears too: an empty drawer is below any threshold.
    expect(usd).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tauser_id: w.tausers[0], valor: '1200', minimo: '1500', bajo: true }),
        expect.objectContaining({ tauser_id: w.tausers[1], billetes: 0, valor: '0', minimo: '1500', bajo: true }),
      ]),
    );
  });

  it('a threshold read with GET and sent back succeeds: its code is ignored when it is the one read, refused when not', async () => {
    const put = (body: unknown, token = gestor) => app.api('PUT', '/reportes/terminales/umbrales/', { token, body });
    expect((await put({ divisa_id: w.eur, minimo: '800' })).status).toBe(200);
    const read = (await app.api('GET', '/reportes/terminales/umbrales/', { token: viewer })).body as { divisa_id: number; divisa: string; minimo: string }[];
    const eur = read.find((u) => u.divisa === 'EUR')!;
    expect(eur).toEqual({ divisa_id: w.eur, divisa: 'EUR', minimo: '800' });

    expect(await put(eur)).toMatchObject({ status: 200, body: eur });
    expect(await put({ ...eur, minimo: '900' })).toMatchObject({ status: 200, body: { ...eur, minimo: '900' } });
    // The id as digits names the same element.
    expect(await put({ ...eur, divisa_id: String(w.eur), minimo: '950' })).toMatchObject({ status: 200, body: { minimo: '950' } });

    const audits = await auditCount();
    expect(await put({ ...eur, divisa: 'USD', minimo: '1' })).toMatchObject({ status: 400, body: { divisa: ['Campo de solo lectura.'] } });
    expect(await put({ ...eur, otro: 1 })).toMatchObject({ status: 400, body: { otro: ['Campo no permitido.'] } });
    // A currency with no threshold yet has nothing GET answered to compare the code with: unknown.
    const pyg = await put({ divisa_id: w.pyg, divisa: 'PYG', minimo: '1' });
    expect(pyg).toMatchObject({ status: 400, body: { divisa: ['Campo no permitido.'] } });
    // 403 comes before the echo rule.
    expect((await put(eur, viewer)).status).toBe(403);
    // An amount travels as text: a JSON number says so (it was told to write whole units, which it had).
    expect(await put({ divisa_id: w.eur, minimo: 5000 })).toMatchObject({ status: 400, body: { minimo: [M.enteroComoTexto] } });
    expect(await auditCount()).toBe(audits);
    expect((await app.api('GET', '/reportes/terminales/umbrales/', { token: viewer })).body).toContainEqual({ ...eur, minimo: '950' });
  });
});

describe('threshold audit', () => {
  it('keeps the threshold before; sending the one in force again writes no audit row', async () => {
    const brl = (await app.db.insertInto('divisas').values({ codigo: 'BRL', nombre: 'Real', simbolo: 'R$', flag: null }).returning('id').executeTakeFirstOrThrow()).id;
    const put = (minimo: string) => app.api('PUT', '/reportes/terminales/umbrales/', { token: gestor, body: { divisa_id: brl, minimo } });
    const rows = async () => (await auditRows(app, 'umbral_stock', brl)).map((r) => ({ before: r.before, after: r.after }));

    expect((await put('500')).status).toBe(200);
    expect(await rows()).toEqual([{ before: null, after: { divisa_id: brl, minimo: '500' } }]);
    // The same figure again (also as written with leading zeros) changes nothing.
    expect(await put('500')).toMatchObject({ status: 200, body: { divisa_id: brl, divisa: 'BRL', minimo: '500' } });
    expect(await put('0500')).toMatchObject({ status: 200, body: { minimo: '500' } });
    expect(await rows()).toHaveLength(1);
    expect((await put('0')).status).toBe(200);
    expect((await rows())[1]).toEqual({ before: { divisa_id: brl, minimo: '500' }, after: { divisa_id: brl, minimo: '0' } });
  });
});

const auditCount = async () => Number((await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('entity', '=', 'umbral_stock').executeTakeFirstOrThrow()).n);

describe('OpenAPI', () => {
  it('documents every report path, the export as files', async () => {
    const doc = (await app.api('GET', '/schema/')).body;
    for (const p of PATHS) expect(doc.paths[`/api${p}`], p).toBeDefined();
    expect(Object.keys(doc.paths['/api/reportes/ganancias/export/'].get.responses['200'].content)).toContain('application/pdf');
  });
});
