import type { Db } from '../index';
import { seedBase, type AdminInfo } from './base';
import { seedDemo } from './demo';
import { seedBaseDivisas, seedDemoDivisas } from './divisas';
import { seedBaseMetodos } from './metodos';
import { seedDemoTransacciones } from './transacciones';

/** Idempotent: safe on every start. */
export async function seed(db: Db, opts: { admin: { username: string; password?: string; email: string }; demo: boolean }): Promise<AdminInfo> {
  const admin = await seedBase(db, opts.admin);
  await seedBaseDivisas(db);
  await seedBaseMetodos(db);
  if (opts.demo) {
    await seedDemo(db);
    await seedDemoDivisas(db);
    // Last: needs the demo currencies, clients, methods and Tausers.
    await seedDemoTransacciones(db);
  }
  return admin;
}
