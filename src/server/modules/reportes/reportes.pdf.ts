import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '../../db';
import { DIMENSIONES, type ReporteFiltros } from '../../../shared/schemas/reportes';
import * as repo from './reportes.repository';
import { textoPdf } from '../../../shared/pdfTexto';
import { OPERACION, TITULO_DIMENSION, evolucionDeArchivo, filtrosLegibles, numeroEsPy } from './reportes.textos';
import { diaEsPy, mesEsPy } from '../../../shared/fechas';
import { margenPorOperacion } from './reportes.service';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const SIZE = 9;
const LINE = 14;

class Escritor {
  page: PDFPage;
  y: number;
  constructor(private doc: PDFDocument, private font: PDFFont, private bold: PDFFont) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private espacio(h: number) {
    if (this.y - h < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  texto(s: string, opts: { size?: number; bold?: boolean } = {}) {
    const size = opts.size ?? SIZE;
    this.espacio(size + 6);
    const font = opts.bold ? this.bold : this.font;
    this.page.drawText(textoPdf(font, s), { x: MARGIN, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
    this.y -= size + 6;
  }
  /** Pieces of text separated by spaces, as many on a line as the page's width takes. */
  piezas(partes: string[]) {
    const cabe = (s: string) => this.font.widthOfTextAtSize(textoPdf(this.font, s), SIZE) <= A4[0] - 2 * MARGIN;
    let linea = '';
    for (const p of partes) {
      const junto = linea ? `${linea}   ${p}` : p;
      if (linea && !cabe(junto)) {
        this.texto(linea);
        linea = p;
      } else linea = junto;
    }
    if (linea) this.texto(linea);
  }
  /** A table: the first column left-aligned, the others (figures) right-aligned. */
  tabla(titulo: string, cols: string[], widths: number[], rows: string[][]) {
    this.y -= 6;
    this.texto(titulo, { size: 11, bold: true });
    const fila = (cells: string[], bold: boolean) => {
      this.espacio(LINE);
      const font = bold ? this.bold : this.font;
      let x = MARGIN;
      cells.forEach((c, i) => {
        let text = textoPdf(font, c);
        while (text.length > 1 && font.widthOfTextAtSize(text, SIZE) > widths[i] - 4) text = text.slice(0, -1);
        const w = font.widthOfTextAtSize(text, SIZE);
        this.page.drawText(text, { x: i === 0 ? x : x + widths[i] - 4 - w, y: this.y - SIZE, size: SIZE, font });
        x += widths[i];
      });
      this.y -= LINE;
    };
    fila(cols, true);
    if (rows.length === 0) fila(['Sin operaciones en el período.'], false);
    for (const r of rows) fila(r, false);
  }
}

/** The report as a PDF: the filters, the summary, a table per grouping and the evolution (per day when it fits). */
export async function pdfDelReporte(db: Db, f: ReporteFiltros, tz: string): Promise<Uint8Array> {
  const ev = evolucionDeArchivo(f);
  const [[resumen, evolucion, ...grupos], nombres] = await Promise.all([repo.reporteCompleto(db, f, tz, ev.agrupacion), repo.nombresDeFiltros(db, f)]);
  const doc = await PDFDocument.create();
  doc.setTitle(`Ganancias ${f.fecha_desde} a ${f.fecha_hasta}`);
  const w = new Escritor(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  w.texto('Reporte de ganancias', { size: 16, bold: true });
  // People read this file: dates as they write them (the CSV keeps ISO dates for programs).
  w.piezas(filtrosLegibles(f, nombres).map(([k, v]) => `${k}: ${v}`));
  w.tabla('Resumen', ['Cifra', 'Valor'], [200, 160], [
    ['Operaciones', numeroEsPy(String(resumen.operaciones))],
    ['Volumen PYG', numeroEsPy(resumen.volumen_pyg)],
    ['Margen PYG', numeroEsPy(resumen.margen_pyg)],
    ['Margen por operación', numeroEsPy(margenPorOperacion(resumen))],
  ]);
  DIMENSIONES.forEach((dim, i) => {
    if (dim === 'divisa') {
      w.tabla(TITULO_DIMENSION[dim], ['Divisa', 'Operación', 'Volumen divisa', 'Tasa promedio', 'Operaciones', 'Volumen PYG', 'Margen PYG'], [60, 60, 85, 70, 60, 90, 90],
        grupos[i].map((g) => [g.etiqueta, g.operacion ? OPERACION[g.operacion as keyof typeof OPERACION] : '', numeroEsPy(g.volumen_divisa ?? '0'), numeroEsPy(g.tasa_promedio ?? '0'), numeroEsPy(String(g.operaciones)), numeroEsPy(g.volumen_pyg), numeroEsPy(g.margen_pyg)]));
    } else {
      w.tabla(TITULO_DIMENSION[dim], ['Nombre', 'Operaciones', 'Volumen PYG', 'Margen PYG'], [215, 70, 115, 115],
        grupos[i].map((g) => [g.etiqueta, numeroEsPy(String(g.operaciones)), numeroEsPy(g.volumen_pyg), numeroEsPy(g.margen_pyg)]));
    }
  });
  w.tabla(ev.titulo, [ev.columna, 'Operaciones', 'Volumen PYG', 'Margen PYG'], [215, 70, 115, 115],
    evolucion.map((p) => [(ev.agrupacion === 'mes' ? mesEsPy : diaEsPy)(p.periodo), numeroEsPy(String(p.operaciones)), numeroEsPy(p.volumen_pyg), numeroEsPy(p.margen_pyg)]));
  return doc.save();
}
