import { describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { openSecret, sealSecret } from './mfaSecrets';
import { hashRecovery, looksLikeRecovery, newRecoveryCodes, newTotpSecret, totpStep } from './totp';

const KEY = 'k'.repeat(40);

describe('sealed TOTP secrets (AES-256-GCM)', () => {
  it('opens with the same key and user, never shows the secret, differs on every seal', () => {
    const secret = newTotpSecret();
    const a = sealSecret(KEY, 7, secret);
    const b = sealSecret(KEY, 7, secret);
    expect(a).not.toContain(secret);
    expect(a).not.toBe(b);
    expect(openSecret(KEY, 7, a)).toBe(secret);
  });

  it('refuses another key, another user and an altered value', () => {
    const sealed = sealSecret(KEY, 7, newTotpSecret());
    expect(openSecret('x'.repeat(40), 7, sealed)).toBeNull();
    expect(openSecret(KEY, 8, sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = data.slice(0, -2) + (data.endsWith('AA') ? 'BB' : 'AA');
    expect(openSecret(KEY, 7, [v, iv, tag, flipped].join('.'))).toBeNull();
    expect(openSecret(KEY, 7, 'basura')).toBeNull();
  });
});

describe('TOTP steps and recovery codes', () => {
  it('a current code gives its step; a step at or before the last accepted is refused', async () => {
    const secret = newTotpSecret();
    const code = generateSync({ secret });
    const step = await totpStep(secret, code, null);
    expect(Math.abs(step! - Math.floor(Date.now() / 30_000))).toBeLessThanOrEqual(1);
    expect(await totpStep(secret, code, step)).toBeNull();
    expect(await totpStep(secret, 'abcdef', null)).toBeNull();
    expect(await totpStep(secret, generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 120 }), null)).toBeNull();
  });

  it('ten distinct recovery codes; typed in any case, with or without the hyphen, they hash alike', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const c = codes[0];
    expect(looksLikeRecovery(c.toUpperCase().replace('-', ' '))).toBe(true);
    expect(hashRecovery(KEY, 1, c)).toBe(hashRecovery(KEY, 1, c.toUpperCase().replace('-', '')));
    expect(hashRecovery(KEY, 1, c)).not.toBe(hashRecovery(KEY, 2, c));
    expect(looksLikeRecovery('123456')).toBe(false);
  });
});
