import type { Db } from '../index';
import { seedBase, type AdminInfo } from './base';
import { DEMO_CUSTOMER, seedDemo } from './demo';
import { seedBaseDivisas, seedDemoDivisas } from './divisas';
import { seedBaseMetodos, seedDemoMetodos } from './metodos';
import { seedDemoTausers } from './tausers';
import { seedDemoTransacciones } from './transacciones';
import { seedDemoTerminal } from './terminal';

/** Idempotent: safe on every start. */
export async function seed(db: Db, opts: { admin: { username: string; password?: string; email: string }; demo: boolean }): Promise<AdminInfo> {
  const admin = await seedBase(db, opts.admin);
  await seedBaseDivisas(db);
  await seedBaseMetodos(db);
  if (opts.demo) {
    await seedDemo(db);
    await seedDemoDivisas(db);
    await seedDemoMetodos(db, DEMO_CUSTOMER.username);
    await seedDemoTausers(db);
    await seedDemoTerminal(db);
    // Last: needs the demo currencies, clients, methods, Tausers and their notes (a paid operation sets its payout aside).
    await seedDemoTransacciones(db);
  }
  return admin;
}
