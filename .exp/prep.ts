import pg from 'pg';
import { openDatabase } from '../src/server/db';
import { pageQuery, keptCount } from '../src/server/modules/transacciones/transacciones.repository';
import { pagedQuery } from '../src/server/lib/pagination';
const h = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/cambio_bench_keep' });
const f = { estado: 'completada' as const, tz: 'America/Asuncion' };
const c = pagedQuery(pageQuery(h.db, f), 1, keptCount(h.db, f)!).compile();
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/cambio_bench_keep', options: '-c join_collapse_limit=1' });
await client.connect();
for (let i = 0; i < 8; i++) {
  const t = performance.now();
  await client.query({ name: 'staff', text: c.sql, values: c.parameters as unknown[] });
  console.log(i, (performance.now() - t).toFixed(2), 'ms');
}
const r = await client.query(`select generic_plans, custom_plans from pg_prepared_statements where name = 'staff'`);
console.log(r.rows);
await client.end(); await h.close();
