import { expect } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from './harness';

/** Helpers for the administration API tests. */

let seq = 0;
export const uniq = (prefix: string) => `${prefix}${process.pid % 1000}${++seq}`;
const digits = () => String(1_000_000 + Math.floor(Math.random() * 8_000_000) + ++seq);

/** Every row of a table, in a stable order: compared before and after a rejected request. */
export async function snapshot(app: TestApp, table: string) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(app.db);
  return JSON.parse(JSON.stringify(rows));
}

export async function auditRows(app: TestApp, entity: string, entityId: string | number) {
  return app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

export async function createCategoria(app: TestApp, token: string, over: Record<string, unknown> = {}) {
  const r = await app.api('POST', '/categorias/', { token, body: { nombre: uniq('CAT'), descripcion: 'Una categoría', descuento: '5', ...over } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { idCategoria: string; nombre: string; descuento: string; isActive: boolean };
}

export function clienteBody(idCategoria: string, over: Record<string, unknown> = {}) {
  return {
    nombre: 'Cliente de prueba',
    isPersonaFisica: true,
    cedula: digits(),
    ruc: '',
    idCategoria,
    correo: 'cliente@prueba.com.py',
    telefono: '+595981000000',
    direccion: 'Asunción',
    isActive: true,
    ...over,
  };
}

export async function createCliente(app: TestApp, token: string, idCategoria: string, over: Record<string, unknown> = {}) {
  const r = await app.api('POST', '/clientes/', { token, body: clienteBody(idCategoria, over) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { idCliente: string; nombre: string; isActive: boolean };
}
