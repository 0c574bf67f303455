import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** A public MapLibre style that needs no key (OpenFreeMap); `offline` uses the style shipped with the app. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** An IANA zone name the runtime knows (PostgreSQL reads the same database of zones). */
function esZonaIana(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
}

const duration = z.string().regex(/^\d+[smhd]$/, 'use a duration such as 15m, 12h or 7d');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  MFA_ENCRYPTION_KEY: z.string().min(32, 'MFA_ENCRYPTION_KEY must have at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: duration.default('15m'),
  REFRESH_TOKEN_TTL: duration.default('7d'),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  ADMIN_EMAIL: z.email().default('admin@cambio.local'),
  SEED_DEMO: bool.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Cambio <no-reply@cambio.local>'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  TZ_BUSINESS: z.string().refine(esZonaIana, 'must be an IANA time zone such as America/Asuncion').default('America/Asuncion'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  SHUTDOWN_GRACE: duration.default('10s'),
  EXPIRY_SWEEP: duration.default('1m'),
  MAP_STYLE_URL: z
    .union([z.literal('offline'), z.url({ protocol: /^https?$/, error: 'must be offline or an http(s) URL of a MapLibre style' })])
    .default(DEFAULT_MAP_STYLE_URL),
});

const DURATION_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const toMs = (d: string) => Number(d.slice(0, -1)) * DURATION_MS[d.slice(-1) as keyof typeof DURATION_MS];

/** TRUST_PROXY: true/false, a number of hops, or names/addresses/subnets as Express takes them. */
function trustProxy(v: string): boolean | number | string {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** Reads and validates the environment; a wrong value throws with a readable list of problems. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set');
  }
  const jwtSecret = e.JWT_SECRET ?? persistentSecret(dataDir);
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret,
    /** The key material the TOTP secrets are encrypted with. */
    mfaKey: e.MFA_ENCRYPTION_KEY ?? jwtSecret,
    accessTtl: e.ACCESS_TOKEN_TTL,
    refreshTtl: e.REFRESH_TOKEN_TTL,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    tzBusiness: e.TZ_BUSINESS,
    logLevel: e.LOG_LEVEL,
    /** Express `trust proxy`: who may set X-Forwarded-For/-Proto (client IP for limits, HTTPS for HSTS). */
    trustProxy: trustProxy(e.TRUST_PROXY),
    /** How long SIGTERM waits for requests in flight before closing anyway. */
    shutdownGraceMs: toMs(e.SHUTDOWN_GRACE),
    /** How often each process marks overdue transactions expirada (reads present them so regardless). */
    expirySweepMs: toMs(e.EXPIRY_SWEEP),
    /** The terminal maps' style: an http(s) style URL, or `offline` for the app's own style. */
    mapStyleUrl: e.MAP_STYLE_URL,
  };
}

export type Env = ReturnType<typeof loadEnv>;

/** The embedded mode keeps its signing key in DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
