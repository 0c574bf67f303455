import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { rateLimited } from './errors';

export interface LimitSpec {
  points: number;
  durationSec: number;
}

export const DEFAULT_RATE_LIMITS = {
  loginPerAccount: { points: 10, durationSec: 15 * 60 },
  loginPerIp: { points: 100, durationSec: 15 * 60 },
  verifyPerAccount: { points: 10, durationSec: 15 * 60 },
  verifyPerIp: { points: 50, durationSec: 15 * 60 },
  registerPerIp: { points: 20, durationSec: 60 * 60 },
  registerPerEmail: { points: 5, durationSec: 60 * 60 },
  resendPerIp: { points: 20, durationSec: 15 * 60 },
  resendPerEmail: { points: 5, durationSec: 15 * 60 },
  resetPerIp: { points: 20, durationSec: 15 * 60 },
  resetPerEmail: { points: 5, durationSec: 15 * 60 },
  /** Failed second-factor codes (sign-in, enrolment, disabling) per account, and every attempt per IP. */
  mfaPerAccount: { points: 5, durationSec: 15 * 60 },
  mfaPerIp: { points: 50, durationSec: 15 * 60 },
  /** Failed terminal sign-ins per Tauser code, and every attempt per IP. */
  terminalPerTauser: { points: 10, durationSec: 15 * 60 },
  terminalPerIp: { points: 20, durationSec: 15 * 60 },
  /** Failed current passwords (change password, turn off the second factor) per account. */
  passwordCheckPerAccount: { points: 5, durationSec: 15 * 60 },
} satisfies Record<string, LimitSpec>;

export type RateLimitConfig = Record<keyof typeof DEFAULT_RATE_LIMITS, LimitSpec>;

export type Limiter = RateLimiterAbstract;
export type Limiters = Record<keyof RateLimitConfig, Limiter>;

export function createLimiters(config: RateLimitConfig, redis?: Redis): Limiters {
  const make = (name: string, spec: LimitSpec): Limiter =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${name}`, points: spec.points, duration: spec.durationSec })
      : new RateLimiterMemory({ keyPrefix: name, points: spec.points, duration: spec.durationSec });
  // The store's key prefix: loginPerAccount → login-account.
  const prefix = (name: string) => name.replace('Per', '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace('--', '-');
  return Object.fromEntries(Object.entries(config).map(([name, spec]) => [name, make(prefix(name), spec)])) as Limiters;
}

/**
 * Spends one point; past the limit answers 429 with the seconds to wait. A limit on failures (a
 * password, a code) spends before the check, so a burst of parallel attempts cannot all pass a count
 * made afterwards; the caller deletes the key on success.
 */
export async function consume(limiter: Limiter, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      throw rateLimited(Math.ceil(e.msBeforeNext / 1000));
    }
    throw e;
  }
}
