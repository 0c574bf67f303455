import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type Compilable, type RawBuilder } from 'kysely';
import type { Database } from './types';

/** Kysely without a connection: it builds statements only to read their SQL text. */
const offline = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * The fixed part of a hot read (its columns and joins), written with the query builder and turned
 * into SQL text once, at load. Building and compiling the nine-table, 45-column transaction select
 * cost more than a quarter of a list request; the hot reads splice this text into a `sql` template
 * that adds only their filters, order and limit. The fixed part takes no parameters: values belong
 * to the request, never to the text.
 */
export function sqlText(build: (db: Kysely<Database>) => Compilable): RawBuilder<unknown> {
  const { sql: text, parameters } = build(offline).compile();
  if (parameters.length > 0) throw new Error(`sqlText: the fixed part takes no parameters: ${text}`);
  return sql.raw(text);
}
