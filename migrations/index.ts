import type { Migration } from 'kysely';
import * as foundation from './2026112201_foundation';
import * as divisasCotizaciones from './2026112202_divisas_cotizaciones';
import * as admin from './2026112205_admin';

/** Every migration, in order. Names are timestamps so they sort the way they run. */
export const migrations: Record<string, Migration> = {
  '2026112201_foundation': foundation,
  '2026112202_divisas_cotizaciones': divisasCotizaciones,
  '2026112205_admin': admin,
};
