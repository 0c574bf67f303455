import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import { READ_ONLY } from './echo';

/**
 * A client that echoes what it read succeeds (docs/decisions.md, REST conventions): for every
 * resource with a GET of the record and a PUT or PATCH, GET → change one editable field → send the
 * whole object back answers 2xx and stores the change; the same with a read-only field altered
 * answers 400 naming that field and changes nothing. A new resource gets the test by adding a row.
 */

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

async function created(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await app.api('POST', path, { token: admin, body });
  expect(r.status, `POST ${path}: ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
}

// Self-contained fixtures through the REST paths themselves, as an integrator would create records.
let seq = 0;
const uniq = (prefix: string) => `${prefix}${++seq}`;
const createCategoria = async () => (await created('/categorias/', { nombre: uniq('ECO'), descripcion: 'Categoría de ida y vuelta', descuento: '5' })) as { idCategoria: string };
const createCliente = async () =>
  (await created('/clientes/', {
    nombre: 'Cliente de ida y vuelta',
    isPersonaFisica: true,
    cedula: String(4_000_000 + ++seq),
    ruc: '',
    idCategoria: (await createCategoria()).idCategoria,
    correo: 'eco@cliente.com.py',
    telefono: '+595981000000',
    direccion: 'Asunción',
  })) as { idCliente: string };

/** A signed-in user without any role. */
async function nobodyToken() {
  const username = uniq('sinrol');
  await created('/usuarios/', { username, first_name: 'Sin', last_name: 'Permisos', email: `${username}@casa.test`, password: 'clave-segura' });
  return (await app.login(username, 'clave-segura')).access;
}

/** A house instance of the bank-transfer method (the detail an account hangs from). */
async function casaDetalle() {
  const metodos = (await app.api('GET', '/operaciones/metodos/?all=true', { token: admin })).body as { id: number; nombre: string }[];
  const transferencia = metodos.find((m) => m.nombre === 'TRANSFERENCIA_BANCARIA')!;
  return created('/operaciones/detalles/', { cliente: null, es_cuenta_casa: true, metodo_financiero: transferencia.id, alias: uniq('Casa - cuenta '), is_active: true });
}

let codes = 0;
const nextCode = () => `R${String.fromCharCode(65 + Math.floor(codes / 26))}${String.fromCharCode(65 + (codes++ % 26))}`;
const createDivisa = () => created('/divisas/', { nombre: 'Moneda de ida y vuelta', codigo: nextCode(), simbolo: 'R' });

interface Row {
  resource: string;
  methods: ('PUT' | 'PATCH')[];
  /** Creates a record and answers the path of its GET and its PUT/PATCH. */
  setup: () => Promise<string>;
  /** One editable field and a new value; `stored` is how GET answers it when it differs from what was sent. */
  edit: { field: string; value: unknown; stored?: unknown };
  /** A field GET answers that the write may not change, a different value, and the message (default: read-only). */
  readOnly: { field: string; value: unknown; message?: string } | null;
  /** Records only their owners or staff may see: a signed-in stranger gets 404 (never the data), not 403. */
  hidden?: boolean;
  /** Active records any signed-in user may read (the customer's forms and the operation wizard need them). */
  readable?: boolean;
}

const PATH_MISMATCH = 'No coincide con el identificador de la ruta.';

const ROWS: Row[] = [
  {
    resource: 'usuarios',
    methods: ['PATCH'],
    setup: async () => {
      const user = await created('/usuarios/', { username: uniq('eco'), first_name: 'Eva', last_name: 'Coronel', email: `${uniq('eco')}@casa.test`, password: 'clave-segura' });
      const cli = await createCliente();
      const r = await app.api('POST', `/usuarios/${user.id}/asignar_clientes/`, { token: admin, body: { clientes: [cli.idCliente] } });
      expect(r.status).toBe(200);
      return `/usuarios/${user.id}/`;
    },
    edit: { field: 'first_name', value: 'Evangelina' },
    readOnly: { field: 'is_superuser', value: true },
  },
  {
    resource: 'roles',
    methods: ['PUT'],
    setup: async () => `/roles/${(await created('/roles/', { name: uniq('ROL'), permissions: [1, 2] })).id}/`,
    edit: { field: 'name', value: 'ROL RENOMBRADO' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'clientes',
    methods: ['PUT', 'PATCH'],
    setup: async () => `/clientes/${(await createCliente()).idCliente}/`,
    edit: { field: 'nombre', value: 'Cliente Renombrado' },
    readOnly: { field: 'categoria', value: { nombre: 'OTRA', descuento: '0.00' } },
  },
  {
    resource: 'categorias',
    methods: ['PATCH'],
    setup: async () => `/categorias/${(await createCategoria()).idCategoria}/`,
    edit: { field: 'descripcion', value: 'Descripción nueva' },
    // The category's own check, older than the generic rule, names the locked field.
    readOnly: { field: 'nombre', value: 'OTRO NOMBRE', message: 'El nombre no se puede modificar.' },
  },
  {
    resource: 'divisas',
    methods: ['PUT', 'PATCH'],
    setup: async () => `/divisas/${(await createDivisa()).id}/`,
    edit: { field: 'nombre', value: 'Moneda renombrada' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'denominaciones',
    methods: ['PUT', 'PATCH'],
    setup: async () => `/denominaciones/${(await created('/denominaciones/', { denominacion: 100, divisa: (await createDivisa()).id })).id}/`,
    edit: { field: 'denominacion', value: 500 },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'limite-config',
    methods: ['PUT'],
    setup: async () => '/limite-config/',
    edit: { field: 'limite_diario', value: '25000000' },
    readOnly: null,
  },
  {
    resource: 'cotizaciones',
    methods: ['PUT', 'PATCH'],
    setup: async () =>
      `/cotizaciones/${(await created('/cotizaciones/', { divisa: (await createDivisa()).id, precioBase: '100', comisionBaseCompra: '1', comisionBaseVenta: '2' })).id}/`,
    edit: { field: 'precioBase', value: '150.0000' },
    readOnly: { field: 'tasaCompra', value: '1.0000' },
  },
  {
    resource: 'operaciones/bancos',
    methods: ['PUT'],
    readable: true,
    setup: async () => `/operaciones/bancos/${(await created('/operaciones/bancos/', { nombre: uniq('Banco Eco ') })).id}/`,
    edit: { field: 'comision_venta', value: '1.25' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'operaciones/billeteras-catalogo',
    methods: ['PUT'],
    readable: true,
    setup: async () => `/operaciones/billeteras-catalogo/${(await created('/operaciones/billeteras-catalogo/', { nombre: uniq('Billetera Eco ') })).id}/`,
    edit: { field: 'comision_compra', value: '0.50' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'operaciones/tarjetas-catalogo',
    methods: ['PUT'],
    readable: true,
    setup: async () => `/operaciones/tarjetas-catalogo/${(await created('/operaciones/tarjetas-catalogo/', { marca: uniq('Marca Eco ') })).id}/`,
    edit: { field: 'comision_venta', value: '2.00' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'operaciones/metodos',
    methods: ['PUT'],
    readable: true,
    setup: async () =>
      `/operaciones/metodos/${(await created('/operaciones/metodos/', { nombre: `ECO_${nextCode()}`, nombre_display: 'Método de ida y vuelta' })).id}/`,
    edit: { field: 'nombre_display', value: 'Método renombrado' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'operaciones/detalles',
    methods: ['PUT'],
    setup: async () => `/operaciones/detalles/${(await casaDetalle()).id}/`,
    hidden: true,
    edit: { field: 'alias', value: 'Casa - cuenta renombrada' },
    readOnly: { field: 'id', value: 999_999, message: PATH_MISMATCH },
  },
  {
    resource: 'operaciones/cuentas-bancarias',
    methods: ['PUT'],
    hidden: true,
    setup: async () => {
      const banco = await created('/operaciones/bancos/', { nombre: uniq('Banco Cuenta ') });
      const cuenta = await created('/operaciones/cuentas-bancarias/', {
        banco: banco.id,
        numero_cuenta: '100200300',
        titular: 'Casa de Cambios',
        cbu_cvu: '1234567890123456789012',
        metodo_financiero_detalle: (await casaDetalle()).id,
      });
      return `/operaciones/cuentas-bancarias/${cuenta.id}/`;
    },
    edit: { field: 'titular', value: 'Casa de Cambios S.A.' },
    readOnly: { field: 'banco_nombre', value: 'Otro banco' },
  },
  {
    resource: 'tauser',
    methods: ['PATCH'],
    readable: true,
    setup: async () =>
      `/tauser/${(await created('/tauser/', { codigo: uniq('ECO-'), nombre: 'Tauser de ida y vuelta', direccion: 'Calle 1', ciudad: 'Luque', departamento: 'Central', latitud: '-25.270000', longitud: '-57.480000' })).idTauser}/`,
    edit: { field: 'nombre', value: 'Tauser renombrado' },
    readOnly: { field: 'codigo', value: 'OTRO-CODIGO', message: 'El código no se puede modificar.' },
  },
];

const get = async (path: string) => {
  const r = await app.api('GET', path, { token: admin });
  expect(r.status, `GET ${path}`).toBe(200);
  return r.body as Record<string, unknown>;
};

describe.each(ROWS.flatMap((row) => row.methods.map((method) => [`${method} /${row.resource}/`, method, row] as const)))('%s', (_name, method, row) => {
  let path: string;
  beforeAll(async () => {
    path = await row.setup();
  });

  it('GET, change one editable field, send the whole object back: 2xx and the change is stored', async () => {
    const read = await get(path);
    const r = await app.api(method, path, { token: admin, body: { ...read, [row.edit.field]: row.edit.value } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await get(path);
    expect(after[row.edit.field]).toEqual(row.edit.stored ?? row.edit.value);
    // Sending back exactly what was read is a no-op that succeeds too.
    expect((await app.api(method, path, { token: admin, body: after })).status).toBe(200);
    expect(await get(path)).toEqual(after);
  });

  const ro = row.readOnly;
  // Rows whose GET answers only fields the write takes (the limits) have no read-only field to alter.
  if (ro) it('with a read-only field altered: 400 naming that field, nothing changed', async () => {
    const read = await get(path);
    const body = { ...read, [row.edit.field]: row.edit.value, [ro.field]: ro.value };
    const r = await app.api(method, path, { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.body[ro.field]).toEqual([ro.message ?? READ_ONLY]);
    expect(await get(path)).toEqual(read);
  });

  it('a field GET does not answer is still refused as unknown', async () => {
    const read = await get(path);
    const r = await app.api(method, path, { token: admin, body: { ...read, campo_inventado: 1 } });
    expect(r).toMatchObject({ status: 400, body: { campo_inventado: ['Campo no permitido.'] } });
    expect(await get(path)).toEqual(read);
  });

  it('401 anonymous and 403 without permission come before the read-only answer', async () => {
    const read = await get(path);
    // A body id contradicting the path is answered right after authentication (decisions.md).
    const ro = row.readOnly && row.readOnly.message !== PATH_MISMATCH ? { [row.readOnly.field]: row.readOnly.value } : {};
    const body = { ...read, [row.edit.field]: row.edit.value, ...ro };
    expect((await app.api(method, path, { body })).status).toBe(401);
    expect((await app.api(method, path, { token: await nobodyToken(), body })).status).toBe(row.hidden ? 404 : 403);
    expect(await get(path)).toEqual(read);
  });

  if (row.readable) it('a signed-in user without permission reads the record as staff do, and echoing it back changed answers 403', async () => {
    const read = await get(path);
    const nobody = await nobodyToken();
    const theirs = await app.api('GET', path, { token: nobody });
    expect(theirs).toMatchObject({ status: 200, body: read });
    const r = await app.api(method, path, { token: nobody, body: { ...theirs.body, [row.edit.field]: row.edit.value } });
    expect(r.status).toBe(403);
    expect(await get(path)).toEqual(read);
  });
});

describe('reactivating from an echoing client', () => {
  it('the first superuser, as seeded, read and sent back whole, is accepted', async () => {
    const read = await app.api('GET', '/usuarios/1/', { token: admin });
    expect(read.body.last_name).toBe('del sistema');
    const back = await app.api('PATCH', '/usuarios/1/', { token: admin, body: read.body });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toEqual(read.body);
  });

  it('PATCH /usuarios/{id}/ with is_superuser and clientes as GET returned them reactivates the user', async () => {
    const path = await ROWS[0].setup();
    expect((await app.api('DELETE', path, { token: admin })).status).toBe(204);
    const read = await get(path);
    expect(read).toMatchObject({ is_active: false, is_superuser: false, clientes: [expect.any(String)] });
    const r = await app.api('PATCH', path, { token: admin, body: { ...read, is_active: true } });
    expect(r).toMatchObject({ status: 200, body: { ...read, is_active: true } });
  });

  it('PUT /clientes/{id}/ with idCliente and categoria as GET returned them reactivates the client', async () => {
    const path = await ROWS[2].setup();
    expect((await app.api('DELETE', path, { token: admin })).status).toBe(204);
    const read = await get(path);
    expect(read).toMatchObject({ isActive: false, idCliente: expect.any(String), idCategoria: expect.any(String) });
    const r = await app.api('PUT', path, { token: admin, body: { ...read, isActive: true } });
    expect(r).toMatchObject({ status: 200, body: { ...read, isActive: true } });
  });

  it('a changed idCliente is refused as read-only, is_superuser can never be granted this way', async () => {
    const cliente = await get(await ROWS[2].setup());
    const other = await app.api('PUT', `/clientes/${cliente.idCliente}/`, { token: admin, body: { ...cliente, idCliente: '00000000-0000-4000-8000-000000000000' } });
    expect(other).toMatchObject({ status: 400, body: { idCliente: [READ_ONLY] } });
    const userPath = await ROWS[0].setup();
    const user = await get(userPath);
    const grant = await app.api('PATCH', userPath, { token: admin, body: { ...user, is_superuser: true, clientes: [] } });
    expect(grant).toMatchObject({ status: 400, body: { is_superuser: [READ_ONLY], clientes: [READ_ONLY] } });
    expect(await get(userPath)).toEqual(user);
  });
});
