import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';

/** What a cached copy depends on; each has its own NOTIFY channel (lib/notices.ts). */
export type Topic = 'precios' | 'acceso' | 'clientes' | 'operaciones' | 'usuarios';

/**
 * Process-local copies of data read on every request and rarely changed: the public rates and the
 * simulator's pricing catalogue ('precios'), the users the auth check needs ('acceso'), the client
 * directory ('clientes': pages of the client list and the anchors of its order for deep pages),
 * pages of transaction lists ('operaciones') and user records ('usuarios').
 * Correctness rules:
 *
 * - Copies are served only under a lease: until `leaseMs` after the start of the last round trip
 *   that succeeded on the connection listening for change notices. PostgreSQL delivers a notice
 *   before the answer to any later query on that connection, so a process holding a lease has
 *   heard of every change committed before the lease's round trip began. Without a lease (no
 *   listener, a lost or stalled connection) every read goes to the database.
 * - A notice, or a write through this process, bumps its topic's generation: older copies are
 *   never served again, and a load that raced the change answers its callers but is not kept.
 * - A write that changes access rights answers only after `settle('acceso')`: by then every
 *   process has either dropped what it had or lost its lease (`leaseMs`), so the change holds on
 *   the very next request anywhere.
 * - Never expired by a timer: the notices are the invalidation; the lease only bounds trust. A copy
 *   whose meaning changes at a known moment without a write (`validFor`) is dropped at that moment.
 */
export class CacheRegistry {
  private readonly gens: Record<Topic, number> = { precios: 0, acceso: 0, clientes: 0, operaciones: 0, usuarios: 0 };
  private leaseUntil = 0;
  private heardFrom = 0;
  private lapseCount = 0;
  /** Set once a listener job runs here: this deployment keeps copies, other processes may hold some. */
  private leased = false;
  private readonly caches = new Map<string, ReadCache<unknown>>();
  private readonly keyedCaches = new Map<string, KeyedReadCache<never, never>>();

  constructor(readonly leaseMs = 400) {}

  /** The cache named `name`, created on first use with its loader (the same loader every time). */
  entry<T>(name: string, topic: Topic, load: (db: Db) => Promise<T>): ReadCache<T> {
    let c = this.caches.get(name) as ReadCache<T> | undefined;
    if (!c) {
      c = new ReadCache<T>(this, topic, load);
      this.caches.set(name, c as ReadCache<unknown>);
    }
    return c;
  }

  /** The keyed cache named `name` (copies by key, bounded), created on first use. */
  keyed<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
    name: string,
    topic: Topic,
    /** The read of a key; without one every `get` gives its own. */
    load: ((db: Db, key: K) => Promise<V | undefined>) | undefined,
    opts: KeyedOptions<V> = {},
  ): KeyedReadCache<K, V> {
    let c = this.keyedCaches.get(name) as unknown as KeyedReadCache<K, V> | undefined;
    if (!c) {
      c = new KeyedReadCache<K, V>(this, topic, load, opts);
      this.keyedCaches.set(name, c as unknown as KeyedReadCache<never, never>);
    }
    return c;
  }

  generation(topic: Topic) {
    return this.gens[topic];
  }

  get isLive() {
    return performance.now() < this.leaseUntil;
  }

  invalidate(topic: Topic) {
    this.gens[topic]++;
  }

  /** A round trip started at `startedAt` (performance.now()) on the listening connection succeeded. */
  /**
   * A listener job runs in this process (set when it starts, before it first connects): from now on
   * access-rights writes wait out the lease, since other processes may be serving copies even while
   * this one cannot listen.
   */
  enableLeases() {
    this.leased = true;
  }

  renew(startedAt: number) {
    this.heardFrom = Math.max(this.heardFrom, startedAt);
    this.leased = true;
    if (this.leaseUntil > 0 && performance.now() >= this.leaseUntil) this.lapseCount++;
    this.leaseUntil = Math.max(this.leaseUntil, startedAt + this.leaseMs);
  }

  /** Every notice of a change committed before this moment (performance.now()) has been handled. */
  get heardAsOf() {
    return this.heardFrom;
  }

  /** How many times the lease ran out or was dropped (for tests and diagnostics). */
  get lapses() {
    return this.lapseCount;
  }

  /** Listening (again): whatever changed while deaf is unknown, so every copy is dropped. */
  resume() {
    for (const t of Object.keys(this.gens) as Topic[]) this.gens[t]++;
    this.renew(performance.now());
  }

  /** Not listening: serve nothing from memory until the next `resume`. */
  suspend() {
    for (const t of Object.keys(this.gens) as Topic[]) this.gens[t]++;
    if (this.leaseUntil > 0) this.lapseCount++;
    this.leaseUntil = 0;
  }

  /**
   * After a committed write to `topic`: drop this process's copies, and for access rights wait out
   * the lease so that no process can still answer from what it had.
   */
  async settle(topic: Topic): Promise<void> {
    this.invalidate(topic);
    if (topic === 'acceso' && this.leased) await new Promise((ok) => setTimeout(ok, this.leaseMs));
  }
}

