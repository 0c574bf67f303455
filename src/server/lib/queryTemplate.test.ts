import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { queryTemplate } from './queryTemplate';

interface T {
  t: { id: number; nombre: string; estado: string; borrado: string | null };
}

// Compiles for PostgreSQL without a connection.
const db = new Kysely<T>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type V = { nombre?: string; desde?: number; borrado?: string | null };

function counted() {
  let builds = 0;
  const template = queryTemplate((d, v: V, estado) => {
    builds++;
    let q = d.selectFrom('t').select(['id', 'nombre']).where('estado', '=', sql.lit(estado));
    if (v.nombre !== undefined) q = q.where('nombre', '=', v.nombre);
    if (v.borrado !== undefined) q = q.where('borrado', v.borrado === null ? 'is' : '=', v.borrado);
    if (v.desde !== undefined) q = q.offset(v.desde);
    return q.limit(10);
  });
  return { template, builds: () => builds };
}

describe('queryTemplate', () => {
  it('builds a shape once and fills each call with its own values', () => {
    const { template, builds } = counted();
    const a = template.compile(db, { nombre: 'Ana', desde: 20 }, 'activo');
    const b = template.compile(db, { nombre: 'Beto', desde: 40 }, 'activo');
    expect(builds()).toBe(1);
    expect(a.sql).toBe(b.sql);
    expect(a.sql).toBe(`select "id", "nombre" from "t" where "estado" = 'activo' and "nombre" = $1 limit $2 offset $3`);
    expect(a.parameters).toEqual(['Ana', 10, 20]);
    expect(b.parameters).toEqual(['Beto', 10, 40]);
  });

  it('a value left out, a null and another shape key each get their own statement', () => {
    const { template, builds } = counted();
    expect(template.compile(db, { nombre: 'Ana' }, 'activo').sql).not.toContain('offset');
    expect(template.compile(db, { nombre: 'Ana', borrado: null }, 'activo').sql).toContain('"borrado" is null');
    expect(template.compile(db, { nombre: 'Ana', borrado: 'x' }, 'activo').sql).toContain('"borrado" = $2');
    expect(template.compile(db, { nombre: 'Ana' }, 'inactivo').sql).toContain(`'inactivo'`);
    expect(builds()).toBe(4);
    // The same four shapes again: nothing is built.
    template.compile(db, { nombre: 'Eva' }, 'activo');
    template.compile(db, { nombre: 'Eva', borrado: null }, 'activo');
    template.compile(db, { nombre: 'Eva', borrado: 'y' }, 'activo');
    template.compile(db, { nombre: 'Eva' }, 'inactivo');
    expect(builds()).toBe(4);
  });

  it('tells shapes apart by the names of the values too', () => {
    const t = queryTemplate((d, v: { a?: string; b?: string }) => {
      let q = d.selectFrom('t').select('id');
      if (v.a !== undefined) q = q.where('nombre', '=', v.a);
      if (v.b !== undefined) q = q.where('estado', '=', v.b);
      return q;
    });
    expect(t.compile(db, { a: 'x' }).sql).toContain('"nombre" = $1');
    const b = t.compile(db, { b: 'y' });
    expect(b.sql).toContain('"estado" = $1');
    expect(b.parameters).toEqual(['y']);
  });

  it('refuses a build that turns a value into something else than one parameter', () => {
    const bad = queryTemplate((d, v: { ids?: string }) => d.selectFrom('t').selectAll().where('nombre', 'in', [v.ids as unknown as string, 'x']).where(sql<boolean>`${[v.ids]} is not null`));
    expect(() => bad.compile(db, { ids: 'a' })).toThrow(/only scalars/);
  });
});
