/** The permission catalogue of the product: `app_label.codename`, with the Spanish name shown in screens. */
type Entry = readonly [app: string, codename: string, nameEs: string, name: string];

const crud = (app: string, model: string, es: string, en: string, actions = ['add', 'change', 'delete', 'view']): Entry[] =>
  actions.map((a) => {
    const verbEs = { add: 'Crear', change: 'Modificar', delete: 'Eliminar', view: 'Ver' }[a]!;
    const verbEn = { add: 'Can add', change: 'Can change', delete: 'Can delete', view: 'Can view' }[a]!;
    return [app, `${a}_${model}`, `${verbEs} ${es}`, `${verbEn} ${en}`] as const;
  });

export const PERMISSION_CATALOGUE: readonly Entry[] = [
  ...crud('clientes', 'cliente', 'cliente', 'cliente'),
  ...crud('clientes', 'categoriacliente', 'categoría de cliente', 'categoria cliente', ['add', 'change', 'view']),
  ...crud('usuarios', 'user', 'usuario', 'user'),
  ['usuarios', 'can_assign_clients', 'Asignar clientes a usuarios', 'Can assign clients'],
  ['usuarios', 'can_assign_roles', 'Asignar roles a usuarios', 'Can assign roles'],
  ['usuarios', 'reset_mfa_user', 'Restablecer el segundo factor de usuarios', 'Can reset second factor'],
  ...crud('auth', 'group', 'rol', 'group'),
  ...crud('cotizaciones', 'tasa', 'cotización', 'tasa'),
  ...crud('divisas', 'denominacion', 'denominación', 'denominacion'),
  ...crud('divisas', 'divisa', 'divisa', 'divisa'),
  ...crud('divisas', 'limiteconfig', 'configuración de límites', 'limite config', ['change', 'view']),
  ...crud('operaciones', 'banco', 'banco', 'banco'),
  ...crud('operaciones', 'billeteradigital', 'billetera digital', 'billetera digital'),
  ...crud('operaciones', 'billeteradigitalcatalogo', 'billetera digital de catálogo', 'billetera digital catalogo'),
  ...crud('operaciones', 'cuentabancaria', 'cuenta bancaria', 'cuenta bancaria'),
  ...crud('operaciones', 'metodofinanciero', 'método financiero', 'metodo financiero'),
  ...crud('operaciones', 'tarjetacatalogo', 'marca de tarjeta', 'tarjeta catalogo'),
  ...crud('operaciones', 'metodofinancierodetalle', 'detalle de método financiero', 'metodo financiero detalle', ['view']),
  ...crud('operaciones', 'tarjeta', 'tarjeta', 'tarjeta', ['change', 'delete']),
  ['operaciones', 'can_use_simulacion', 'Usar la simulación de operaciones', 'Can use simulacion'],
  ['operaciones', 'can_use_operacion', 'Usar la operación de compra y venta', 'Can use operacion'],
  ...crud('tauser', 'tauser', 'Tauser', 'tauser'),
  ...crud('operaciones', 'transaccion', 'transacción (todas)', 'transaccion', ['view']),
  ...crud('reportes', 'reporte', 'reportes de ganancias y terminales', 'reporte', ['view']),
];

export const ALL_PERMISSIONS = PERMISSION_CATALOGUE.map(([app, code]) => `${app}.${code}`);

export type Permission = string;

