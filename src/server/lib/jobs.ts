import type { Logger } from './logger';

/** A background job (a periodic sweeper…): started with the server, stopped before the pool closes. */
export interface Job {
  name: string;
  start(): void;
  /** Resolves when the job has stopped and no run of it is still under way. */
  stop(): Promise<void>;
}

export interface JobRegistry {
  register(job: Job): void;
  startAll(): void;
  stopAll(): Promise<void>;
  readonly names: string[];
}

export function createJobRegistry(log: Logger): JobRegistry {
  const jobs: Job[] = [];
  let started = false;
  return {
    register(job) {
      jobs.push(job);
      if (started) job.start();
    },
    startAll() {
      started = true;
      for (const j of jobs) j.start();
    },
    async stopAll() {
      started = false;
      await Promise.all(
        jobs.map(async (j) => {
          try {
            await j.stop();
          } catch (e) {
            log.error({ job: j.name, err: (e as Error).message }, 'no se pudo detener la tarea');
          }
        }),
      );
    },
    get names() {
      return jobs.map((j) => j.name);
    },
  };
}

/**
 * A job that runs `task` when it starts and then every `intervalMs` (never two runs at once); stop
 * waits for a run in progress. The transaction expiry sweeper is built with it.
 */
export function intervalJob(name: string, intervalMs: number, task: () => Promise<void>, log: Logger): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = task()
      .catch((e) => log.error({ job: name, err: (e as Error).message }, 'falló una tarea en segundo plano'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name,
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
