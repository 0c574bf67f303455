import type { Db } from '../index';

/** The base currency (DESIGN §4): seeded directly, with its ISO 4217 minor unit as precision. */
export const BASE_DIVISA = { nombre: 'Guaraní', codigo: 'PYG', simbolo: '₲', max_digitos: 30, precision: 0, flag: 'PY' } as const;

/**
 * Always: the base currency PYG, unless a base currency exists already (staff may have set up
 * another one; the database allows only one), and the single limits row (no limits).
 */
export async function seedBaseDivisas(db: Db) {
  const base = await db
    .selectFrom('divisas')
    .select('id')
    .where((eb) => eb.or([eb('es_base', '=', true), eb('codigo', '=', BASE_DIVISA.codigo)]))
    .executeTakeFirst();
  if (!base) {
    await db
      .insertInto('divisas')
      .values({ ...BASE_DIVISA, es_base: true, is_active: true })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await db.insertInto('limite_config').values({ id: 1, limite_diario: null, limite_mensual: null }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

interface DemoDivisa {
  nombre: string;
  codigo: string;
  simbolo: string;
  flag: string;
  /** precioBase / comisión compra / comisión venta, in PYG. */
  tasa?: [string, string, string];
  denominaciones: number[];
}

/** DESIGN §4 demo rates; denominations are the notes in circulation. */
export const DEMO_DIVISAS: DemoDivisa[] = [
  { nombre: 'Guaraní', codigo: 'PYG', simbolo: '₲', flag: 'PY', denominaciones: [2000, 5000, 10000, 20000, 50000, 100000] },
  { nombre: 'Dólar estadounidense', codigo: 'USD', simbolo: 'US$', flag: 'US', tasa: ['7300', '50', '50'], denominaciones: [1, 5, 10, 20, 50, 100] },
  { nombre: 'Euro', codigo: 'EUR', simbolo: '€', flag: 'EU', tasa: ['8000', '60', '60'], denominaciones: [5, 10, 20, 50, 100, 200] },
  { nombre: 'Real brasileño', codigo: 'BRL', simbolo: 'R$', flag: 'BR', tasa: ['1350', '10', '10'], denominaciones: [2, 5, 10, 20, 50, 100, 200] },
  { nombre: 'Peso argentino', codigo: 'ARS', simbolo: '$', flag: 'AR', tasa: ['8.5', '0.5', '0.5'], denominaciones: [1000, 2000, 10000, 20000] },
  { nombre: 'Peso chileno', codigo: 'CLP', simbolo: '$', flag: 'CL', tasa: ['8.2', '0.3', '0.3'], denominaciones: [1000, 2000, 5000, 10000, 20000] },
  { nombre: 'Peso uruguayo', codigo: 'UYU', simbolo: '$U', flag: 'UY', tasa: ['180', '5', '5'], denominaciones: [20, 50, 100, 200, 500, 1000, 2000] },
];

/** Demo currencies, their rates (with the first history row) and denominations. Idempotent. */
export async function seedDemoDivisas(db: Db) {
  await db.transaction().execute(async (trx) => {
    const foreign = DEMO_DIVISAS.filter((d) => d.codigo !== 'PYG');
    await trx
      .insertInto('divisas')
      .values(foreign.map(({ nombre, codigo, simbolo, flag }) => ({ nombre, codigo, simbolo, flag })))
      .onConflict((oc) => oc.column('codigo').doNothing())
      .execute();
    const ids = new Map(
      (await trx.selectFrom('divisas').select(['id', 'codigo']).where('codigo', 'in', DEMO_DIVISAS.map((d) => d.codigo)).execute()).map((r) => [r.codigo, r.id]),
    );
    for (const d of DEMO_DIVISAS) {
      const divisaId = ids.get(d.codigo);
      if (divisaId === undefined) continue;
      await trx
        .insertInto('denominaciones')
        .values(d.denominaciones.map((denominacion) => ({ denominacion, divisa_id: divisaId })))
        .onConflict((oc) => oc.columns(['divisa_id', 'denominacion']).doNothing())
        .execute();
      if (!d.tasa) continue;
      const [precio_base, comision_base_compra, comision_base_venta] = d.tasa;
      const created = await trx
        .insertInto('tasas')
        .values({ divisa_id: divisaId, precio_base, comision_base_compra, comision_base_venta })
        .onConflict((oc) => oc.column('divisa_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created) {
        await trx.insertInto('tasa_historial').values({ tasa_id: created.id, precio_base, comision_base_compra, comision_base_venta, changed_by: null }).execute();
      }
    }
  });
}
