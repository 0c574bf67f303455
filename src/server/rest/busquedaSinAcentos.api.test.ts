import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { createCategoria, createDivisa, createTasa } from '../test/fixtures';

/**
 * Every staff list searches without accents or case (`contieneSinAcentos`, src/server/lib/search.ts):
 * what people type without the marks ('guarani', 'credito') finds the records written with them,
 * and the text typed with them still does.
 */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const db = app.db;

  const divisa = await createDivisa(app, admin, { nombre: 'Guaraní fuerte', simbolo: 'G' });
  await createTasa(app, admin, divisa.id);

  await db.insertInto('metodos_financieros').values({ nombre: 'CREDITO_RAPIDO', nombre_display: 'Crédito rápido' }).execute();
  // Staff see the instances of the kinds of method they may view: a bank account's.
  const metodo =
    (await db.selectFrom('metodos_financieros').select('id').where('nombre', '=', 'TRANSFERENCIA_BANCARIA').executeTakeFirst()) ??
    (await db.insertInto('metodos_financieros').values({ nombre: 'TRANSFERENCIA_BANCARIA', nombre_display: 'Transferencia bancaria' }).returning('id').executeTakeFirstOrThrow());
  const banco = await db.insertInto('bancos').values({ nombre: 'Banco Crédito Agrícola', cvu: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('billeteras_catalogo').values({ nombre: 'Billetera Ñandé' }).execute();
  await db.insertInto('tarjetas_catalogo').values({ marca: 'Crédito Único' }).execute();
  const detalle = await db
    .insertInto('metodo_financiero_detalle')
    .values({ cliente_id: null, es_cuenta_casa: true, metodo_financiero_id: metodo.id, alias: 'Cuenta Crédito Itá' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cuentas_bancarias')
    .values({ banco_id: banco.id, numero_cuenta: '12345', titular: 'José Peña', cbu_cvu: '0'.repeat(22), metodo_financiero_detalle_id: detalle.id })
    .execute();

  await createCategoria(app, admin, { nombre: 'Categoría Ñandutí', descripcion: 'Línea de crédito preferencial' });
  await db
    .insertInto('tausers')
    .values({ codigo: 'TAU-ACENTOS', nombre: 'Terminal Encarnación', direccion: 'Av. Mariscal López', ciudad: 'Asunción', departamento: 'Itapúa', latitud: '-25.3', longitud: '-57.6' })
    .execute();
  await db
    .insertInto('users')
    .values({ username: 'rnunez', email: 'rnunez@casa.test', first_name: 'Ramón', last_name: 'Núñez Güell', password_hash: 'x', is_active: true, email_verified: true })
    .execute();
  await db.insertInto('auth_group').values({ name: 'Gestión de créditos' }).execute();
});
afterAll(() => app?.close());

/** The rows of a list answer: an array, or the page envelope's results. */
async function buscar(path: string, search: string): Promise<unknown[]> {
  const r = await app.api('GET', `${path}?search=${encodeURIComponent(search)}`, { token: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Array.isArray(r.body) ? r.body : (r.body as { results: unknown[] }).results;
}

const CASOS: { lista: string; path: string; sinAcentos: string; conAcentos: string; encuentra: string }[] = [
  { lista: 'divisas', path: '/divisas/', sinAcentos: 'guarani fuerte', conAcentos: 'Guaraní fuerte', encuentra: 'Guaraní fuerte' },
  { lista: 'cotizaciones', path: '/cotizaciones/', sinAcentos: 'guarani fuerte', conAcentos: 'GUARANÍ FUERTE', encuentra: 'Guaraní fuerte' },
  { lista: 'métodos financieros', path: '/operaciones/metodos/', sinAcentos: 'credito rapido', conAcentos: 'Crédito rápido', encuentra: 'Crédito rápido' },
  { lista: 'bancos', path: '/operaciones/bancos/', sinAcentos: 'credito agricola', conAcentos: 'Crédito Agrícola', encuentra: 'Banco Crédito Agrícola' },
  { lista: 'billeteras del catálogo', path: '/operaciones/billeteras-catalogo/', sinAcentos: 'nande', conAcentos: 'Ñandé', encuentra: 'Billetera Ñandé' },
  { lista: 'marcas de tarjeta', path: '/operaciones/tarjetas-catalogo/', sinAcentos: 'credito unico', conAcentos: 'Crédito Único', encuentra: 'Crédito Único' },
  { lista: 'instancias (detalles)', path: '/operaciones/detalles/', sinAcentos: 'credito ita', conAcentos: 'Crédito Itá', encuentra: 'Cuenta Crédito Itá' },
  { lista: 'cuentas bancarias', path: '/operaciones/cuentas-bancarias/', sinAcentos: 'jose pena', conAcentos: 'José Peña', encuentra: 'José Peña' },
  { lista: 'categorías', path: '/categorias/', sinAcentos: 'credito preferencial', conAcentos: 'crédito preferencial', encuentra: 'Categoría Ñandutí' },
  { lista: 'Tausers', path: '/tauser/', sinAcentos: 'encarnacion', conAcentos: 'Encarnación', encuentra: 'Terminal Encarnación' },
  { lista: 'Tausers (ciudad)', path: '/tauser/', sinAcentos: 'asuncion', conAcentos: 'Asunción', encuentra: 'Terminal Encarnación' },
  { lista: 'usuarios', path: '/usuarios/', sinAcentos: 'nunez guell', conAcentos: 'Núñez Güell', encuentra: 'rnunez' },
  { lista: 'roles', path: '/roles/', sinAcentos: 'gestion de creditos', conAcentos: 'Gestión de créditos', encuentra: 'Gestión de créditos' },
];

describe('search without accents on every staff list', () => {
  it.each(CASOS)('$lista: "$sinAcentos" finds "$encuentra"; the accented text still does', async ({ path, sinAcentos, conAcentos, encuentra }) => {
    expect(JSON.stringify(await buscar(path, sinAcentos))).toContain(encuentra);
    expect(JSON.stringify(await buscar(path, conAcentos))).toContain(encuentra);
  });

  it('a search that matches nothing still finds nothing (the fold does not widen the match)', async () => {
    expect(await buscar('/divisas/', 'guaranix')).toEqual([]);
    expect(await buscar('/roles/', 'gestion de creditoz')).toEqual([]);
  });

  it('wildcards typed by users stay literal', async () => {
    expect(await buscar('/operaciones/metodos/', 'credito_rapido%')).toEqual([]);
  });
});
