import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db';
import { pageQuery, keptCount, filteredTransacciones } from '../src/server/modules/transacciones/transacciones.repository';
const url = 'postgres://postgres@127.0.0.1:5432/cambio_bench_keep';
const h = await openDatabase({ databaseUrl: url });
const tz = 'America/Asuncion';
const client = new pg.Client({ connectionString: url, options: '-c join_collapse_limit=1' });
await client.connect();
const cl = (await client.query(`select cliente_id from transacciones where estado='completada' order by fecha_inicio desc limit 1`)).rows[0].cliente_id;
const f = { estado: 'completada' as const, tz };
const g = { cliente_id: cl, tz };
const cases = {
  staffLit: pageQuery(h.db, f).limit(sql.lit(10)).select(() => keptCount(h.db, f)!.kept.as('__total') as never),
  staffParam: pageQuery(h.db, f).limit(10).offset(0).select(() => keptCount(h.db, f)!.kept.as('__total') as never),
  histLit: pageQuery(h.db, g).limit(sql.lit(10)).select(() => filteredTransacciones(h.db, g).select((eb) => eb.fn.countAll().as('n')).as('__total') as never),
};
for (const [name, q] of Object.entries(cases)) {
  const c = q.compile();
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await client.query({ name, text: c.sql, values: c.parameters as unknown[] });
    times.push(performance.now() - t);
  }
  const r = await client.query(`select generic_plans, custom_plans from pg_prepared_statements where name = $1`, [name]);
  times.sort((a, b) => a - b);
  console.log(name, 'median', times[15].toFixed(2), 'ms', r.rows[0]);
}
for (const estado of ['fallida', 'pendiente', 'completada'] as const) {
  const ff = { estado, tz };
  const q = pageQuery(h.db, ff).limit(sql.lit(10)).select(() => keptCount(h.db, ff)!.kept.as('__total') as never).compile();
  const name = 'e' + estado;
  for (let i = 0; i < 7; i++) await client.query({ name, text: q.sql, values: q.parameters as unknown[] });
}
await client.query("prepare probe as select 1");
const c2 = pageQuery(h.db, { estado: 'fallida', tz }).limit(sql.lit(10)).compile();
await client.query(`prepare gp as ${c2.sql}`);
for (let i = 0; i < 7; i++) await client.query(`execute gp(${c2.parameters.map((v) => `'${v}'`).join(',')})`);
const ex = await client.query(`explain analyze execute gp(${c2.parameters.map((v) => `'${v}'`).join(',')})`);
console.log(ex.rows.map((r) => r['QUERY PLAN']).filter((l: string) => /Index|Execution|Seq Scan on trans/.test(l)).slice(0, 4).join('\n'));
const g2 = await client.query(`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'e%' or name = 'gp'`);
console.log(g2.rows);
await client.end(); await h.close();
