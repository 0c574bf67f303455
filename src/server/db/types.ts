import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  cliente_actual_id: string | null;
  date_joined: Generated<Timestamp>;
  last_login: Timestamp | null;
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
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
