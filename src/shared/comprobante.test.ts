import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { lineasComprobante, nombreArchivoComprobante } from './comprobante';
import { comprobantePdf } from './comprobantePdf';
import { formatPercent } from './format';
import { textoPdf } from './pdfTexto';
import type { TransaccionRecord } from './schemas/operaciones';

const t = {
  id: 7, codigo: 'ABC123XY', cliente_id: 'c', cliente_nombre: 'Importadora Guaraní S.A.', fecha_inicio: '2026-11-20T15:30:00Z', expira_en: '2026-11-21T15:30:00Z',
  fecha_pago: null, fecha_fin: null, operacion: 'compra', operacion_casa: 'venta', tasa_aplicada: '7455.1750', tasa_inicial: '7455.1750', monto_origen: '1000000',
  monto_destino: '134.14', monto_destino_inicial: '134.14', monto_pyg: '1000000', divisa_origen: 1, divisa_destino: 2,
  divisa_origen_detalle: { id: 1, codigo: 'PYG', simbolo: '₲' }, divisa_destino_detalle: { id: 2, codigo: 'USD', simbolo: 'US$' }, tauser: 't',
  tauser_detalle: { codigo: 'TAU-ASU-01', nombre: 'Tauser Centro Asunción' }, estado: 'en_proceso', estado_display: 'EN PROCESO', terminos_aceptados: true, motivo: null,
  operador_detalle: { id: 3, first_name: 'María', last_name: 'González' }, metodo_financiero: 1,
  metodo_financiero_detalle: { id: 1, nombre: 'TRANSFERENCIA_BANCARIA', nombre_display: 'Transferencia bancaria' }, detalle_metodo_id: null, detalle_metodo_alias: null,
  parametros: { descuento_categoria: '10', nombre_categoria: 'VIP', comision_metodo: '1.5' },
} as unknown as TransaccionRecord;

describe('receipt', () => {
  it('names the person who made it "Realizada por", never "Operador"; es-PY figures and percentages', () => {
    const lineas = Object.fromEntries(lineasComprobante(t));
    expect(lineas['Realizada por']).toBe('María González');
    expect(lineas).not.toHaveProperty('Operador');
    expect(lineas.Cliente).toBe('Importadora Guaraní S.A.');
    expect(lineas.Entrega).toBe('1.000.000 PYG');
    expect(lineas.Recibe).toBe('134,14 USD');
    expect(lineas['Comisión del método']).toBe('1,50 % (Transferencia bancaria)');
    expect(lineas['Descuento por categoría']).toBe('10,00 % del margen (VIP)');
    expect(lineas['Fecha y hora']).toBe('20/11/26, 12:30:00 p. m. (hora de Paraguay)');
    expect(lineas['Tasa aplicada']).toBe('₲ 7.455,175 por USD');
  });

  it('says how the method settled the guaraníes: paid with it on a purchase, credited to it on a sale', () => {
    const entrega = { divisa: 'USD', notas: [{ denominacion: 100, cantidad: 1 }], resto_pyg: '0', notas_pyg: [], monedas_pyg: '0', recibidas: { divisa: 'PYG', notas: [], monedas: '0' }, pyg_con_metodo: '1000000' };
    const compra = Object.fromEntries(lineasComprobante({ ...t, detalle_metodo_alias: 'Mi cuenta', entrega }));
    expect(compra['Pagado con']).toBe('Transferencia bancaria · Mi cuenta: 1.000.000 PYG');
    expect(compra['Billetes entregados']).toBe('1 × USD 100');
    const venta = Object.fromEntries(lineasComprobante({ ...t, operacion: 'venta', entrega: { ...entrega, divisa: 'PYG', notas: [], pyg_con_metodo: '725000' } }));
    expect(venta['Acreditado en']).toBe('Transferencia bancaria: 725.000 PYG');
    // In cash, neither line.
    expect(Object.fromEntries(lineasComprobante({ ...t, entrega: { ...entrega, pyg_con_metodo: '0' } }))).not.toHaveProperty('Pagado con');
  });

  it('is one A4 page titled with its code', async () => {
    const doc = await PDFDocument.load(await comprobantePdf(t));
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe('Comprobante ABC123XY');
    expect(nombreArchivoComprobante(t)).toBe('comprobante-ABC123XY.pdf');
  });

  it('draws € as €, ₲ as "Gs.", narrow spaces as spaces, letters the font lacks as their base letter, and only what remains as "?"', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(textoPdf(font, 'EUR € 1.200,00')).toBe('EUR € 1.200,00');
    expect(textoPdf(font, 'PYG ₲\u202f1.000.000')).toBe('PYG Gs. 1.000.000');
    expect(textoPdf(font, 'Guaraní S.A. – ñandutí 😀')).toBe('Guaraní S.A. – ñandutí ?');
    // A letter the font lacks becomes its base letter, not '?': Polish and Guaraní names stay readable.
    expect(textoPdf(font, 'Łódź')).toBe('Lódz');
    expect(textoPdf(font, 'Mbaraka\u02bcỹ g̃uasu')).toBe("Mbaraka'y guasu");
    expect(textoPdf(font, 'n\u0303andu')).toBe('ñandu');
  });

  it('formatPercent: two decimals, es-PY, a space before the sign', () => {
    expect(formatPercent('1.5')).toBe('1,50 %');
    expect(formatPercent('0')).toBe('0,00 %');
    expect(formatPercent('12.345')).toBe('12,35 %');
  });
});