export class ReadCache<T> {
  private value: { gen: number; data: T } | undefined;
  private pending: { gen: number; promise: Promise<T> } | undefined;

  constructor(
    private readonly registry: CacheRegistry,
    private readonly topic: Topic,
    private readonly load: (db: Db) => Promise<T>,
  ) {}

  get(db: Db): Promise<T> {
    if (!this.registry.isLive || db.isTransaction) return this.load(db);
    const gen = this.registry.generation(this.topic);
    if (this.value?.gen === gen) return Promise.resolve(this.value.data);
    if (this.pending?.gen === gen) return this.pending.promise;
    const promise = this.load(db).then(
      (data) => {
        if (this.registry.isLive && this.registry.generation(this.topic) === gen) this.value = { gen, data };
        if (this.pending?.promise === promise) this.pending = undefined;
        return data;
      },
      (e: unknown) => {
        if (this.pending?.promise === promise) this.pending = undefined;
        throw e;
      },
    );
    this.pending = { gen, promise };
    return promise;
  }
}

export interface KeyedOptions<V> {
  /** How many copies at most (least recently used dropped first); 10 000 unless given. */
  max?: number;
  /**
   * For data whose meaning changes at a known moment without any write (an open transaction reads
   * as expired once its expiry passes): the milliseconds, from the load, until the copy's next such
   * moment. It is then dropped at that moment; 0 or less: not kept. Undefined: only notices drop it.
   */
  validFor?: (data: V) => number | undefined;
}

/**
 * Copies by key (the users of the auth check), bounded; the same rules as ReadCache. A key not
 * found is not kept (a user created later must be seen at once).
 */
export class KeyedReadCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly values: LRUCache<K, { gen: number; data: V }>;
  private readonly validFor?: (data: V) => number | undefined;
  private readonly pending = new Map<K, { gen: number; promise: Promise<V | undefined> }>();

  constructor(
    private readonly registry: CacheRegistry,
    private readonly topic: Topic,
    private readonly load: ((db: Db, key: K) => Promise<V | undefined>) | undefined,
    opts: KeyedOptions<V> = {},
  ) {
    this.values = new LRUCache({ max: opts.max ?? 10_000 });
    this.validFor = opts.validFor;
  }

  private loadOf(key: K) {
    const load = this.load;
    if (!load) throw new Error('KeyedReadCache: sin lectura para esta clave');
    return (db: Db) => load(db, key);
  }

  /**
   * The copy for `key`, or what `read` (by default the cache's loader) reads for it. A caller that
   * holds the key's inputs in a richer form (a page's filters) gives its own `read` of that key.
   */
  async get(db: Db, key: K, read: (db: Db) => Promise<V | undefined> = (d) => this.loadOf(key)(d)): Promise<V | undefined> {
    // Inside a transaction a read may see its own uncommitted writes: never kept, never served.
    if (!this.registry.isLive || db.isTransaction) return read(db);
    const gen = this.registry.generation(this.topic);
    const hit = this.values.get(key);
    if (hit?.gen === gen) return hit.data;
    // Requests for a key already being read (of the same generation) share that read.
    const inFlight = this.pending.get(key);
    if (inFlight?.gen === gen) return inFlight.promise;
    const done = () => {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    };
    const promise = read(db).then(
      (data) => {
        done();
        if (data !== undefined && this.registry.isLive && this.registry.generation(this.topic) === gen) {
          const ttl = this.validFor?.(data);
          // lru-cache drops an entry once its ttl (on the monotonic clock) has passed.
          if (ttl === undefined) this.values.set(key, { gen, data });
          else if (ttl > 0) this.values.set(key, { gen, data }, { ttl });
        }
        return data;
      },
      (e: unknown) => {
        done();
        throw e;
      },
    );
    this.pending.set(key, { gen, promise });
    return promise;
  }

  /** Drops the copy for `key` (its holder found it no longer holds). */
  forget(key: K) {
    this.values.delete(key);
  }
}
