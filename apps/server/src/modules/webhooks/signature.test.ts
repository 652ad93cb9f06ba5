import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookIdSchema, webhookSecretKeyLength, webhookSecretSchema } from '@leadloom/core';
import { generateWebhookSecret, newWebhookMessageId } from './secrets';
import { signWebhook, verifyWebhook } from './signature';

// The reference library's own test vector (shared/integrations/standard-webhooks.md).
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const vectorNow = vector.timestamp * 1000;

describe('signWebhook', () => {
  it("reproduces the spec's test vector", () => {
    expect(signWebhook(vector, [vector.secret])).toEqual({
      'webhook-id': vector.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': vector.signature,
    });
  });

  it('signs what the official Standard Webhooks library signs, for random secrets and bodies', () => {
    for (let i = 0; i < 50; i++) {
      const secret = generateWebhookSecret();
      const message = {
        id: newWebhookMessageId(),
        timestamp: 1_700_000_000 + i * 7919,
        body: JSON.stringify({ type: 'contact.updated', i, text: 'é ✓ "quoted" \n' + i }),
      };
      const theirs = new Webhook(secret).sign(
        message.id,
        new Date(message.timestamp * 1000),
        message.body,
      );
      expect(signWebhook(message, [secret])['webhook-signature']).toBe(theirs);
    }
  });

  it('puts one v1 entry per secret, space-separated, current first', () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    const header = signWebhook(vector, [a, b])['webhook-signature'];
    const [first, second] = header.split(' ');
    expect(first).toBe(signWebhook(vector, [a])['webhook-signature']);
    expect(second).toBe(signWebhook(vector, [b])['webhook-signature']);
  });

  it('refuses an id with a dot, no secret, or a secret that is not whsec_', () => {
    expect(() => signWebhook({ ...vector, id: 'msg.1' }, [vector.secret])).toThrow();
    expect(() => signWebhook(vector, [])).toThrow();
    expect(() => signWebhook(vector, ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'])).toThrow();
  });
});

describe('verifyWebhook', () => {
  const headers = signWebhook(vector, [vector.secret]);

  it('accepts the test vector at its time and a header the official library made', () => {
    expect(verifyWebhook(headers, vector.body, vector.secret, vectorNow)).toEqual({
      ok: true,
      id: vector.id,
      timestamp: vector.timestamp,
    });
    const secret = generateWebhookSecret();
    const now = Date.now();
    const theirs = new Webhook(secret).sign('msg_x', new Date(now), '{"a":1}');
    const result = verifyWebhook(
      {
        'Webhook-Id': 'msg_x',
        'Webhook-Timestamp': String(Math.floor(now / 1000)),
        'Webhook-Signature': `v1a,c29tZQ== ${theirs}`,
      },
      '{"a":1}',
      secret,
      now,
    );
    expect(result.ok).toBe(true);
  });

  it('rejects a timestamp beyond the tolerance in either direction', () => {
    const at = (offsetSeconds: number) =>
      verifyWebhook(headers, vector.body, vector.secret, vectorNow + offsetSeconds * 1000);
    expect(at(300).ok).toBe(true);
    expect(at(-300).ok).toBe(true);
    expect(at(301)).toEqual({ ok: false, reason: 'stale' });
    expect(at(-301)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhook(headers, vector.body, vector.secret, vectorNow + 11_000, 10)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('rejects another body, another secret, a missing header and a v2 entry with the right bytes', () => {
    expect(verifyWebhook(headers, '{"test": 2432232315}', vector.secret, vectorNow)).toEqual({
      ok: false,
      reason: 'no-match',
    });
    expect(verifyWebhook(headers, vector.body, generateWebhookSecret(), vectorNow)).toEqual({
      ok: false,
      reason: 'no-match',
    });
    const { 'webhook-signature': _, ...unsigned } = headers;
    expect(verifyWebhook(unsigned, vector.body, vector.secret, vectorNow)).toEqual({
      ok: false,
      reason: 'missing-header',
    });
    const v2 = { ...headers, 'webhook-signature': vector.signature.replace('v1,', 'v2,') };
    expect(verifyWebhook(v2, vector.body, vector.secret, vectorNow)).toEqual({
      ok: false,
      reason: 'no-match',
    });
    expect(
      verifyWebhook(
        { ...headers, 'webhook-timestamp': '16142653.3' },
        vector.body,
        vector.secret,
        vectorNow,
      ),
    ).toEqual({ ok: false, reason: 'bad-timestamp' });
  });

  it('accepts a rotation header with either secret', () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    const both = signWebhook(vector, [a, b]);
    expect(verifyWebhook(both, vector.body, a, vectorNow).ok).toBe(true);
    expect(verifyWebhook(both, vector.body, b, vectorNow).ok).toBe(true);
    expect(verifyWebhook(both, vector.body, generateWebhookSecret(), vectorNow).ok).toBe(false);
  });
});

describe('secrets and ids', () => {
  it('generates distinct whsec_ secrets of 32 bytes that the official library takes', () => {
    const secrets = new Set(Array.from({ length: 100 }, generateWebhookSecret));
    expect(secrets.size).toBe(100);
    for (const s of secrets) {
      expect(webhookSecretSchema.safeParse(s).success).toBe(true);
      expect(webhookSecretKeyLength(s)).toBe(32);
    }
    const s = [...secrets][0]!;
    const signed = new Webhook(s).sign('msg_1', new Date(), 'x');
    expect(signed).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('makes distinct message ids a receiver can use as keys', () => {
    const ids = new Set(Array.from({ length: 1000 }, newWebhookMessageId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(webhookIdSchema.safeParse(id).success).toBe(true);
  });
});
