import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Env } from './env';
import { createMailer, type Mailer } from './mail/mailer';
import { createLimiters, DEFAULT_RATE_LIMITS, type Limiters, type RateLimitConfig } from './lib/rateLimit';

export interface Services {
  mailer: Mailer;
  limiters: Limiters;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  mailer?: Mailer;
  rateLimits?: Partial<RateLimitConfig>;
}

export function createServices(env: Env, overrides: ServiceOverrides = {}): Services {
  const redis = env.redisUrl ? new Redis(env.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const mailer =
    overrides.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, outboxDir: join(env.dataDir, 'outbox') });
  return {
    mailer,
    limiters: createLimiters({ ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits }, redis),
    async close() {
      await redis?.quit();
    },
  };
}
