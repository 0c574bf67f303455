import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD = 30;
/** One step either side of now, for clocks a little off. */
const TOLERANCE_SEC = TOTP_PERIOD;
export const ISSUER = 'Cambio';

export const newTotpSecret = () => generateSecret();

export async function enrolmentOf(secret: string, account: string) {
  const otpauth_url = generateURI({ issuer: ISSUER, label: account, secret });
  const qr_svg = await QRCode.toString(otpauth_url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url, qr_svg };
}

/**
 * The time step a valid code belongs to, or null. Steps at or before `afterStep` (the last one
 * accepted for the user) are refused: a code is accepted once.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  // Every step of the window is at or before the last accepted one (a clock set back): no code can pass,
  // and otplib throws rather than answer so.
  if (afterStep !== null && afterStep >= Math.floor(Date.now() / 1000 / TOTP_PERIOD) + 1) return null;
  const r = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SEC,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  if (!r.valid) return null;
  return 'timeStep' in r && typeof r.timeStep === 'number' ? r.timeStep : null;
}

// ---- recovery codes ----

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODES = 10;

/** `xxxxx-xxxxx` from an alphabet without look-alikes (~49 bits each). */
export function newRecoveryCodes(n = RECOVERY_CODES): string[] {
  return Array.from({ length: n }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a person may type for a recovery code: any case, with or without the hyphen and spaces. */
export const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const looksLikeRecovery = (code: string) => /^[a-z0-9]{10}$/.test(normalizeRecovery(code));

export const hashRecovery = (key: string, userId: number, code: string) =>
  createHmac('sha256', key).update(`mfa-recovery:${userId}:${normalizeRecovery(code)}`).digest('hex');

