import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Compilable } from 'kysely';
import { startTestApp, type TestApp } from '../test/harness';
import { exchangeWorld, tauser } from '../modules/transacciones/testFixtures';
import { busquedaAcotada, countClientesQuery, paginaDeClientes, searchClientes } from '../modules/clientes/clientes.repository';
import { filteredTransacciones, keptCount, pageQuery, paginaDeTransacciones, type TransaccionFilters } from '../modules/transacciones/transacciones.repository';
import { pagedQuery } from '../lib/pagination';
import { porCodigo, stockDeTauserQuery } from '../modules/terminal/terminal.repository';

/**
 * Every list, search and history query runs on an index at scale. Enough rows are
 * inserted set-based for the planner to prefer an index wherever one fits; then the plans of the
 * exact queries the services run (the repository's builders) must hold no sequential scan on
 * clientes or transacciones.
 */
const CLIENTS = 20_000;
const TRANSACTIONS = 100_000;
let app: TestApp;
let cliente: string;

beforeAll(async () => {
  app = await startTestApp();
  const w = await exchangeWorld(app);
  const tu = await tauser(app);
  const db = app.db;
  await sql`
    insert into clientes (nombre, is_persona_fisica, cedula, id_categoria, correo, telefono, direccion)
    select 'Plan ' || g, true, (5000000 + g)::text, ${w.categorias.minorista}::uuid, 'p' || g || '@plan.test', '0981' || g, 'Calle ' || g
    from generate_series(1, ${CLIENTS}) g`.execute(db);
  await sql`
    with cl as (select array_agg(id_cliente order by id_cliente) a, count(*)::int n from clientes)
    insert into transacciones (codigo, cliente_id, operador_id, operacion_cliente, divisa_origen_id, divisa_destino_id,
      monto_origen, monto_destino, monto_pyg, tasa_aplicada, tasa_inicial, monto_destino_inicial, precio_base, comision_base,
      nombre_categoria, descuento_categoria, metodo_financiero_id, comision_metodo, tauser_id, estado, fecha_inicio, expira_en)
    select 'P' || lpad(g::text, 10, '0'), cl.a[1 + g % cl.n], (select min(id) from users), 'compra', ${w.pyg}, ${w.usd},
      1000000, 136.05, 1000000, 7350, 7350, 136.05, 7300, 50, 'MINORISTA', 0, ${w.metodos.EFECTIVO}, 0, ${tu}::uuid,
      (array['completada','cancelada','expirada','fallida','completada','pendiente','en_proceso','completada'])[1 + g % 8],
      now() - make_interval(secs => g), now() + interval '1 day'
    from generate_series(1, ${TRANSACTIONS}) g, cl`.execute(db);
  await sql`analyze clientes`.execute(db);
  await sql`analyze transacciones`.execute(db);
  cliente = (await db.selectFrom('clientes').select('id_cliente').where('nombre', '=', 'Plan 777').executeTakeFirstOrThrow()).id_cliente;
}, 300_000);
afterAll(() => app.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** The statement a page of a transaction list runs, as the service runs it. */
const paginaTx = (page: number, f: TransaccionFilters) => paginaDeTransacciones(app.db, page, f).statement;

/** Every node of the statement's plan. */
async function planNodes(q: Compilable, analyze = false): Promise<PlanNode[]> {
  const c = q.compile();
  const { rows } = await app.db.executeQuery<{ 'QUERY PLAN': unknown }>({ ...c, sql: `explain (${analyze ? 'analyze, ' : ''}format json) ${c.sql}` } as typeof c);
  const raw = rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    n.Plans?.forEach(walk);
  };
  walk(plan[0].Plan);
  return nodes;
}

async function seqScans(q: Compilable): Promise<string[]> {
  return (await planNodes(q))
    .filter((n) => n['Node Type'] === 'Seq Scan' && (n['Relation Name'] === 'clientes' || n['Relation Name'] === 'transacciones'))
    .map((n) => n['Relation Name']!);
}

/** The indexes the statement reads transacciones through. */
async function transaccionesIndexes(q: Compilable): Promise<string[]> {
  return (await planNodes(q)).filter((n) => n['Relation Name'] === 'transacciones' && n['Index Name']).map((n) => n['Index Name']!);
}

