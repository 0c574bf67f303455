import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: AES-256-GCM (node:crypto) with a key derived by HKDF-SHA256 from the
 * configured key material (MFA_ENCRYPTION_KEY, else JWT_SECRET). Stored as `v1.<iv>.<tag>.<data>`
 * (base64url); the user id is the additional data, so a secret copied to another row does not decrypt.
 */
const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyOf(material: string): Buffer {
  let key = keys.get(material);
  if (!key) keys.set(material, (key = Buffer.from(hkdfSync('sha256', material, 'cambio-mfa', 'totp-secret-v1', 32))));
  return key;
}

export function sealSecret(material: string, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(material), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret, or null when the stored value cannot be opened with this key (changed key, altered row). */
export function openSecret(material: string, userId: number, sealed: string): string | null {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(material), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
