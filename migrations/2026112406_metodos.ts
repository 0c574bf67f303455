import { type Kysely, sql } from 'kysely';

/**
 * Financial methods (spec 001 §3): the five generic methods, the catalogues of banks, wallet
 * platforms and card brands, and the instances (a `metodo_financiero_detalle` plus its account,
 * wallet or card) of the house (`es_cuenta_casa`, no client) and of clients. Commissions are
 * percentages with two decimals. Card numbers and CVVs are never stored: only last4 and expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pct = (col: string) => sql`${sql.id(col)} between 0 and 100`;

  await db.schema
    .createTable('metodos_financieros')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'varchar(40)', (c) => c.notNull().unique().check(sql`nombre ~ '^[A-Z][A-Z_]*$'`))
    .addColumn('nombre_display', 'varchar(100)', (c) => c.notNull())
    .addColumn('permite_cobro', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('permite_pago', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('comision_cobro_porcentaje', sql`numeric(5,2)`, (c) => c.notNull().defaultTo('0').check(pct('comision_cobro_porcentaje')))
    .addColumn('comision_pago_porcentaje', sql`numeric(5,2)`, (c) => c.notNull().defaultTo('0').check(pct('comision_pago_porcentaje')))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The three catalogues share the commission columns: comision_compra applies when the house buys
  // (it pays the client), comision_venta when it sells (it collects), each only with its flag set.
  const catalogue = (table: string, nameCol: string, nameLen: number) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn(nameCol, sql`varchar(${sql.raw(String(nameLen))})`, (c) => c.notNull())
      .addColumn('comision_compra', sql`numeric(5,2)`, (c) => c.notNull().defaultTo('0').check(pct('comision_compra')))
      .addColumn('comision_venta', sql`numeric(5,2)`, (c) => c.notNull().defaultTo('0').check(pct('comision_venta')))
      .addColumn('comision_personalizada_compra', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('comision_personalizada_venta', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

  // A bank's CVU is optional in the database: a bank with one fixes the CBU/CVU of its accounts.
  await catalogue('bancos', 'nombre', 100)
    .addColumn('cvu', 'varchar(22)', (c) => c.check(sql`cvu ~ '^[0-9]{22}$'`))
    .execute();
  await catalogue('billeteras_catalogo', 'nombre', 100).execute();
  await catalogue('tarjetas_catalogo', 'marca', 50).execute();
  await sql`create unique index bancos_nombre_ci_uq on bancos (lower(nombre))`.execute(db);
  await sql`create unique index billeteras_catalogo_nombre_ci_uq on billeteras_catalogo (lower(nombre))`.execute(db);
  await sql`create unique index tarjetas_catalogo_marca_ci_uq on tarjetas_catalogo (lower(marca))`.execute(db);

  await db.schema
    .createTable('metodo_financiero_detalle')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cliente_id', 'uuid', (c) => c.references('clientes.id_cliente'))
    .addColumn('es_cuenta_casa', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('metodo_financiero_id', 'integer', (c) => c.notNull().references('metodos_financieros.id'))
    .addColumn('alias', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Set when a catalogue entry's deactivation took this instance down with it; cleared when the
    // entry is reactivated (only those instances come back).
    .addColumn('desactivado_por_catalogo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // House instances have no client; every other instance belongs to exactly one client.
    .addCheckConstraint('detalle_casa_o_cliente_ck', sql`es_cuenta_casa = (cliente_id is null)`)
    .addCheckConstraint('detalle_catalogo_inactivo_ck', sql`not (desactivado_por_catalogo and is_active)`)
    .execute();
  await sql`create index detalle_cliente_idx on metodo_financiero_detalle (cliente_id, metodo_financiero_id) where cliente_id is not null`.execute(db);
  await sql`create index detalle_casa_idx on metodo_financiero_detalle (metodo_financiero_id) where es_cuenta_casa`.execute(db);

  const detalleRef = (t: ReturnType<typeof db.schema.createTable>) =>
    t.addColumn('metodo_financiero_detalle_id', 'integer', (c) => c.notNull().unique().references('metodo_financiero_detalle.id'));

  await detalleRef(
    db.schema
      .createTable('cuentas_bancarias')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('banco_id', 'integer', (c) => c.notNull().references('bancos.id'))
      .addColumn('numero_cuenta', 'varchar(50)', (c) => c.notNull())
      .addColumn('titular', 'varchar(100)', (c) => c.notNull())
      .addColumn('cbu_cvu', 'varchar(22)', (c) => c.notNull().check(sql`cbu_cvu ~ '^[0-9]{22}$'`)),
  ).execute();
  await sql`create index cuentas_bancarias_banco_idx on cuentas_bancarias (banco_id)`.execute(db);

  await detalleRef(
    db.schema
      .createTable('billeteras_digitales')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('plataforma_id', 'integer', (c) => c.notNull().references('billeteras_catalogo.id'))
      .addColumn('usuario_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('telefono', 'varchar(30)'),
  ).execute();
  await sql`create index billeteras_digitales_plataforma_idx on billeteras_digitales (plataforma_id)`.execute(db);

  await detalleRef(
    db.schema
      .createTable('tarjetas')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('tipo', 'varchar(10)', (c) => c.notNull().check(sql`tipo in ('STRIPE', 'LOCAL')`))
      .addColumn('payment_method_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('brand', 'varchar(30)', (c) => c.notNull())
      .addColumn('marca_id', 'integer', (c) => c.references('tarjetas_catalogo.id'))
      .addColumn('last4', sql`char(4)`, (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
      .addColumn('exp_month', 'smallint', (c) => c.notNull().check(sql`exp_month between 1 and 12`))
      .addColumn('exp_year', 'smallint', (c) => c.notNull().check(sql`exp_year between 2000 and 2200`))
      .addColumn('titular', 'varchar(100)', (c) => c.notNull())
      .addCheckConstraint('tarjetas_local_marca_ck', sql`tipo <> 'LOCAL' or marca_id is not null`),
  ).execute();
  await sql`create index tarjetas_marca_idx on tarjetas (marca_id) where marca_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'tarjetas', 'billeteras_digitales', 'cuentas_bancarias', 'metodo_financiero_detalle',
    'tarjetas_catalogo', 'billeteras_catalogo', 'bancos', 'metodos_financieros',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
