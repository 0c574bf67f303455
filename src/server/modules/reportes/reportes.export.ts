import type { Response } from 'express';
import ExcelJS from 'exceljs';
import type { Db } from '../../db';
import type { Env } from '../../env';
import { DIMENSIONES, type ExportPlan, type ReporteFiltros } from '../../../shared/schemas/reportes';
import * as repo from './reportes.repository';
import { pdfDelReporte } from './reportes.pdf';
import { ENCABEZADO_LINEAS, OPERACION, TITULO_DIMENSION, evolucionDeArchivo, filtrosLegibles } from './reportes.textos';
import { minorUnits } from '../../../shared/minorUnits';
import { margenPorOperacion } from './reportes.service';
import { Decimal } from '../../../shared/money';

/** Rows read per round trip while streaming the operations (keyset over the listing's order). */
const CHUNK = 5000;

type Deps = { db: Db; env: Env };

/** Every operation of the filters, newest first, in chunks. */
export async function* lineasDe(db: Db, f: ReporteFiltros, tz: string) {
  let after: { cursor: string; id: number } | undefined;
  for (;;) {
    const { rows } = await repo.lineasDespues(db, f, tz, after, CHUNK);
    yield rows;
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1];
    after = { cursor: last.cursor, id: last.id };
  }
}

const nombreArchivo = (f: ReporteFiltros, ext: string) => `ganancias_${f.fecha_desde}_${f.fecha_hasta}.${ext}`;

function cabeceras(res: Response, type: string, f: ReporteFiltros, ext: string) {
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${nombreArchivo(f, ext)}"`);
  res.setHeader('Cache-Control', 'no-store');
}

/** Writes respecting backpressure; false when the client went away. */
async function escribir(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  return !res.destroyed;
}

/**
 * CSV text cell: `;` between cells, quoted only when it holds `;`, `"` or a line break. A text that
 * a spreadsheet would run as a formula (a self-registered user named `=HYPERLINK(…)`) starts with
 * an apostrophe, which shows it as text (OWASP, CSV injection).
 */