/** Named constants for the permissions the code refers to. */
export const P = {
  viewCliente: 'clientes.view_cliente',
  addCliente: 'clientes.add_cliente',
  changeCliente: 'clientes.change_cliente',
  deleteCliente: 'clientes.delete_cliente',
  viewCategoria: 'clientes.view_categoriacliente',
  addCategoria: 'clientes.add_categoriacliente',
  changeCategoria: 'clientes.change_categoriacliente',
  viewUser: 'usuarios.view_user',
  addUser: 'usuarios.add_user',
  changeUser: 'usuarios.change_user',
  deleteUser: 'usuarios.delete_user',
  assignClients: 'usuarios.can_assign_clients',
  assignRoles: 'usuarios.can_assign_roles',
  /** Staff: turn off another user's second factor (they enrol again). */
  resetMfa: 'usuarios.reset_mfa_user',
  viewGroup: 'auth.view_group',
  addGroup: 'auth.add_group',
  changeGroup: 'auth.change_group',
  deleteGroup: 'auth.delete_group',
  viewTasa: 'cotizaciones.view_tasa',
  addTasa: 'cotizaciones.add_tasa',
  changeTasa: 'cotizaciones.change_tasa',
  deleteTasa: 'cotizaciones.delete_tasa',
  viewDivisa: 'divisas.view_divisa',
  addDivisa: 'divisas.add_divisa',
  changeDivisa: 'divisas.change_divisa',
  deleteDivisa: 'divisas.delete_divisa',
  viewDenominacion: 'divisas.view_denominacion',
  addDenominacion: 'divisas.add_denominacion',
  changeDenominacion: 'divisas.change_denominacion',
  deleteDenominacion: 'divisas.delete_denominacion',
  viewLimites: 'divisas.view_limiteconfig',
  changeLimites: 'divisas.change_limiteconfig',
  viewMetodo: 'operaciones.view_metodofinanciero',
  addMetodo: 'operaciones.add_metodofinanciero',
  changeMetodo: 'operaciones.change_metodofinanciero',
  deleteMetodo: 'operaciones.delete_metodofinanciero',
  viewBanco: 'operaciones.view_banco',
  addBanco: 'operaciones.add_banco',
  changeBanco: 'operaciones.change_banco',
  deleteBanco: 'operaciones.delete_banco',
  viewBilleteraCatalogo: 'operaciones.view_billeteradigitalcatalogo',
  addBilleteraCatalogo: 'operaciones.add_billeteradigitalcatalogo',
  changeBilleteraCatalogo: 'operaciones.change_billeteradigitalcatalogo',
  deleteBilleteraCatalogo: 'operaciones.delete_billeteradigitalcatalogo',
  viewTarjetaCatalogo: 'operaciones.view_tarjetacatalogo',
  addTarjetaCatalogo: 'operaciones.add_tarjetacatalogo',
  changeTarjetaCatalogo: 'operaciones.change_tarjetacatalogo',
  deleteTarjetaCatalogo: 'operaciones.delete_tarjetacatalogo',
  viewCuentaBancaria: 'operaciones.view_cuentabancaria',
  addCuentaBancaria: 'operaciones.add_cuentabancaria',
  changeCuentaBancaria: 'operaciones.change_cuentabancaria',
  deleteCuentaBancaria: 'operaciones.delete_cuentabancaria',
  viewBilleteraDigital: 'operaciones.view_billeteradigital',
  addBilleteraDigital: 'operaciones.add_billeteradigital',
  changeBilleteraDigital: 'operaciones.change_billeteradigital',
  deleteBilleteraDigital: 'operaciones.delete_billeteradigital',
  changeTarjeta: 'operaciones.change_tarjeta',
  deleteTarjeta: 'operaciones.delete_tarjeta',
  viewDetalle: 'operaciones.view_metodofinancierodetalle',
  useSimulacion: 'operaciones.can_use_simulacion',
  useOperacion: 'operaciones.can_use_operacion',
  viewTauser: 'tauser.view_tauser',
  addTauser: 'tauser.add_tauser',
  changeTauser: 'tauser.change_tauser',
  deleteTauser: 'tauser.delete_tauser',
  /** Staff: every client's transactions (a customer sees their own clients' without it). */
  viewTransaccion: 'operaciones.view_transaccion',
  /** Reports: earnings, volumes and terminal stock (issue 30). */
  viewReporte: 'reportes.view_reporte',
} as const satisfies Record<string, Permission>;

/** Any of these opens /configuraciones (spec 000 §2). */
export const CONFIG_HUB_ANY: Permission[] = [
  P.viewDivisa, P.viewGroup, P.viewCategoria, P.viewTasa, P.viewUser, P.viewCliente, P.viewMetodo, P.viewTauser, P.viewReporte,
];

/** Permissions of the seeded Cliente role. */
export const CLIENTE_ROLE_PERMISSIONS: Permission[] = [P.useSimulacion, P.useOperacion];

/** Permissions of the seeded Operador role: day-to-day desk work, no administration of staff. */
export const OPERADOR_ROLE_PERMISSIONS: Permission[] = [
  P.viewCliente, P.addCliente, P.changeCliente, P.viewCategoria, P.viewTasa, P.viewDivisa, P.viewDenominacion,
  P.viewLimites, P.viewMetodo, P.viewTauser, P.useSimulacion, P.useOperacion, 'operaciones.view_metodofinancierodetalle',
  P.viewTransaccion,
];

/** Seeded role names. Cliente is given by e-mail verification, so it cannot be renamed or deleted. */
export const ROLE_ADMIN = 'Administrador';
export const ROLE_OPERADOR = 'Operador';
export const ROLE_CLIENTE = 'Cliente';
