import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_permission')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('app_label', 'varchar(100)', (c) => c.notNull())
    .addColumn('codename', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_es', 'varchar(255)', (c) => c.notNull())
    .addUniqueConstraint('auth_permission_app_codename_uq', ['app_label', 'codename'])
    .execute();

  await db.schema
    .createTable('auth_group')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(150)', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('auth_group_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('auth_group.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('auth_permission.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('auth_group_permissions_pk', ['group_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('categorias_cliente')
    .addColumn('id_categoria', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('nombre', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('descripcion', 'varchar(255)', (c) => c.notNull())
    .addColumn('descuento', sql`numeric(5,2)`, (c) => c.notNull().check(sql`descuento >= 0 and descuento <= 100`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('clientes')
    .addColumn('id_cliente', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('nombre', 'varchar(150)', (c) => c.notNull())
    .addColumn('is_persona_fisica', 'boolean', (c) => c.notNull())
    .addColumn('cedula', 'varchar(20)')
    .addColumn('ruc', 'varchar(20)')
    .addColumn('id_categoria', 'uuid', (c) => c.notNull().references('categorias_cliente.id_categoria'))
    .addColumn('correo', 'varchar(254)', (c) => c.notNull())
    .addColumn('telefono', 'varchar(30)', (c) => c.notNull())
    .addColumn('direccion', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'clientes_documento_ck',
      sql`(is_persona_fisica and cedula is not null and ruc is null) or (not is_persona_fisica and ruc is not null and cedula is null)`,
    )
    .execute();
  await sql`create unique index clientes_cedula_uq on clientes (cedula) where cedula is not null`.execute(db);
  await sql`create unique index clientes_ruc_uq on clientes (ruc) where ruc is not null`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(150)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cliente_actual_id', 'uuid', (c) => c.references('clientes.id_cliente').onDelete('set null'))
    .addColumn('date_joined', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login', 'timestamptz')
    .execute();
  await sql`create unique index users_username_uq on users (lower(username))`.execute(db);
  await sql`create unique index users_email_uq on users (lower(email))`.execute(db);

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('auth_group.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('user_clientes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cliente_id', 'uuid', (c) => c.notNull().references('clientes.id_cliente'))
    .addPrimaryKeyConstraint('user_clientes_pk', ['user_id', 'cliente_id'])
    .execute();
  await db.schema.createIndex('user_clientes_cliente_idx').on('user_clientes').column('cliente_id').execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    .addColumn('entity', 'varchar(50)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'audit_log', 'revoked_tokens', 'email_verifications', 'user_clientes', 'user_groups', 'users',
    'clientes', 'categorias_cliente', 'auth_group_permissions', 'auth_group', 'auth_permission',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
