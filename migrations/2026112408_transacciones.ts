import { type Kysely, sql } from 'kysely';

/**
 * Transactions (DESIGN §6–§7). Every figure of the quote is stored as it was applied, so history,
 * receipts and limits never recompute: the rate applied now and the one first quoted, the quote's
 * parts, the category discount and the method commission. `monto_pyg` is the guaraní side (what
 * the client pays when buying, receives when selling): the limits add it up per client and day.
 * States: pendiente → en_proceso → completada; pendiente | en_proceso → cancelada | expirada; fallida.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transacciones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Short code the customer presents at the terminal (unambiguous letters and digits).
    .addColumn('codigo', 'varchar(12)', (c) => c.notNull().unique())
    .addColumn('cliente_id', 'uuid', (c) => c.notNull().references('clientes.id_cliente'))
    .addColumn('operador_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('operacion_cliente', 'varchar(6)', (c) => c.notNull().check(sql`operacion_cliente in ('compra', 'venta')`))
    .addColumn('divisa_origen_id', 'integer', (c) => c.notNull().references('divisas.id'))
    .addColumn('divisa_destino_id', 'integer', (c) => c.notNull().references('divisas.id'))
    .addColumn('monto_origen', 'numeric', (c) => c.notNull().check(sql`monto_origen > 0`))
    .addColumn('monto_destino', 'numeric', (c) => c.notNull().check(sql`monto_destino > 0`))
    .addColumn('monto_pyg', 'numeric', (c) => c.notNull().check(sql`monto_pyg > 0`))
    .addColumn('tasa_aplicada', sql`numeric(20,4)`, (c) => c.notNull().check(sql`tasa_aplicada > 0`))
    .addColumn('tasa_inicial', sql`numeric(20,4)`, (c) => c.notNull().check(sql`tasa_inicial > 0`))
    .addColumn('monto_destino_inicial', 'numeric', (c) => c.notNull())
    .addColumn('precio_base', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('comision_base', sql`numeric(20,4)`, (c) => c.notNull())
    .addColumn('nombre_categoria', 'varchar(100)', (c) => c.notNull())
    .addColumn('descuento_categoria', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('metodo_financiero_id', 'integer', (c) => c.notNull().references('metodos_financieros.id'))
    .addColumn('detalle_metodo_id', 'integer', (c) => c.references('metodo_financiero_detalle.id'))
    .addColumn('comision_metodo', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('tauser_id', 'uuid', (c) => c.notNull().references('tausers.id_tauser'))
    .addColumn('estado', 'varchar(12)', (c) =>
      c.notNull().defaultTo('pendiente').check(sql`estado in ('pendiente', 'en_proceso', 'completada', 'cancelada', 'expirada', 'fallida')`),
    )
    .addColumn('terminos_aceptados', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('motivo', 'varchar(500)')
    .addColumn('fecha_inicio', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expira_en', 'timestamptz', (c) => c.notNull())
    .addColumn('fecha_pago', 'timestamptz')
    .addColumn('fecha_fin', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('transacciones_divisas_distintas_ck', sql`divisa_origen_id <> divisa_destino_id`)
    .execute();
  // A client's history and its limits (newest first); staff lists by state; the expiry sweeper.
  await sql`create index transacciones_cliente_fecha_idx on transacciones (cliente_id, fecha_inicio desc, id desc)`.execute(db);
  await sql`create index transacciones_estado_fecha_idx on transacciones (estado, fecha_inicio desc, id desc)`.execute(db);
  await sql`create index transacciones_fecha_idx on transacciones (fecha_inicio desc, id desc)`.execute(db);
  await sql`create index transacciones_vigentes_idx on transacciones (expira_en) where estado in ('pendiente', 'en_proceso')`.execute(db);
  await sql`create index transacciones_tauser_idx on transacciones (tauser_id, fecha_inicio desc)`.execute(db);

  // Idempotency-Key of crear-transaccion: the same key and body answer the first result.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_hash', sql`char(64)`, (c) => c.notNull())
    .addColumn('transaccion_id', 'integer', (c) => c.references('transacciones.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.dropTable('transacciones').ifExists().execute();
}
