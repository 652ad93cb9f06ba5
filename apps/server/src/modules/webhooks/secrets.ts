import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX, webhookSecretSchema } from '@leadloom/core';

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes. Shown to the user once. */
export const generateWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

/**
 * A new message id (`msg_` and 128 random bits in base64url, no dot): store it with the event
 * and send the same id on every retry, so the receiver can drop a duplicate.
 */
export const newWebhookMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/** The HMAC key of a secret: the decoded bytes after `whsec_`, never the text itself. */
export function webhookSecretKey(secret: string): Buffer {
  const checked = webhookSecretSchema.safeParse(secret);
  if (!checked.success)
    throw new Error('Not a webhook secret (whsec_ and 24 to 64 bytes in base64)');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}
