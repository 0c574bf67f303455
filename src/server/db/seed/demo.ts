import { sql } from 'kysely';
import type { Db } from '../index';
import { hashPassword } from '../../modules/auth/passwords';
import { ROLE_CLIENTE } from './base';

export const DEMO_CUSTOMER = { username: 'cliente', password: 'cliente123', email: 'cliente@cambio.local' };

const CATEGORIAS = [
  { nombre: 'MINORISTA', descripcion: 'Clientes particulares', descuento: '0.00' },
  { nombre: 'MAYORISTA', descripcion: 'Clientes con volumen', descuento: '5.00' },
  { nombre: 'VIP', descripcion: 'Clientes preferenciales', descuento: '10.00' },
  { nombre: 'PREMIUM', descripcion: 'Clientes de alto volumen', descuento: '15.00' },
  { nombre: 'CORPORATIVO', descripcion: 'Empresas', descuento: '20.00' },
];

export async function seedDemoCategorias(db: Db) {
  await db.insertInto('categorias_cliente').values(CATEGORIAS).onConflict((oc) => oc.column('nombre').doNothing()).execute();
}

/** A demo customer with two clients (VIP individual and a MINORISTA company), created once. */
export async function seedDemoCustomer(db: Db) {
  const exists = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', DEMO_CUSTOMER.username).executeTakeFirst();
  if (exists) return;
  const cat = async (nombre: string) =>
    (await db.selectFrom('categorias_cliente').select('id_categoria').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id_categoria;
  const clientes = await db
    .insertInto('clientes')
    .values([
      { nombre: 'María González', is_persona_fisica: true, cedula: '4567890', id_categoria: await cat('VIP'), correo: 'maria@ejemplo.com.py', telefono: '+595981123456', direccion: 'Av. Mariscal López 1234, Asunción' },
      { nombre: 'Importadora Guaraní S.A.', is_persona_fisica: false, ruc: '80012345-6', id_categoria: await cat('MINORISTA'), correo: 'compras@importadora.com.py', telefono: '+59521555000', direccion: 'Ruta 2 km 15, San Lorenzo' },
    ])
    .returning('id_cliente')
    .execute();
  const { id } = await db
    .insertInto('users')
    .values({
      username: DEMO_CUSTOMER.username,
      email: DEMO_CUSTOMER.email,
      first_name: 'María',
      last_name: 'González',
      password_hash: await hashPassword(DEMO_CUSTOMER.password),
      is_active: true,
      email_verified: true,
      cliente_actual_id: clientes[0].id_cliente,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_clientes').values(clientes.map((c) => ({ user_id: id, cliente_id: c.id_cliente }))).execute();
  const role = await db.selectFrom('auth_group').select('id').where('name', '=', ROLE_CLIENTE).executeTakeFirstOrThrow();
  await db.insertInto('user_groups').values({ user_id: id, group_id: role.id }).execute();
}

export async function seedDemo(db: Db) {
  await seedDemoCategorias(db);
  await seedDemoCustomer(db);
}
