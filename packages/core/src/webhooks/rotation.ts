import { z } from 'zod';
import { webhookSecretSchema } from './secret';

/**
 * A webhook endpoint's secrets. Rotating keeps the old secret for a grace period and every
 * delivery in it is signed with both, so a receiver can switch to the new secret at any moment
 * of the period without rejecting a delivery. Only one previous secret is kept: rotating again
 * inside the period ends the older one's grace at once.
 */
export const webhookSecretsSchema = z.object({
  current: webhookSecretSchema,
  previous: z
    .object({
      secret: webhookSecretSchema,
      /** Ms since the epoch (app clock) from which the previous secret no longer signs. */
      until: z.number().int(),
    })
    .optional(),
});
export type WebhookSecrets = z.infer<typeof webhookSecretsSchema>;

/** How long a replaced secret keeps signing unless the caller says otherwise. */
export const DEFAULT_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export function rotateWebhookSecrets(
  secrets: WebhookSecrets,
  next: string,
  now: number,
  graceMs: number = DEFAULT_ROTATION_GRACE_MS,
): WebhookSecrets {
  return { current: next, previous: { secret: secrets.current, until: now + graceMs } };
}

/** The secrets a delivery at `now` is signed with: the current one, then the previous in grace. */
export function signingSecrets(secrets: WebhookSecrets, now: number): string[] {
  const { current, previous } = secrets;
  return previous && now < previous.until && previous.secret !== current
    ? [current, previous.secret]
    : [current];
}
