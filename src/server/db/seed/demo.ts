import { sql } from 'kysely';
import type { Db } from '../index';
import { hashPassword } from '../../modules/auth/passwords';
import { insertUserWithRole, ROLE_CLIENTE, ROLE_OPERADOR } from './base';

export const DEMO_CUSTOMER = { username: 'cliente', password: 'cliente123', email: 'cliente@cambio.local' };
export const DEMO_OPERATOR = { username: 'operador', password: 'operador123', email: 'operador@cambio.local' };

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
  const { username, email, password } = DEMO_CUSTOMER;
  const user = { username, email, first_name: 'María', last_name: 'González', password_hash: await hashPassword(password), cliente_actual_id: clientes[0].id_cliente };
  const id = await insertUserWithRole(db, user, ROLE_CLIENTE);
  await db.insertInto('user_clientes').values(clientes.map((c) => ({ user_id: id, cliente_id: c.id_cliente }))).execute();
}

/** More clients, so the clients screen has pages to turn (12 in all with the customer's two). */
const MORE_CLIENTES: { nombre: string; cedula?: string; ruc?: string; categoria: string; correo: string; telefono: string; direccion: string }[] = [
  { nombre: 'Carlos Benítez', cedula: '3214567', categoria: 'MINORISTA', correo: 'carlos.benitez@ejemplo.com.py', telefono: '+595971234567', direccion: 'Calle Palma 450, Asunción' },
  { nombre: 'Lucía Ramírez', cedula: '5123987', categoria: 'PREMIUM', correo: 'lucia.ramirez@ejemplo.com.py', telefono: '+595982765432', direccion: 'Av. España 2010, Asunción' },
  { nombre: 'Jorge Villalba', cedula: '2987654', categoria: 'MAYORISTA', correo: 'jvillalba@ejemplo.com.py', telefono: '+595961112233', direccion: 'Av. Monseñor Rodríguez 800, Ciudad del Este' },
  { nombre: 'Ana Giménez', cedula: '4890123', categoria: 'VIP', correo: 'ana.gimenez@ejemplo.com.py', telefono: '+595985443322', direccion: 'Calle Mcal. Estigarribia 120, Encarnación' },
  { nombre: 'Roberto Duarte', cedula: '1876543', categoria: 'MINORISTA', correo: 'rduarte@ejemplo.com.py', telefono: '+595994556677', direccion: 'Ruta 1 km 30, Itá' },
  { nombre: 'Agroexport del Sur S.A.', ruc: '80054321-0', categoria: 'CORPORATIVO', correo: 'finanzas@agroexport.com.py', telefono: '+59571204000', direccion: 'Av. Irrazábal 1500, Encarnación' },
  { nombre: 'Tecnología Paraguaya S.R.L.', ruc: '80067890-3', categoria: 'MAYORISTA', correo: 'admin@tecnopy.com.py', telefono: '+59521600700', direccion: 'Av. Aviadores del Chaco 3000, Asunción' },
  { nombre: 'Comercial Alto Paraná S.A.', ruc: '80023456-7', categoria: 'PREMIUM', correo: 'pagos@capsa.com.py', telefono: '+59561500600', direccion: 'Av. San Blas 200, Ciudad del Este' },
  { nombre: 'Turismo Guaraní E.A.S.', ruc: '80098765-4', categoria: 'MINORISTA', correo: 'reservas@turismoguarani.com.py', telefono: '+59521444555', direccion: 'Calle Estrella 300, Asunción' },
  { nombre: 'Sofía Cáceres', cedula: '6012345', categoria: 'VIP', correo: 'sofia.caceres@ejemplo.com.py', telefono: '+595983998877', direccion: 'Av. Santísimo Sacramento 1000, Asunción' },
];

export async function seedDemoClientes(db: Db) {
  const cats = await db.selectFrom('categorias_cliente').select(['id_categoria', 'nombre']).execute();
  const catId = new Map(cats.map((c) => [c.nombre, c.id_categoria]));
  for (const c of MORE_CLIENTES) {
    const exists = await db
      .selectFrom('clientes')
      .select('id_cliente')
      .where((eb) => (c.cedula ? eb('cedula', '=', c.cedula) : eb('ruc', '=', c.ruc!)))
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('clientes')
      .values({
        nombre: c.nombre, is_persona_fisica: !!c.cedula, cedula: c.cedula ?? null, ruc: c.ruc ?? null, id_categoria: catId.get(c.categoria)!,
        correo: c.correo, telefono: c.telefono, direccion: c.direccion,
      })
      .execute();
  }
}

/** A desk operator with the Operador role, created once. */
export async function seedDemoOperator(db: Db) {
  const exists = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', DEMO_OPERATOR.username).executeTakeFirst();
  if (exists) return;
  const { username, email, password } = DEMO_OPERATOR;
  await insertUserWithRole(db, { username, email, first_name: 'Oscar', last_name: 'Operador', password_hash: await hashPassword(password) }, ROLE_OPERADOR);
}

export async function seedDemo(db: Db) {
  await seedDemoCategorias(db);
  await seedDemoCustomer(db);
  await seedDemoClientes(db);
  await seedDemoOperator(db);
}
