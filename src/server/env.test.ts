import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const base = { JWT_SECRET: 'env-test-secret-env-test-secret-env-test-0123', DATA_DIR: '/tmp/cambio-env-test' };

describe('loadEnv', () => {
  it('takes an IANA time zone for the business day and refuses an unknown one at start', () => {
    expect(loadEnv(base).tzBusiness).toBe('America/Asuncion');
    expect(loadEnv({ ...base, TZ_BUSINESS: 'America/Sao_Paulo' }).tzBusiness).toBe('America/Sao_Paulo');
    expect(() => loadEnv({ ...base, TZ_BUSINESS: 'Asuncion/Paraguay' })).toThrow(/TZ_BUSINESS: must be an IANA time zone/);
  });
});
