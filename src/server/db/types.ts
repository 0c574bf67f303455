import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back as strings and are written as strings. */
export type Numeric = ColumnType<string, string, string>;
/** A nullable numeric column (null = no value, e.g. no limit). */
export type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string;
  password_hash: string;
  is_active: Generated<boolean>;
  is_superuser: Generated<boolean>;
  email_verified: Generated<boolean>;
  /** Deactivated by staff: the e-mail verification does not activate the account (migration 2026113001). */
  bloqueado: Generated<boolean>;
  cliente_actual_id: string | null;
  date_joined: Generated<Timestamp>;
  last_login: Timestamp | null;
  /** Raised to revoke every token issued before (password change, deactivation, reset). */
  token_version: Generated<number>;
  /** Second factor (TOTP) active: sign-in asks for a code after the password. */
  mfa_enabled: Generated<boolean>;
  /** The active TOTP secret, encrypted (modules/auth/mfaSecrets.ts); never returned. */
  mfa_secret: string | null;
  /** A secret being enrolled (shown once by setup, active after a first code), encrypted. */
  mfa_pending_secret: string | null;
  /** The last TOTP time step accepted: a code is accepted once. */
  mfa_last_step: number | null;
}

export interface AuthPermissionTable {
  id: Generated<number>;
  app_label: string;
  codename: string;
  name: string;
  name_es: string;
}

