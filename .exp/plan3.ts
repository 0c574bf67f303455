import pg from 'pg';
import { openDatabase } from '../src/server/db';
import { pageQuery, keptCount } from '../src/server/modules/transacciones/transacciones.repository';
import { pagedQuery } from '../src/server/lib/pagination';
const url = 'postgres://postgres@127.0.0.1:5432/cambio_bench_keep';
const h = await openDatabase({ databaseUrl: url });
const tz = 'America/Asuncion';
const c = pagedQuery(pageQuery(h.db, { estado: 'completada', tz }), 1, keptCount(h.db, { estado: 'completada', tz })!).compile();
const args = c.parameters.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`));
const text = c.sql.replace(/\$(\d+)/g, (_, i) => args[Number(i) - 1]);
for (const opts of ['-c join_collapse_limit=1', '-c join_collapse_limit=1 -c from_collapse_limit=1', '-c join_collapse_limit=1 -c enable_memoize=off', '-c join_collapse_limit=1 -c from_collapse_limit=1 -c enable_memoize=off -c enable_hashjoin=off -c enable_mergejoin=off']) {
  const client = new pg.Client({ connectionString: url, options: opts });
  await client.connect();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await client.query(`explain (summary) ${text}`);
    const l = r.rows.map((x) => x['QUERY PLAN'] as string).find((x) => x.startsWith('Planning Time'))!;
    times.push(Number(/([\d.]+) ms/.exec(l)![1]));
  }
  times.sort((a, b) => a - b);
  console.log(opts, 'median planning', times[10], 'ms');
  await client.end();
}
console.log(text.slice(0, 1500));
await h.close();
