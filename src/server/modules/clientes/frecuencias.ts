import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Job } from '../../lib/jobs';
import type { Logger } from '../../lib/logger';

/** The client columns a search reads through a trigram index. */
export const COLUMNAS_BUSCADAS = ['nombre', 'cedula', 'ruc', 'correo'] as const;
export type ColumnaBuscada = (typeof COLUMNAS_BUSCADAS)[number];

/** Trigrams found in more than this share of a column's values count as frequent. */
const UMBRAL = 0.02;
/** About this many clients are sampled to count them. */
const MUESTRA = 20_000;
/** The frequencies are counted again this often: they change with the clients, slowly. */
export const FRECUENCIAS_CADA_MS = 60 * 60 * 1000;

export type Frecuentes = Readonly<Record<ColumnaBuscada, ReadonlySet<string>>>;

const porDb = new WeakMap<object, Frecuentes>();

/**
 * The trigrams that many clients share in each searched column ("ent" of every "Cliente…", a common
 * surname), counted over a sample with pg_trgm's show_trgm. A search leaves words made only of them
 * out of its index condition (lib/search.ts patronSelectivo): they are a hint for speed and never
 * change what a search finds, so a copy an hour old is as good as a fresh one. Without pg_trgm (the
 * embedded PGlite) there is nothing to count and searches run as written.
 */
export async function contarFrecuentes(db: Db): Promise<Frecuentes | undefined> {
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trgm.rows[0]!.n === 0) return undefined;
  // Pages sampled, not rows (a row sample still reads every page), and at most MUESTRA clients; a
  // table never analyzed (reltuples -1) is read up to MUESTRA. Bounded in time: a hint can wait.
  const total = await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'clientes'::regclass`.execute(db);
  const n = total.rows[0]!.n;
  const pct = n <= MUESTRA ? 100 : Math.max(0.01, (MUESTRA / n) * 100);
  const rows = await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = '10s'`.execute(trx);
    const { rows } = await sql<{ col: ColumnaBuscada; t: string }>`
      with muestra as materialized (
        select nombre, cedula, ruc, correo from clientes tablesample system (${sql.lit(pct)}) limit ${sql.lit(MUESTRA)}
      ),
      trigramas as (
        select 'nombre' as col, unnest(show_trgm(nombre)) as t from muestra
        union all select 'cedula', unnest(show_trgm(cedula)) from muestra where cedula is not null
        union all select 'ruc', unnest(show_trgm(ruc)) from muestra where ruc is not null
        union all select 'correo', unnest(show_trgm(correo)) from muestra where correo is not null
      )
      select col, t from trigramas group by col, t
      having count(*) > ${sql.lit(UMBRAL)} * (select count(*) from muestra)`.execute(trx);
    return rows;
  });
  const out = Object.fromEntries(COLUMNAS_BUSCADAS.map((c) => [c, new Set<string>()])) as Record<ColumnaBuscada, Set<string>>;
  for (const r of rows) out[r.col].add(r.t);
  return out;
}

export const frecuentesDe = (db: Db): Frecuentes | undefined => porDb.get(db);

export async function actualizarFrecuentes(db: Db): Promise<void> {
  const f = await contarFrecuentes(db);
  if (f) porDb.set(db, f);
}

/** Counts the frequent trigrams when the server starts and every FRECUENCIAS_CADA_MS. */
export function frecuenciasJob(db: Db, log: Logger, everyMs = FRECUENCIAS_CADA_MS): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= actualizarFrecuentes(db)
      .catch((e) => log.warn({ job: 'frecuencias-busqueda', err: (e as Error).message }, 'no se pudieron contar los trigramas frecuentes'))
      .finally(() => (running = undefined));
  };
  return {
    name: 'frecuencias-busqueda',
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