export interface AuthGroupTable {
  id: Generated<number>;
  name: string;
  /** Members must sign in with a second factor (and enrol before anything else). */
  requiere_mfa: Generated<boolean>;
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface AuthGroupPermissionsTable {
  group_id: number;
  permission_id: number;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface EmailVerificationsTable {
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface PasswordResetsTable {
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: Generated<Timestamp>;
}

export interface CategoriasClienteTable {
  id_categoria: Generated<string>;
  nombre: string;
  descripcion: string;
  descuento: Numeric;
  is_active: Generated<boolean>;
}

export interface ClientesTable {
  id_cliente: Generated<string>;
  nombre: string;
  is_persona_fisica: boolean;
  cedula: string | null;
  ruc: string | null;
  id_categoria: string;
  correo: string;
  telefono: string;
  direccion: string;
  is_active: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface UserClientesTable {
  user_id: number;
  cliente_id: string;
}

export interface DivisasTable {
  id: Generated<number>;
  nombre: string;
  /** ISO 4217 code, 3 uppercase letters. */
  codigo: string;
  simbolo: string;
  max_digitos: Generated<number>;
  precision: Generated<number>;
  es_base: Generated<boolean>;
  is_active: Generated<boolean>;
  /** ISO 3166-1 alpha-2 country code ("US", "EU"), shown as an emoji flag. */
  flag: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DenominacionesTable {
  id: Generated<number>;
  denominacion: number;
  divisa_id: number;
  is_active: Generated<boolean>;
}

export interface LimiteConfigTable {
  id: Generated<number>;
  limite_diario: NullableNumeric;
  limite_mensual: NullableNumeric;
  updated_at: Timestamp;
}

export interface TasasTable {
  id: Generated<number>;
  divisa_id: number;
  precio_base: Numeric;
  comision_base_compra: Numeric;
  comision_base_venta: Numeric;
  activo: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TasaHistorialTable {
  id: Generated<string>;
  tasa_id: number;
  precio_base: Numeric;
  comision_base_compra: Numeric;
  comision_base_venta: Numeric;
  changed_by: number | null;
  changed_at: Timestamp;
}

export interface MetodosFinancierosTable {
  id: Generated<number>;
  /** TRANSFERENCIA_BANCARIA, BILLETERA_DIGITAL, TARJETA, EFECTIVO, CHEQUE… */
  nombre: string;
  nombre_display: string;
  permite_cobro: Generated<boolean>;
  permite_pago: Generated<boolean>;
  comision_cobro_porcentaje: ColumnType<string, string | undefined, string>;
  comision_pago_porcentaje: ColumnType<string, string | undefined, string>;
  is_active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** The commission columns the three catalogues share (spec 001 §3). */
interface CatalogoComisionColumns {
  id: Generated<number>;
  comision_compra: ColumnType<string, string | undefined, string>;
  comision_venta: ColumnType<string, string | undefined, string>;
  comision_personalizada_compra: Generated<boolean>;
  comision_personalizada_venta: Generated<boolean>;
  is_active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface BancosTable extends CatalogoComisionColumns {
  nombre: string;
  /** 22 digits; when set, every account of the bank has this CBU/CVU. */
  cvu: string | null;
}

export interface BilleterasCatalogoTable extends CatalogoComisionColumns {
  nombre: string;
}

export interface TarjetasCatalogoTable extends CatalogoComisionColumns {
  marca: string;
}

export interface MetodoFinancieroDetalleTable {
  id: Generated<number>;
  /** null for the house's own instances (es_cuenta_casa). */
  cliente_id: string | null;
  es_cuenta_casa: Generated<boolean>;
  metodo_financiero_id: number;
  alias: string;
  is_active: Generated<boolean>;
  desactivado_por_catalogo: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CuentasBancariasTable {
  id: Generated<number>;
  banco_id: number;
  numero_cuenta: string;
  titular: string;
  cbu_cvu: string;
  metodo_financiero_detalle_id: number;
}

export interface BilleterasDigitalesTable {
  id: Generated<number>;
  plataforma_id: number;
  usuario_id: string;
  email: string;
  telefono: string | null;
  metodo_financiero_detalle_id: number;
}

export interface TarjetasTable {
  id: Generated<number>;
  tipo: 'STRIPE' | 'LOCAL';
  payment_method_id: string;
  brand: string;
  marca_id: number | null;
  last4: string;
  exp_month: number;
  exp_year: number;
  titular: string;
  metodo_financiero_detalle_id: number;
}

export interface TausersTable {
  id_tauser: Generated<string>;
  codigo: string;
  nombre: string;
  direccion: string;
  ciudad: string;
  departamento: string;
  /** numeric(9,6) as a decimal string. */
  latitud: Numeric;
  longitud: Numeric;
  is_active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** SHA-256 hex of the device secret; null: no secret (the terminal cannot sign in). */
  secret_hash: string | null;
  secret_version: Generated<number>;
  /** Why `secret_version` was last raised (the kiosk's 401 says it); null: never. */
  sesion_cerrada_por: 'rotada' | 'revocada' | 'desactivada' | null;
}

export interface TauserStockTable {
  tauser_id: string;
  denominacion_id: number;
  cantidad: Generated<number>;
}

export interface TauserStockMovimientosTable {
  id: Generated<number>;
  tauser_id: string;
  denominacion_id: number;
  usuario_id: number | null;
  transaccion_id: number | null;
  antes: number;
  despues: number;
  motivo: string;
  created_at: Generated<Timestamp>;
}

export type EstadoTransaccionDb = 'pendiente' | 'en_proceso' | 'completada' | 'cancelada' | 'expirada' | 'fallida';

export interface TransaccionesTable {
  id: Generated<number>;
  codigo: string;
  cliente_id: string;
  operador_id: number;
  operacion_cliente: 'compra' | 'venta';
  divisa_origen_id: number;
  divisa_destino_id: number;
  monto_origen: Numeric;
  monto_destino: Numeric;
  /** The guaraní side: what the client pays (buy) or receives (sell). Limits add it up. */
  monto_pyg: Numeric;
  tasa_aplicada: Numeric;
  tasa_inicial: Numeric;
  monto_destino_inicial: Numeric;
  precio_base: Numeric;
  /** The quote's commission on the side used: Cv when the client buys, Cc when they sell. */
  comision_base: Numeric;
  nombre_categoria: string;
  descuento_categoria: Numeric;
  metodo_financiero_id: number;
  detalle_metodo_id: number | null;
  comision_metodo: Numeric;
  tauser_id: string;
  estado: ColumnType<EstadoTransaccionDb, EstadoTransaccionDb | undefined, EstadoTransaccionDb>;
  terminos_aceptados: Generated<boolean>;
  motivo: string | null;
  fecha_inicio: Generated<Timestamp>;
  expira_en: Timestamp;
  fecha_pago: Timestamp | null;
  fecha_fin: Timestamp | null;
  updated_at: Generated<Timestamp>;
  /** What the terminal paid out: { notas: [{denominacion, cantidad}], resto_pyg, notas_pyg, recibidas }. */
  entrega: unknown | null;
  /** Notes reserved for the payout at payment: [{ denominacion_id, cantidad }] (terminal/plan.ts). */
  reserva: unknown | null;
  /** The payout planned at payment: { entrega, recibidas } (terminal/plan.ts); the kiosk pays it. */
  plan_pago: unknown | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  transaccion_id: number | null;
  created_at: Generated<Timestamp>;
}

export interface UmbralesStockTable {
  divisa_id: number;
  minimo: string;
  updated_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  auth_permission: AuthPermissionTable;
  auth_group: AuthGroupTable;
  auth_group_permissions: AuthGroupPermissionsTable;
  user_groups: UserGroupsTable;
  email_verifications: EmailVerificationsTable;
  revoked_tokens: RevokedTokensTable;
  audit_log: AuditLogTable;
  categorias_cliente: CategoriasClienteTable;
  clientes: ClientesTable;
  user_clientes: UserClientesTable;
  divisas: DivisasTable;
  denominaciones: DenominacionesTable;
  limite_config: LimiteConfigTable;
  tasas: TasasTable;
  tasa_historial: TasaHistorialTable;
  metodos_financieros: MetodosFinancierosTable;
  bancos: BancosTable;
  billeteras_catalogo: BilleterasCatalogoTable;
  tarjetas_catalogo: TarjetasCatalogoTable;
  metodo_financiero_detalle: MetodoFinancieroDetalleTable;
  cuentas_bancarias: CuentasBancariasTable;
  billeteras_digitales: BilleterasDigitalesTable;
  tarjetas: TarjetasTable;
  tausers: TausersTable;
  transacciones: TransaccionesTable;
  tauser_stock: TauserStockTable;
  tauser_stock_movimientos: TauserStockMovimientosTable;
  umbrales_stock: UmbralesStockTable;
  idempotency_keys: IdempotencyKeysTable;
  password_resets: PasswordResetsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
}
