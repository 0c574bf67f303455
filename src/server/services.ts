import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Env } from './env';
import { createMailer, type Mailer } from './mail/mailer';
import { createLimiters, DEFAULT_RATE_LIMITS, type Limiters, type RateLimitConfig } from './lib/rateLimit';
import { createLogger, type Logger } from './lib/logger';
import { createJobRegistry, type JobRegistry } from './lib/jobs';
import { KeptPrices } from './lib/keptPrices';
import { createTasasEnVivo, type TasasEnVivo } from './modules/cotizaciones/enVivo';

export interface Services {
  mailer: Mailer;
  limiters: Limiters;
  log: Logger;
  /** Background jobs: register here; the server starts them and stops them on shutdown. */
  jobs: JobRegistry;
  /** The kept public rates and pricing catalogue, served while the price notices job listens. */
  prices: KeptPrices;
  /** Open Server-Sent Events streams of the rates (modules/cotizaciones/enVivo.ts), fed by the price notices. */
  tasasEnVivo: TasasEnVivo;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  mailer?: Mailer;
  rateLimits?: Partial<RateLimitConfig>;
  log?: Logger;
}

export function createServices(env: Env, overrides: ServiceOverrides = {}): Services {
  const redis = env.redisUrl ? new Redis(env.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const log = overrides.log ?? createLogger(env.logLevel);
  const mailer =
    overrides.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, outboxDir: join(env.dataDir, 'outbox'), log: (line) => log.info(line) });
  const jobs = createJobRegistry(log);
  return {
    mailer,
    limiters: createLimiters({ ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits }, redis),
    log,
    jobs,
    prices: new KeptPrices(),
    tasasEnVivo: createTasasEnVivo(),
    async close() {
      await jobs.stopAll();
      await redis?.quit();
    },
  };
}
