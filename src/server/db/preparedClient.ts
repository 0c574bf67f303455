import pg from 'pg';

/** Past this many distinct statements new ones run unnamed (a bound on per-connection memory). */
const MAX_NAMED = 2000;
const names = new Map<string, string>();

/** The statement name of `text`: the same for the same SQL in every connection of the process. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) {
    name = `k${names.size}`;
    names.set(text, name);
  }
  return name;
}

const READS = /^\s*(select|with)\b/i;

/** Parameterized statements, and reads without parameters (a first page); not transaction control or DDL. */
const preparable = (text: string, values: unknown) => (Array.isArray(values) && values.length > 0) || READS.test(text);

/**
 * A pg client that runs every parameterized query, and every read, as a named prepared statement:
 * parsed once per connection, and after a few runs PostgreSQL reuses its plan instead of planning
 * again. Planning was most of the cost of the hot reads (1.4 ms to plan the auth lookup, 0.2 ms to
 * run it). Transaction control, DDL and migrations without parameters run as before.
 */
export class PreparedClient extends pg.Client {
  // pg's query() has many overloads; Kysely calls query(text, values) and awaits the promise.
  query(config: unknown, values?: unknown, callback?: unknown): never {
    if (typeof config === 'string' && callback === undefined && (values === undefined || Array.isArray(values)) && preparable(config, values)) {
      const name = statementName(config);
      if (name) return super.query({ name, text: config, values: (values as unknown[] | undefined) ?? [] } as never) as never;
    }
    return (super.query as (...a: unknown[]) => never)(config, values, callback);
  }
}
