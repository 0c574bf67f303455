import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hashCode = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');

export function codeMatches(secret: string, userId: number, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(secret, userId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const verificationMail = (firstName: string, code: string) => ({
  subject: 'Tu código de verificación',
  text: `Hola ${firstName}:\n\nTu código de verificación es ${code}.\nVence en 10 minutos.\n\nSi no creaste una cuenta, ignorá este correo.`,
});

export const resetMail = (firstName: string, code: string) => ({
  subject: 'Restablecer tu contraseña',
  text: `Hola ${firstName}:\n\nTu código para restablecer la contraseña es ${code}.\nVence en 10 minutos.\n\nSi no lo pediste, ignorá este correo: tu contraseña no cambió.`,
});
