import { performance } from 'node:perf_hooks';
import type { Db } from '../db';

/**
 * The anonymous pricing data every visitor of the home page reads, kept per process: the public
 * rates ('Cotizaciones del día', serialized once) and the simulator's catalogue of currencies, rates
 * and methods. Nothing else is kept in memory: every other read goes to the database.
 *
 * - A copy is served only under a lease: until `leaseMs` after the start of the last successful
 *   round trip on the connection that listens for `cambio_precios` (lib/notices.ts). PostgreSQL
 *   delivers a notice before the answer to any later query on that connection, so a copy lags a
 *   change committed anywhere by at most `leaseMs`. Without a lease every read goes to the database.
 * - A notice, or a pricing write through this process, drops every copy (`drop`); a load that was
 *   under way keeps answering its own callers but is never served again.
 * - Never read inside a transaction, and never for what an operation commits to: creating, paying
 *   and completing an operation read the database.
 */
export class KeptPrices {
  private generation = 0;
  private leaseUntil = 0;
  private lapseCount = 0;
  private readonly copies = new Map<string, { generation: number; value: Promise<unknown> }>();

  constructor(readonly leaseMs = 400) {}

  get isLive() {
    return performance.now() < this.leaseUntil;
  }

  /** The copy named `name`, loaded by `load` when there is none of the current generation. */
  get<T>(name: string, db: Db, load: (db: Db) => Promise<T>): Promise<T> {
    if (!this.isLive || db.isTransaction) return load(db);
    const kept = this.copies.get(name);
    if (kept?.generation === this.generation) return kept.value as Promise<T>;
    const entry = { generation: this.generation, value: load(db) as Promise<unknown> };
    this.copies.set(name, entry);
    entry.value.catch(() => {
      if (this.copies.get(name) === entry) this.copies.delete(name);
    });
    return entry.value as Promise<T>;
  }

  /** Prices changed (a notice, or a write through this process): no copy is served again. */
  drop() {
    this.generation++;
    this.copies.clear();
  }

  /** A round trip that started at `startedAt` (performance.now()) on the listening connection succeeded. */
  renew(startedAt: number) {
    this.leaseUntil = Math.max(this.leaseUntil, startedAt + this.leaseMs);
  }

  /** How many times the lease was dropped (for tests and diagnostics). */
  get lapses() {
    return this.lapseCount;
  }

  /** Not listening (lost, stalled, stopped): whatever changes meanwhile is unknown, so nothing is kept. */
  lapse() {
    if (this.leaseUntil > 0) this.lapseCount++;
    this.leaseUntil = 0;
    this.drop();
  }
}
