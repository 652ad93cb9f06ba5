import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROTATION_GRACE_MS,
  rotateWebhookSecrets,
  signingSecrets,
  webhookSecretsSchema,
} from './rotation';
import { base64ByteLength, webhookSecretKeyLength, webhookSecretSchema } from './secret';

const b64 = (n: number) => 'A'.repeat(Math.ceil(n / 3) * 4);

describe('webhook secrets', () => {
  it("accepts the spec's example and keys of 24 to 64 bytes, with or without padding", () => {
    expect(webhookSecretSchema.safeParse('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').success).toBe(
      true,
    );
    expect(webhookSecretKeyLength('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(24);
    expect(webhookSecretSchema.safeParse(`whsec_${b64(24)}`).success).toBe(true);
    expect(webhookSecretSchema.safeParse(`whsec_${b64(63)}`).success).toBe(true);
    // 32 bytes: 43 characters and one "=", or the 43 alone.
    const padded = `${'A'.repeat(43)}=`;
    expect(base64ByteLength(padded)).toBe(32);
    expect(base64ByteLength(padded.slice(0, -1))).toBe(32);
    expect(webhookSecretSchema.safeParse(`whsec_${padded}`).success).toBe(true);
  });

  it('refuses a short or long key, another prefix or text that is not base64', () => {
    expect(webhookSecretSchema.safeParse(`whsec_${b64(21)}`).success).toBe(false);
    expect(webhookSecretSchema.safeParse(`whsec_${b64(66)}`).success).toBe(false);
    expect(webhookSecretSchema.safeParse(`whsk_${b64(32)}`).success).toBe(false);
    expect(webhookSecretSchema.safeParse(`${b64(32)}`).success).toBe(false);
    expect(webhookSecretSchema.safeParse(`whsec_${'A'.repeat(40)}-_`).success).toBe(false);
    expect(base64ByteLength('AAAAA')).toBeNull();
    expect(base64ByteLength('AA=')).toBeNull();
  });
});

describe('rotation', () => {
  const a = `whsec_${'A'.repeat(43)}=`;
  const b = `whsec_${'B'.repeat(43)}=`;
  const c = `whsec_${'C'.repeat(43)}=`;
  const now = 1_800_000_000_000;

  it('signs with the new and the old secret during the grace period, then with the new one only', () => {
    const rotated = rotateWebhookSecrets({ current: a }, b, now);
    expect(webhookSecretsSchema.parse(rotated)).toEqual(rotated);
    expect(signingSecrets(rotated, now)).toEqual([b, a]);
    expect(signingSecrets(rotated, now + DEFAULT_ROTATION_GRACE_MS - 1)).toEqual([b, a]);
    expect(signingSecrets(rotated, now + DEFAULT_ROTATION_GRACE_MS)).toEqual([b]);
  });

  it('keeps one previous secret: rotating again ends the older grace at once', () => {
    const twice = rotateWebhookSecrets(
      rotateWebhookSecrets({ current: a }, b, now),
      c,
      now + 1000,
      60_000,
    );
    expect(signingSecrets(twice, now + 1000)).toEqual([c, b]);
    expect(signingSecrets(twice, now + 61_000)).toEqual([c]);
  });

  it('a secret without a previous one signs alone', () => {
    expect(signingSecrets({ current: a }, now)).toEqual([a]);
  });
});
