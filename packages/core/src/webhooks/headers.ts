import { z } from 'zod';

/** The three Standard Webhooks headers (lower case, as the spec writes them). */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** The symmetric (HMAC-SHA256) signature version; others (v1a, a future v2) are skipped. */
export const WEBHOOK_SIGNATURE_VERSION = 'v1';

/** How far a timestamp may be from now, either way, before a receiver rejects it. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * A message id: the same on every retry of one event (the receiver's idempotency key). The
 * signed content joins id, timestamp and body with dots, so an id may not hold one; it travels
 * in a header, so it is printable ASCII.
 */
export const webhookIdSchema = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\x21-\x2d\x2f-\x7e]+$/, 'A webhook id is printable ASCII without spaces or dots');

export interface SignatureEntry {
  version: string;
  signature: string;
}

/**
 * The entries of a `webhook-signature` header: space-separated `<version>,<signature>`. An entry
 * without a version or a signature is dropped rather than failing the rest, since one header may
 * carry entries of versions a receiver does not know.
 */
export function parseSignatureHeader(header: string): SignatureEntry[] {
  const entries: SignatureEntry[] = [];
  for (const part of header.split(' ')) {
    const comma = part.indexOf(',');
    if (comma <= 0 || comma === part.length - 1) continue;
    entries.push({ version: part.slice(0, comma), signature: part.slice(comma + 1) });
  }
  return entries;
}

export const formatSignatureHeader = (entries: readonly SignatureEntry[]): string =>
  entries.map((e) => `${e.version},${e.signature}`).join(' ');

/** A `webhook-timestamp` header as Unix seconds, or null when it is not a plain integer. */
export function parseWebhookTimestamp(text: string): number | null {
  if (!/^[0-9]{1,12}$/.test(text)) return null;
  return Number(text);
}

/** Whether a timestamp (Unix seconds) is within `toleranceSeconds` of `nowMs`, either way. */
export const timestampWithinTolerance = (
  timestampSeconds: number,
  nowMs: number,
  toleranceSeconds: number = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
): boolean => Math.abs(nowMs / 1000 - timestampSeconds) <= toleranceSeconds;

/** The content a signature covers: the body exactly as sent, after the id and timestamp. */
export const signedContent = (id: string, timestampSeconds: number, body: string): string =>
  `${id}.${timestampSeconds}.${body}`;
