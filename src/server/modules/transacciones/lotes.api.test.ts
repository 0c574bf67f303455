import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/harness';
import { cliente, exchangeWorld, tauser, type ExchangeWorld } from './testFixtures';

let app: TestApp;
let w: ExchangeWorld;
let tauserId: string;

beforeAll(async () => {
  app = await startTestApp({ notices: true });
  w = await exchangeWorld(app);
  tauserId = await tauser(app);
});
afterAll(() => app.close());

describe('operations created at the same moment', () => {
  it('are stored together, each for its own customer and client, with its own answer, audit entry and count', async () => {
    const a = await cliente(app, w.categorias.vip);
    const b = await cliente(app, w.categorias.minorista);
    const totals = async () =>
      (await sql<{ kept: string; counted: string }>`select (select sum(n) from transacciones_conteo where estado = 'pendiente') as kept,
        (select count(*) from transacciones where estado = 'pendiente') as counted`.execute(app.db)).rows[0]!;
    const before = await totals();

    const crear = (c: typeof a, monto: number) =>
      app.api('POST', '/operaciones/crear-transaccion/', {
        token: c.token,
        body: { cliente_id: c.clienteId, divisa_origen: w.pyg, divisa_destino: w.usd, monto: String(monto), metodo_id: w.metodos.EFECTIVO, tauser_id: tauserId },
      });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => crear(i % 2 ? b : a, 100_000 + i * 1000)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);

    const ids = answers.map((r) => r.body.id as number);
    const stored = await app.db.selectFrom('transacciones').select(['id', 'cliente_id', 'operador_id', 'monto_origen', sql<string>`xmin::text`.as('xid')]).where('id', 'in', ids).execute();
    expect(stored).toHaveLength(30);
    // On PostgreSQL, fewer commits than operations: some went in one statement. (The embedded
    // PGlite runs one statement at a time in this process, so operations rarely meet there.)
    if (process.env.TEST_DATABASE_URL) expect(new Set(stored.map((s) => s.xid)).size).toBeLessThan(30);
    answers.forEach((r, i) => {
      const c = i % 2 ? b : a;
      expect(r.body).toMatchObject({ cliente_id: c.clienteId, monto_origen: String(100_000 + i * 1000), operador_detalle: { id: c.id } });
      expect(stored.find((s) => s.id === r.body.id)).toMatchObject({ cliente_id: c.clienteId, operador_id: c.id, monto_origen: String(100_000 + i * 1000) });
    });
    for (const [i, r] of answers.slice(0, 4).entries()) {
      const leida = await app.api('GET', `/operaciones/transacciones/${r.body.id}/`, { token: (i % 2 ? b : a).token });
      expect(r.body).toEqual(leida.body);
    }

    const audits = await app.db.selectFrom('audit_log').select(['entity_id', 'actor_id', 'after']).where('entity', '=', 'transaccion').where('entity_id', 'in', ids.map(String)).execute();
    expect(audits).toHaveLength(30);
    for (const r of answers) {
      const entry = audits.find((x) => x.entity_id === String(r.body.id))!;
      expect(entry.actor_id).toBe(r.body.operador_detalle.id);
      expect(entry.after).toMatchObject({ codigo: r.body.codigo, monto_origen: r.body.monto_origen, tasa_aplicada: r.body.tasa_aplicada, cliente_id: r.body.cliente_id });
    }

    const after = await totals();
    expect(Number(after.kept)).toBe(Number(before.kept) + 30);
    expect(after.kept).toBe(after.counted);
  });
});
