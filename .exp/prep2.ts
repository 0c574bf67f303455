import pg from 'pg';
import { openDatabase } from '../src/server/db';
import { pageQuery, keptCount, filteredTransacciones } from '../src/server/modules/transacciones/transacciones.repository';
import { clientesPage, countClientesQuery, searchClientes } from '../src/server/modules/clientes/clientes.repository';
import { pagedQuery } from '../src/server/lib/pagination';
const url = 'postgres://postgres@127.0.0.1:5432/cambio_bench_keep';
const h = await openDatabase({ databaseUrl: url });
const db = h.db;
const tz = 'America/Asuncion';
const client = new pg.Client({ connectionString: url, options: '-c join_collapse_limit=1 -c plan_cache_mode=force_generic_plan' });
await client.connect();
const cl = (await client.query(`select cliente_id from transacciones where estado='completada' order by fecha_inicio desc limit 1`)).rows[0].cliente_id;
const cases: Array<[string, { compile(): { sql: string; parameters: readonly unknown[] } }]> = [
  ['staff completada', pagedQuery(pageQuery(db, { estado: 'completada', tz }), 1, keptCount(db, { estado: 'completada', tz })!)],
  ['staff pendiente', pagedQuery(pageQuery(db, { estado: 'pendiente', tz }), 1, keptCount(db, { estado: 'pendiente', tz })!)],
  ['staff deep', pagedQuery(pageQuery(db, { estado: 'completada', tz }), 500, keptCount(db, { estado: 'completada', tz })!)],
  ['historial', pagedQuery(pageQuery(db, { cliente_id: cl, tz }), 1, filteredTransacciones(db, { cliente_id: cl, tz }))],
  ['clientes deep', pagedQuery(clientesPage(db, 5000, 10), 5000, countClientesQuery(db, undefined), { alreadyPaged: true })],
  ['search', pagedQuery(searchClientes(db, 'ente 4242', []).orderBy('c.nombre').orderBy('c.id_cliente'), 1, countClientesQuery(db, 'ente 4242', []))],
  ['search broad', pagedQuery(searchClientes(db, 'cliente', []).orderBy('c.nombre').orderBy('c.id_cliente'), 1, countClientesQuery(db, 'cliente', []))],
];
let i = 0;
for (const [name, q] of cases) {
  const c = q.compile();
  const n = `s${i++}`;
  await client.query(`prepare ${n} as ${c.sql}`);
  const args = c.parameters.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
  const r = await client.query(`explain analyze execute ${n}(${args})`);
  const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
  console.log(name, '|', lines.filter((l) => /Planning Time|Execution Time/.test(l)).join(' '), '|', lines.filter((l) => /Sort Method|Seq Scan on (transacciones|clientes) /.test(l)).map((l) => l.trim()).join('; '));
}
await client.end(); await h.close();
