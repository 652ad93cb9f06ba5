import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  formatSignatureHeader,
  parseSignatureHeader,
  parseWebhookTimestamp,
  signedContent,
  timestampWithinTolerance,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_VERSION,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookIdSchema,
} from '@leadloom/core';
import { webhookSecretKey } from './secrets';

export interface WebhookMessage {
  /** The message id, the same on every retry of one event. */
  id: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  /** The body exactly as it is sent. */
  body: string;
}

// A type, not an interface: it must fit the plain header records `verifyWebhook` takes.
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

const hmac = (secret: string, content: string): Buffer =>
  createHmac('sha256', webhookSecretKey(secret)).update(content, 'utf8').digest();

/**
 * The Standard Webhooks headers of a message, signed with each of `secrets` (the current secret
 * and, during a rotation's grace period, the previous one: core's `signingSecrets`).
 */
export function signWebhook(message: WebhookMessage, secrets: readonly string[]): WebhookHeaders {
  if (secrets.length === 0) throw new Error('A webhook is signed with at least one secret');
  webhookIdSchema.parse(message.id);
  if (!Number.isSafeInteger(message.timestamp) || message.timestamp < 0) {
    throw new Error('A webhook timestamp is whole Unix seconds');
  }
  const content = signedContent(message.id, message.timestamp, message.body);
  return {
    [WEBHOOK_ID_HEADER]: message.id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(message.timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: formatSignatureHeader(
      secrets.map((s) => ({
        version: WEBHOOK_SIGNATURE_VERSION,
        signature: hmac(s, content).toString('base64'),
      })),
    ),
  } as WebhookHeaders;
}

export type VerifyFailure = 'missing-header' | 'bad-timestamp' | 'stale' | 'no-match';
export type VerifyResult =
  { ok: true; id: string; timestamp: number } | { ok: false; reason: VerifyFailure };

/** A header by its lower-case name, from a plain object or a Fetch `Headers`. */
function header(headers: Headers | Record<string, string | string[] | undefined>, name: string) {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(' ') : value;
}

/**
 * Checks a received webhook: all three headers present, the timestamp within `toleranceSeconds`
 * of `nowMs` in either direction (a replay of an old delivery fails), and any `v1` entry of the
 * signature header equal to the body's HMAC under `secret` (compared in constant time). Entries
 * of other versions are skipped.
 */
export function verifyWebhook(
  headers: Headers | Record<string, string | string[] | undefined>,
  body: string,
  secret: string,
  nowMs: number,
  toleranceSeconds: number = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
): VerifyResult {
  const id = header(headers, WEBHOOK_ID_HEADER);
  const ts = header(headers, WEBHOOK_TIMESTAMP_HEADER);
  const sig = header(headers, WEBHOOK_SIGNATURE_HEADER);
  if (!id || !ts || !sig) return { ok: false, reason: 'missing-header' };
  const timestamp = parseWebhookTimestamp(ts);
  if (timestamp === null) return { ok: false, reason: 'bad-timestamp' };
  if (!timestampWithinTolerance(timestamp, nowMs, toleranceSeconds)) {
    return { ok: false, reason: 'stale' };
  }
  const expected = hmac(secret, signedContent(id, timestamp, body));
  for (const entry of parseSignatureHeader(sig)) {
    if (entry.version !== WEBHOOK_SIGNATURE_VERSION) continue;
    const given = Buffer.from(entry.signature, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      return { ok: true, id, timestamp };
    }
  }
  return { ok: false, reason: 'no-match' };
}
