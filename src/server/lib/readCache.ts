import type { Db } from '../db';

/**
 * Process-local copies of data every visitor reads and staff rarely change (the public rates, the
 * pricing catalogue of the simulator). Correctness rules:
 *
 * - A copy is served only while the registry is `live`: while this process listens for the
 *   database's change notices (lib/priceNotices.ts). Without a listener (tests, a lost connection)
 *   every read goes to the database.
 * - Any notice, or a write through this process (`invalidateAll` after a successful mutation),
 *   bumps the generation: copies of older generations are never served again.
 * - A load that started before a bump is answered to its callers but not kept, so a read that
 *   raced a change cannot install the old data.
 * - Never expired by a timer: the notices are the invalidation.
 */
export class CacheRegistry {
  private gen = 0;
  private live = false;
  private readonly caches = new Map<string, ReadCache<unknown>>();

  /** The cache named `name`, created on first use with its loader (the same loader every time). */
  entry<T>(name: string, load: (db: Db) => Promise<T>): ReadCache<T> {
    let c = this.caches.get(name) as ReadCache<T> | undefined;
    if (!c) {
      c = new ReadCache<T>(this, load);
      this.caches.set(name, c as ReadCache<unknown>);
    }
    return c;
  }

  get generation() {
    return this.gen;
  }

  get isLive() {
    return this.live;
  }

  invalidateAll() {
    this.gen++;
  }

  /** Listening again: whatever changed while deaf is unknown, so every copy is dropped. */
  resume() {
    this.gen++;
    this.live = true;
  }

  /** Not listening: serve nothing from memory until `resume`. */
  suspend() {
    this.gen++;
    this.live = false;
  }
}

export class ReadCache<T> {
  private value: { gen: number; data: T } | undefined;
  private pending: { gen: number; promise: Promise<T> } | undefined;

  constructor(
    private readonly registry: CacheRegistry,
    private readonly load: (db: Db) => Promise<T>,
  ) {}

  get(db: Db): Promise<T> {
    const gen = this.registry.generation;
    if (!this.registry.isLive) return this.load(db);
    if (this.value?.gen === gen) return Promise.resolve(this.value.data);
    if (this.pending?.gen === gen) return this.pending.promise;
    const promise = this.load(db).then(
      (data) => {
        if (this.registry.isLive && this.registry.generation === gen) this.value = { gen, data };
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