const tz = 'America/Asuncion';

describe('query plans at scale (no sequential scan on clientes or transacciones)', () => {
  it('client list: page 1, a deep page and their count', async () => {
    const list = () => searchClientes(app.db, undefined).orderBy('c.nombre').orderBy('c.id_cliente').limit(10);
    expect(await seqScans(list())).toEqual([]);
    expect(await seqScans(list().offset(15_000))).toEqual([]);
    // What the list runs without a search: the deferred join with the kept total, first and deep pages.
    const kept = countClientesQuery(app.db, undefined);
    expect('kept' in kept).toBe(true);
    expect(await seqScans(paginaDeClientes(app.db, 1, kept))).toEqual([]);
    expect(await seqScans(paginaDeClientes(app.db, 1_500, kept))).toEqual([]);
  });

  it('client search inside words uses the trigram indexes (where pg_trgm is available)', async () => {
    const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'clientes_nombre_trgm_idx'`.execute(app.db);
    // The page and its count in one query, as the list runs it.
    const search = pagedQuery(searchClientes(app.db, 'an 4242').orderBy('c.nombre').orderBy('c.id_cliente'), 1, countClientesQuery(app.db, 'an 4242'));
    if (trgm.rows[0].n === 0) {
      // Only a database without pg_trgm (the embedded PGlite) may lack the trigram index.
      const ext = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(app.db);
      expect(ext.rows[0].n).toBe(0);
      return;
    }
    expect(await seqScans(search)).toEqual([]);
    // What a search runs first: page and total out of its materialized match set (one index scan).
    expect(await seqScans(busquedaAcotada(app.db, 'an 4242', [], 1))).toEqual([]);
  });

  it("a client's transaction history: page and count", async () => {
    const f = { cliente_id: cliente, tz };
    expect(await seqScans(pagedQuery(pageQuery(app.db, f), 1, filteredTransacciones(app.db, f)))).toEqual([]);
    // The very statements the service runs.
    expect(await seqScans(paginaTx(1, f))).toEqual([]);
    expect(await seqScans(paginaTx(3, f))).toEqual([]);
  });

  it('a transaction found by its code: the kiosk lookup and a staff search for a whole code use the unique index', async () => {
    const nodes = await planNodes(porCodigo(app.db, 'abcd2345'));
    expect(nodes.some((n) => n['Node Type'] === 'Seq Scan')).toBe(false);
    const f = { codigo: 'abcd2345', tz };
    expect(await seqScans(paginaTx(1, f))).toEqual([]);
    expect(await transaccionesIndexes(paginaTx(1, f))).toContain('transacciones_codigo_key');
  });

  it("a terminal's reserved notes are read through their partial index, not among the live operations", async () => {
    const tu = (await app.db.selectFrom('tausers').select('id_tauser').executeTakeFirstOrThrow()).id_tauser;
    const q = stockDeTauserQuery(tu);
    expect(await transaccionesIndexes({ compile: () => q.compile(app.db) })).toEqual(['transacciones_reservas_idx']);
    expect(await seqScans({ compile: () => q.compile(app.db) })).toEqual([]);
  });

  it('the staff list filtered by state: page, deep page, and the overdue part of the count', async () => {
    for (const estado of ['completada', 'pendiente', 'expirada'] as const) {
      // The page with its kept total (and, for pendiente and expirada, the overdue correction).
      const f = { estado, tz };
      expect(await seqScans(pagedQuery(pageQuery(app.db, f), 1, keptCount(app.db, f)!))).toEqual([]);
      expect(await seqScans(pagedQuery(pageQuery(app.db, f), 500, keptCount(app.db, f)!))).toEqual([]);
      expect(await seqScans(paginaTx(1, f))).toEqual([]);
      expect(await seqScans(paginaTx(500, f))).toEqual([]);
    }
  });

  it("the first page of a state walks that state's own index, also after a burst of operations in another state", async () => {
    // The newest rows all pendiente: a walk of the date index filtered by state would read them all first.
    await sql`
      insert into transacciones (codigo, cliente_id, operador_id, operacion_cliente, divisa_origen_id, divisa_destino_id,
        monto_origen, monto_destino, monto_pyg, tasa_aplicada, tasa_inicial, monto_destino_inicial, precio_base, comision_base,
        nombre_categoria, descuento_categoria, metodo_financiero_id, comision_metodo, tauser_id, estado, fecha_inicio, expira_en)
      select 'R' || lpad(g::text, 10, '0'), cliente_id, operador_id, operacion_cliente, divisa_origen_id, divisa_destino_id,
        monto_origen, monto_destino, monto_pyg, tasa_aplicada, tasa_inicial, monto_destino_inicial, precio_base, comision_base,
        nombre_categoria, descuento_categoria, metodo_financiero_id, comision_metodo, tauser_id, 'pendiente', now() + make_interval(secs => g), now() + interval '2 days'
      from (select * from transacciones limit 1) t, generate_series(1, 5000) g`.execute(app.db);
    await sql`analyze transacciones`.execute(app.db);
    try {
      for (const estado of ['completada', 'cancelada', 'fallida', 'pendiente', 'en_proceso', 'expirada'] as const) {
        // Overdue rows, which read expirada before the sweeper marks them, come through
        // transacciones_vigentes_idx; expirada reads its page's rows by primary key (deepPageQuery).
        const indexes = await transaccionesIndexes(paginaTx(1, { tz, estado }));
        expect(indexes.filter((i) => i !== 'transacciones_vigentes_idx' && i !== 'transacciones_pkey'), estado).toEqual([`transacciones_${estado}_idx`]);
      }
      // Three of the newest overdue, not yet marked: they lead the expirada list, merged in its order.
      await sql`update transacciones set expira_en = now() - interval '1 second' where codigo in ('R0000004990', 'R0000004995', 'R0000005000')`.execute(app.db);
      const admin = await app.adminToken();
      for (const page of [1, 2, 300]) {
        const plain = await pageQuery(app.db, { tz, estado: 'expirada' }).limit(10).offset((page - 1) * 10).execute();
        const r = await app.api('GET', `/operaciones/transacciones/?estado=expirada&page=${page}`, { token: admin });
        expect(r.body.results.map((x: { id: number }) => x.id), `page ${page}`).toEqual(plain.map((x) => x.id));
        if (page === 1) expect(r.body.results.slice(0, 3).map((x: { codigo: string; estado: string }) => [x.codigo, x.estado])).toEqual([
          ['R0000005000', 'expirada'], ['R0000004995', 'expirada'], ['R0000004990', 'expirada'],
        ]);
      }
    } finally {
      await sql`delete from transacciones where codigo like 'R%'`.execute(app.db);
      await sql`analyze transacciones`.execute(app.db);
    }
  });

  it('a deep page of transactions reads and joins only its own rows, and equals the plain offset', async () => {
    const admin = await app.adminToken();
    for (const estado of [undefined, 'completada', 'pendiente', 'expirada'] as const) {
      const nodes = await planNodes(paginaTx(400, { tz, estado }), true);
      const clientLookups = nodes.filter((n) => n['Relation Name'] === 'clientes').map((n) => n['Actual Loops']);
      expect(clientLookups, String(estado)).toEqual([10]);
      const plain = await pageQuery(app.db, { tz, estado }).limit(10).offset(3_990).execute();
      const r = await app.api('GET', `/operaciones/transacciones/?page=400${estado ? `&estado=${estado}` : ''}`, { token: admin });
      expect(r.body.results.map((x: { id: number }) => x.id), String(estado)).toEqual(plain.map((x) => x.id));
    }
  });

  it('the kept counts are exact', async () => {
    const list = await app.api('GET', '/operaciones/transacciones/?estado=completada', { token: await app.adminToken() });
    expect(list.status).toBe(200);
    const real = await sql<{ n: number }>`select count(*)::int as n from transacciones where estado = 'completada'`.execute(app.db);
    expect(list.body.count).toBe(real.rows[0].n);
    const clientes = await app.api('GET', '/clientes/', { token: await app.adminToken() });
    const total = await sql<{ n: number }>`select count(*)::int as n from clientes`.execute(app.db);
    expect(clientes.body.count).toBe(total.rows[0].n);
  });
});
