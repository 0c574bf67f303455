import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

/** A hash made by the server as it runs outside the test runner. */
function productionHash(plain: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.VITEST;
  const script = `import('./src/server/modules/auth/passwords.ts').then(async (m) => process.stdout.write(await m.hashPassword(${JSON.stringify(plain)})))`;
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { env, encoding: 'utf8' });
}

describe('password hashes', () => {
  it('outside the test runner are argon2id at the full cost (64 MiB, 3 passes), and verify under it', async () => {
    const hash = productionHash('clave');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(await verifyPassword(hash, 'clave')).toBe(true);
    expect(await verifyPassword(hash, 'otra')).toBe(false);
  });

  it('under the test runner are argon2id at the smallest cost', async () => {
    const hash = await hashPassword('clave');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'clave')).toBe(true);
  });
});
