import { z } from 'zod';

/**
 * Standard Webhooks secrets: `whsec_` followed by the base64 of 24 to 64 random bytes. The HMAC
 * key is the decoded bytes, not the string; padding may be left off (the reference libraries
 * accept both).
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_MIN_BYTES = 24;
export const WEBHOOK_SECRET_MAX_BYTES = 64;
/** What we generate: 256 bits, the middle of the allowed range. */
export const WEBHOOK_SECRET_BYTES = 32;

/** The number of bytes a base64 text decodes to, or null when it is not standard base64. */
export function base64ByteLength(text: string): number | null {
  const m = /^([A-Za-z0-9+/]*)(={0,2})$/.exec(text);
  if (!m) return null;
  const body = m[1] ?? '';
  const pad = (m[2] ?? '').length;
  if (pad > 0 && (body.length + pad) % 4 !== 0) return null;
  if (body.length % 4 === 1) return null;
  return Math.floor((body.length * 6) / 8);
}

/** The byte length of a secret's key, or null when the text is not a `whsec_` secret. */
export function webhookSecretKeyLength(secret: string): number | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return null;
  return base64ByteLength(secret.slice(WEBHOOK_SECRET_PREFIX.length));
}

export const webhookSecretSchema = z.string().refine(
  (s) => {
    const n = webhookSecretKeyLength(s);
    return n !== null && n >= WEBHOOK_SECRET_MIN_BYTES && n <= WEBHOOK_SECRET_MAX_BYTES;
  },
  {
    message: `A webhook secret is "${WEBHOOK_SECRET_PREFIX}" followed by ${WEBHOOK_SECRET_MIN_BYTES} to ${WEBHOOK_SECRET_MAX_BYTES} bytes in base64`,
  },
);
