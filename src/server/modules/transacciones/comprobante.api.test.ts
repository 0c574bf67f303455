import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { startTestApp, type TestApp } from '../../test/harness';
import { userWith } from '../../test/fixtures';
import { P } from '../../../shared/permissions';
import { cliente, cuentaBancaria, exchangeWorld, tauser, type ExchangeWorld } from './testFixtures';

let app: TestApp;
let w: ExchangeWorld;
let duenio: Awaited<ReturnType<typeof cliente>>;
let otro: Awaited<ReturnType<typeof cliente>>;
let staff: string;
let tx: { id: number; codigo: string };

beforeAll(async () => {
  app = await startTestApp();
  w = await exchangeWorld(app);
  duenio = await cliente(app, w.categorias.vip);
  otro = await cliente(app, w.categorias.vip);
  staff = (await userWith(app, [P.viewTransaccion])).token;
  const cuenta = await cuentaBancaria(app, w, duenio.clienteId);
  const c = await app.api('POST', '/operaciones/crear-transaccion/', {
    token: duenio.token,
    body: { cliente_id: duenio.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: '1000000', detalle_metodo_id: cuenta.id, tauser_id: await tauser(app), terminos_aceptados: false },
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  tx = c.body;
});
afterAll(() => app.close());

const comprobante = async (id: string | number, token?: string) => {
  const res = await fetch(`${app.url}/api/operaciones/transacciones/${id}/comprobante/`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition'), bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('GET /operaciones/transacciones/{id}/comprobante/', () => {
  it('200 application/pdf for the owner and for staff with view_transaccion: the receipt of that transaction', async () => {
    for (const token of [duenio.token, staff]) {
      const r = await comprobante(tx.id, token);
      expect(r.status).toBe(200);
      expect(r.type).toBe('application/pdf');
      expect(r.disposition).toBe(`inline; filename="comprobante-${tx.codigo}.pdf"`);
      expect(new TextDecoder().decode(r.bytes.slice(0, 5))).toBe('%PDF-');
      const doc = await PDFDocument.load(r.bytes);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getTitle()).toBe(`Comprobante ${tx.codigo}`);
    }
  });

  it('401 anonymous; another customer is told it does not exist (404, as the transaction itself)', async () => {
    expect((await comprobante(tx.id)).status).toBe(401);
    const ajeno = await comprobante(tx.id, otro.token);
    expect(ajeno.status).toBe(404);
    expect(ajeno.type).toMatch(/^application\/json/);
    expect(JSON.parse(new TextDecoder().decode(ajeno.bytes))).toEqual({ detail: 'No encontrado.' });
  });

  it('404 unknown, 400 malformed id', async () => {
    expect((await comprobante(99999999, staff)).status).toBe(404);
    for (const bad of ['abc', '09', '1e3']) {
      const r = await comprobante(bad, staff);
      expect(r.status).toBe(400);
      expect(JSON.parse(new TextDecoder().decode(r.bytes))).toHaveProperty('id');
    }
  });

  it('is listed in the OpenAPI document as a PDF answer', async () => {
    const doc = (await app.api('GET', '/schema/')).body;
    const op = doc.paths['/api/operaciones/transacciones/{id}/comprobante/'].get;
    expect(op.responses['200'].content).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    expect(op.security).toEqual([{ bearerAuth: [] }]);
  });
});
