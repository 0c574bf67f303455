import { describe, expect, it } from 'vitest';
import { createJobRegistry, intervalJob } from './jobs';
import { createLogger } from './logger';
import { createPool } from './pool';

const log = createLogger('silent');

describe('background jobs', () => {
  it('stopAll waits for a run in progress, and no run starts after it', async () => {
    let release!: () => void;
    let runs = 0;
    let finished = false;
    const registry = createJobRegistry(log);
    const started = new Promise<void>((ok) => {
      const job = intervalJob('barrido', 5, async () => {
        runs++;
        ok();
        await new Promise<void>((r) => (release = r));
        finished = true;
      }, log);
      registry.register(job);
      registry.startAll();
    });
    await started;
    const stopping = registry.stopAll();
    expect(finished).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    const after = runs;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(after);
  });

  it('a job registered after start starts at once; a failing run is logged, not thrown', async () => {
    const registry = createJobRegistry(log);
    registry.startAll();
    let runs = 0;
    await new Promise<void>((ok) => {
      registry.register(
        intervalJob('falla', 5, async () => {
          runs++;
          if (runs >= 2) ok();
          throw new Error('x');
        }, log),
      );
    });
    await registry.stopAll();
    expect(registry.names).toEqual(['falla']);
    expect(runs).toBeGreaterThanOrEqual(2);
  });
});

describe('createPool', () => {
  it('never runs more than its size at once and runs everything', async () => {
    const pool = createPool(2);
    let now = 0;
    let max = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pool.run(async () => {
          max = Math.max(max, ++now);
          await new Promise((r) => setTimeout(r, 2));
          now--;
          return i;
        }),
      ),
    );
    expect(max).toBe(2);
    expect(results).toEqual([...Array(10).keys()]);
    expect(pool.running).toBe(0);
  });

  it('frees its slot when a task fails', async () => {
    const pool = createPool(1);
    await expect(pool.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(pool.run(async () => 1)).resolves.toBe(1);
  });
});