export const celda = (texto: string) => {
  const v = /^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto;
  return /[;"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
};
const coma = (v: string) => v.replace('.', ',');

async function csv(res: Response, plan: ExportPlan, deps: Deps) {
  cabeceras(res, 'text/csv; charset=utf-8', plan.filtros, 'csv');
  // The BOM lets spreadsheet programs read UTF-8 (Excel otherwise assumes the system code page).
  if (!(await escribir(res, `\uFEFF${ENCABEZADO_LINEAS.join(';')}\r\n`))) return;
  for await (const rows of lineasDe(deps.db, plan.filtros, deps.env.tzBusiness)) {
    let out = '';
    for (const r of rows) {
      out += [
        celda(r.codigo), r.fecha_local, r.operacion_cliente, r.divisa, coma(r.monto_divisa), coma(r.monto_pyg), coma(r.tasa_aplicada),
        coma(r.precio_base), coma(r.margen_pyg), celda(r.metodo), celda(r.operador), celda(r.tauser), celda(r.categoria),
      ].join(';') + '\r\n';
    }
    if (!(await escribir(res, out))) return;
  }
  res.end();
}

/**
 * Cells of amounts are numbers: a decimal string of at most 15 significant digits round-trips through
 * the cell's double exactly. A longer one (a total past ₲ 10¹⁵, a rate of 12 integer digits) would
 * lose digits there, and a spreadsheet keeps 15 at most: it goes as text, every digit kept.
 */
export const num = (v: string): number | string => (new Decimal(v).sd() <= 15 ? Number(v) : v);
const FORMATO_PYG = '#,##0';
/** A foreign amount with its currency's minor units (DESIGN §6): US$ 1.234,50, ¥ 1.234. */
const formatoDivisa = (codigo: string | null) => {
  const n = minorUnits(codigo ?? '');
  return n === 0 ? '#,##0' : `#,##0.${'0'.repeat(n)}`;
};
const FORMATO_TASA = '#,##0.0000';
const FORMATO_FECHA = 'dd/mm/yyyy';
const FORMATO_FECHA_HORA = 'dd/mm/yyyy hh:mm:ss';
const FORMATO_MES = 'mm/yyyy';
/**
 * A business-time text ('2026-11-23 22:15:16' or '2026-11-23') as a date cell showing that wall time: a spreadsheet
 * keeps no time zone, and the writer stores a Date's UTC fields.
 */
const fechaCelda = (local: string) => new Date(`${local.replace(' ', 'T')}${local.length > 10 ? '' : 'T00:00:00'}Z`);

async function xlsx(res: Response, plan: ExportPlan, deps: Deps) {
  const { db, env } = deps;
  const f = plan.filtros;
  const tz = env.tzBusiness;
  const ev = evolucionDeArchivo(f);
  const [[resumen, evolucion, ...grupos], nombres] = await Promise.all([repo.reporteCompleto(db, f, tz, ev.agrupacion), repo.nombresDeFiltros(db, f)]);
  cabeceras(res, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', f, 'xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true });

  const hoja = wb.addWorksheet('Resumen');
  hoja.columns = [{ width: 28 }, { width: 24 }];
  for (const [k, v] of filtrosLegibles(f, nombres)) hoja.addRow([k, v]).commit();
  hoja.addRow([]).commit();
  hoja.addRow(['Operaciones', resumen.operaciones]).commit();
  const vol = hoja.addRow(['Volumen PYG', num(resumen.volumen_pyg)]);
  vol.getCell(2).numFmt = FORMATO_PYG;
  vol.commit();
  const mar = hoja.addRow(['Margen PYG', num(resumen.margen_pyg)]);
  mar.getCell(2).numFmt = FORMATO_PYG;
  mar.commit();
  const prom = hoja.addRow(['Margen por operación', num(margenPorOperacion(resumen))]);
  prom.getCell(2).numFmt = FORMATO_PYG;
  prom.commit();
  hoja.commit();

  DIMENSIONES.forEach((dim, i) => {
    const ws = wb.addWorksheet(TITULO_DIMENSION[dim]);
    const porDivisa = dim === 'divisa';
    ws.columns = [
      { header: porDivisa ? 'Divisa' : 'Nombre', width: 28 },
      ...(porDivisa ? [{ header: 'Operación del cliente', width: 20 }, { header: 'Volumen divisa', width: 18 }, { header: 'Tasa promedio', width: 16 }] : []),
      { header: 'Operaciones', width: 12 },
      { header: 'Volumen PYG', width: 20 },
      { header: 'Margen PYG', width: 18 },
    ];
    for (const g of grupos[i]) {
      const cells = [g.etiqueta, ...(porDivisa ? [g.operacion ? OPERACION[g.operacion] : null, num(g.volumen_divisa ?? '0'), g.tasa_promedio === null ? null : num(g.tasa_promedio)] : []), g.operaciones, num(g.volumen_pyg), num(g.margen_pyg)];
      const row = ws.addRow(cells);
      const n = cells.length;
      row.getCell(n).numFmt = FORMATO_PYG;
      row.getCell(n - 1).numFmt = FORMATO_PYG;
      if (porDivisa) {
        row.getCell(3).numFmt = formatoDivisa(g.divisa);
        row.getCell(4).numFmt = FORMATO_TASA;
      }
      row.commit();
    }
    ws.commit();
  });

  const hojaEv = wb.addWorksheet(ev.titulo);
  hojaEv.columns = [{ header: ev.columna, width: 14 }, { header: 'Operaciones', width: 12 }, { header: 'Volumen PYG', width: 20 }, { header: 'Margen PYG', width: 18 }];
  for (const p of evolucion) {
    const row = hojaEv.addRow([fechaCelda(p.periodo), p.operaciones, num(p.volumen_pyg), num(p.margen_pyg)]);
    row.getCell(1).numFmt = ev.agrupacion === 'mes' ? FORMATO_MES : FORMATO_FECHA;
    row.getCell(3).numFmt = FORMATO_PYG;
    row.getCell(4).numFmt = FORMATO_PYG;
    row.commit();
  }
  hojaEv.commit();

  const tx = wb.addWorksheet('Transacciones');
  // A date cell too narrow for its text shows '####': the date and time need 20.
  tx.columns = ENCABEZADO_LINEAS.map((header, i) => ({ header, width: i === 1 ? 20 : 16 }));
  for await (const rows of lineasDe(db, f, tz)) {
    if (res.destroyed) return;
    for (const r of rows) {
      const row = tx.addRow([
        r.codigo, fechaCelda(r.fecha_local), OPERACION[r.operacion_cliente], r.divisa, num(r.monto_divisa), num(r.monto_pyg), num(r.tasa_aplicada), num(r.precio_base),
        num(r.margen_pyg), r.metodo, r.operador, r.tauser, r.categoria,
      ]);
      row.getCell(2).numFmt = FORMATO_FECHA_HORA;
      row.getCell(5).numFmt = formatoDivisa(r.divisa);
      row.getCell(6).numFmt = FORMATO_PYG;
      row.getCell(7).numFmt = FORMATO_TASA;
      row.getCell(8).numFmt = FORMATO_TASA;
      row.getCell(9).numFmt = FORMATO_PYG;
      row.commit();
    }
  }
  tx.commit();
  await wb.commit();
}

async function pdf(res: Response, plan: ExportPlan, deps: Deps) {
  const bytes = await pdfDelReporte(deps.db, plan.filtros, deps.env.tzBusiness);
  cabeceras(res, 'application/pdf', plan.filtros, 'pdf');
  res.end(Buffer.from(bytes));
}

/** Writes the export the plan asks for. */
export function escribirExport(plan: ExportPlan, res: Response, deps: Deps): Promise<void> {
  const f = plan.filtros as ReporteFiltros;
  const p = { ...plan, filtros: f };
  if (plan.formato === 'xlsx') return xlsx(res, p, deps);
  if (plan.formato === 'pdf') return pdf(res, p, deps);
  return csv(res, p, deps);
}
