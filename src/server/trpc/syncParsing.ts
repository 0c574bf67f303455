import { z } from 'zod';
import { derivedOnce } from '../lib/keptValues';

/**
 * A zod schema as tRPC's parser, run with `parse`. Given the schema itself tRPC calls `parseAsync`,
 * and zod compiles its object parsers only for synchronous parsing: a page of ten transactions took
 * ~110 µs to check asynchronously, ~13 µs synchronously. Our schemas have no asynchronous
 * refinements. The schema stays reachable for the OpenAPI document and the REST adapter (`schemaOf`).
 */
export function syncParser<T extends z.ZodType>(schema: T) {
  // A kept value (a page of a list held in memory) is checked once: the same value, the same output.
  const checked = new WeakMap<object, z.output<T>>();
  return Object.assign((value: unknown): z.output<T> => derivedOnce(checked, value, () => schema.parse(value)), { schema });
}

/** The zod schema of an input or output as a procedure holds it (`_def.inputs[0]`, `_def.output`). */
export function schemaOf(parser: unknown): z.ZodType | undefined {
  if (parser instanceof z.ZodType) return parser;
  const inner = (parser as { schema?: unknown } | undefined)?.schema;
  return inner instanceof z.ZodType ? inner : undefined;
}

const wrap = (s: unknown) => (s instanceof z.ZodType ? syncParser(s) : s);

/**
 * The procedure builder with every zod input and output given to tRPC as `syncParser(schema)`;
 * builders derived from it (`.use`, `.input`…) keep the rule. Types are those of the plain builder.
 */
export function parsingSync<B extends object>(builder: B): B {
  const b = builder as Record<string, (...args: unknown[]) => object>;
  const derive = (name: string, map: (a: unknown) => unknown = (a) => a) => (...args: unknown[]) => parsingSync(b[name](...args.map(map)));
  return {
    ...builder,
    input: derive('input', wrap),
    output: derive('output', wrap),
    use: derive('use'),
    meta: derive('meta'),
    concat: derive('concat'),
    unstable_concat: derive('unstable_concat'),
    experimental_caller: derive('experimental_caller'),
  } as B;
}
