import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * The staff second factor (docs/decisions.md §8): RFC 6238 codes, 6 digits, 30-second steps, one step of
 * clock drift either way. The shared secret is stored encrypted (AES-256-GCM, key derived from
 * SESSION_SECRET with HKDF), bound to its staff row, so a copy of the table alone mints no codes.
 */

const PERIOD_S = 30;
/** ±1 step: otplib's tolerance is in seconds. */
const TOLERANCE_S = PERIOD_S;
export const TOTP_ISSUER = 'Wise back office';

const FORMAT = 'v1';
const keyCache = new Map<string, Buffer>();

function keyFor(sessionSecret: string): Buffer {
  let key = keyCache.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'wise.staff', 'staff-totp-secret-v1', 32));
    keyCache.set(sessionSecret, key);
  }
  return key;
}

export const newTotpSecret = (): string => generateSecret();

/** `v1.<iv>.<ciphertext>.<tag>` (base64url); the staff id is the associated data. */
export function encryptTotpSecret(sessionSecret: string, staffId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret), iv);
  cipher.setAAD(Buffer.from(staffId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The plain secret, or undefined when the stored value is not ours (another key, another row, tampered). */
export function decryptTotpSecret(sessionSecret: string, staffId: string, stored: string): string | undefined {
  const [format, iv, body, tag] = stored.split('.');
  if (format !== FORMAT || !iv || !body || !tag) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(staffId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The time step a code belongs to when it is valid at `now` (±1 step), else undefined. With
 * `afterStep`, a step at or before it is refused: a login code is never accepted twice.
 */
export function matchTotp(secret: string, code: string, now: Date, afterStep?: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_S,
    epochTolerance: TOLERANCE_S,
    ...(afterStep === null || afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  });
  // The union also covers HOTP's result, which has no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The code an authenticator app shows at `now` (tests, and nothing else, need this). */
export const totpAt = (secret: string, now: Date): string =>
  generateSync({ secret, epoch: Math.floor(now.getTime() / 1000), period: PERIOD_S });

export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: PERIOD_S });

/**
 * The QR code as SVG markup, so the browser needs no QR library. The QR library (≈ 10 MB resident)
 * loads when a staff member first enrols, not in every customer-facing process at start (docs/PERFORMANCE.md).
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
