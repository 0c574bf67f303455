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
  const total = await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'clientes'::regclass`.execute(db);
  const pct = Math.min(100, Math.max(0.01, (MUESTRA / Math.max(1, total.rows[0]!.n)) * 100));
  const out = {} as Record<ColumnaBuscada, ReadonlySet<string>>;
  for (const col of COLUMNAS_BUSCADAS) {
    const { rows } = await sql<{ t: string }>`
      with muestra as (select ${sql.ref(col)} as v from clientes tablesample bernoulli (${sql.lit(pct)}) where ${sql.ref(col)} is not null)
      select t from muestra, unnest(show_trgm(v)) t group by t
      having count(*) > ${sql.lit(UMBRAL)} * (select count(*) from muestra)`.execute(db);
    out[col] = new Set(rows.map((r) => r.t));
  }
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
