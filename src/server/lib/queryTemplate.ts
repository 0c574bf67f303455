import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** A value of a template: it becomes one parameter of the statement (an array: one array parameter). */
export type TemplateValue = string | number | boolean | bigint | Date | null | undefined | ReadonlyArray<string | number | boolean | null>;
export type TemplateValues = Readonly<Record<string, TemplateValue>>;

/** Stands for the value of the same name while the query is built; replaced at each run. */
class Slot {
  constructor(readonly name: string) {}
}

/** Each name with undefined, null or a value: different shapes (a filter left out, `is null`, a parameter). */
const presence = (values: TemplateValues) =>
  Object.keys(values)
    .sort()
    .map((k) => `${k}:${values[k] === undefined ? 'u' : values[k] === null ? 'n' : 'v'}`)
    .join(',');

/** Past this many shapes of one template the others are built every time (a bound on memory). */
const MAX_SHAPES = 200;

/**
 * A query whose shape is fixed and whose values vary, built and compiled by Kysely once per shape and
 * then run with each call's values. Kysely otherwise builds and compiles the whole tree on every
 * request: about 15 % of the server's CPU for a page of a list.
 *
 * `build` gets stand-ins for the defined, non-null values and must use them only as values
 * (comparisons, sql`${v}`, limit/offset). Everything else that decides the shape (a literal, a page
 * number that removes the offset) goes into `shape`, which `build` also gets; whether each value is
 * undefined, null or set is added to the key here. The statements are the same for every database
 * of the process (one dialect).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs on the database or a transaction of any schema
type AnyDb = Kysely<any>;

export function queryTemplate<V extends TemplateValues, R>(build: (db: AnyDb, values: V, shape: string) => Compilable<R>) {
  const compiled = new Map<string, CompiledQuery<R>>();
  return {
    /** The statement for these values: compiled once per shape, parameters filled from `values`. */
    compile(db: AnyDb, values: V, shape = ''): CompiledQuery<R> {
      const key = `${shape}|${presence(values)}`;
      let done = compiled.get(key);
      if (!done) {
        const slots = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined || v === null ? v : new Slot(k)])) as unknown as V;
        done = build(db, slots, shape).compile();
        if (done.parameters.some((p) => p !== null && typeof p === 'object' && !(p instanceof Slot) && !(p instanceof Date))) {
          throw new Error('queryTemplate: the build used a list or an object as a value; only scalars can be parameters');
        }
        if (compiled.size < MAX_SHAPES) compiled.set(key, done);
      }
      return {
        ...done,
        parameters: done.parameters.map((p) => {
          if (!(p instanceof Slot)) return p;
          if (!Object.hasOwn(values, p.name)) throw new Error(`queryTemplate: no value named ${p.name}`);
          return values[p.name];
        }),
      };
    },
    async execute(db: AnyDb, values: V, shape = ''): Promise<R[]> {
      return (await db.executeQuery(this.compile(db, values, shape))).rows;
    },
  };
}
