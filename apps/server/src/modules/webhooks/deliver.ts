/**
 * The one way the server POSTs a webhook: a signed Standard Webhooks request to a URL a team
 * member typed, so guarded against server-side request forgery.
 *
 * - http and https only; a URL with a user name or password is refused.
 * - Every address the request would connect to is checked when the socket connects (a custom
 *   `lookup`, address-guard.ts), and an IP literal before: loopback, private, shared (CGNAT),
 *   link-local (the cloud metadata service), unspecified, multicast, broadcast, reserved and
 *   their IPv6 and IPv4-mapped forms are refused (core's `classifyIpAddress`).
 * - Redirects are not followed: a 3xx is the answer (the receiver's owner fixes the URL).
 * - One deadline covers resolving, connecting, the answer and its body (real time, not the app
 *   clock: it bounds a socket); the answer's body is kept up to a cap and the rest is not read.
 *
 * Local development: WEBHOOK_ALLOW_PRIVATE_ADDRESSES=1 (config.webhookAllowPrivateAddresses)
 * lets callers pass `allowPrivateAddresses: true`, which opens loopback and private networks
 * (never link-local), for a receiver on the developer's machine.
 */
import http from 'node:http';
import https from 'node:https';
import {
  RefusedAddressError,
  guardedLookup,
  parseWebhookUrl,
  refusedLiteral,
  systemResolver,
  type Resolver,
} from './address-guard';
import { signWebhook } from './signature';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024;
/** Receivers expect small payloads (the spec suggests under ~20 KB); this refuses a runaway one. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 256 * 1024;

export interface DeliverOptions {
  /** The message id: the same on every retry of one event (core's `webhookIdSchema`). */
  id: string;
  /** The app clock (ms): `webhook-timestamp` is this attempt's time by it. */
  now: () => number;
  timeoutMs?: number;
  maxAnswerBytes?: number;
  maxPayloadBytes?: number;
  /** Loopback and private networks: tests, and config.webhookAllowPrivateAddresses. */
  allowPrivateAddresses?: boolean;
  /** Host name resolution; the system's unless a test injects one. */
  resolve?: Resolver;
}

/** The receiver answered (any status: 2xx is success, the caller classifies the rest). */
export interface WebhookAnswer {
  answered: true;
  status: number;
  /** The answer's body as text, at most `maxAnswerBytes` of it. */
  body: string;
  bodyTruncated: boolean;
  /** For a 429 or 503: when to try again, as the receiver wrote it. */
  retryAfter: string | undefined;
  /** For a 3xx: where the receiver pointed (not followed). */
  location: string | undefined;
  durationMs: number;
}

export type WebhookFailureKind =
  'invalid-url' | 'refused-address' | 'too-large' | 'timeout' | 'network';

/** No answer: nothing was sent (invalid-url, refused-address, too-large) or it broke off. */
export interface WebhookFailure {
  answered: false;
  failure: WebhookFailureKind;
  message: string;
  durationMs: number;
}

export type WebhookDelivery = WebhookAnswer | WebhookFailure;

/**
 * POSTs `payload` as JSON to `url`, signed with each of `secrets` (core's `signingSecrets`).
 * Never throws for anything the URL, the network or the receiver does; throws only for a bad
 * id or secret, which is the caller's bug.
 */
export async function deliverWebhook(
  url: string,
  payload: unknown,
  secrets: readonly string[],
  options: DeliverOptions,
): Promise<WebhookDelivery> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (failure: WebhookFailureKind, message: string): WebhookFailure => ({
    answered: false,
    failure,
    message,
    durationMs: elapsed(),
  });

  const body = JSON.stringify(payload);
  if (body === undefined) throw new Error('A webhook payload is a JSON value');
  const headers = signWebhook(
    { id: options.id, timestamp: Math.floor(options.now() / 1000), body },
    secrets,
  );
  const maxPayload = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const size = Buffer.byteLength(body);
  if (size > maxPayload) {
    return fail('too-large', `The payload is ${size} bytes; a webhook sends at most ${maxPayload}`);
  }

  const parsed = parseWebhookUrl(url);
  if (!parsed.ok) return fail('invalid-url', parsed.message);
  const target = parsed.url;
  const allowPrivate = options.allowPrivateAddresses ?? false;
  const literal = refusedLiteral(target.hostname, allowPrivate);
  if (literal) return fail('refused-address', literal.message);

  const maxAnswer = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const client = target.protocol === 'https:' ? https : http;

  return new Promise<WebhookDelivery>((resolve) => {
    let settled = false;
    const settle = (result: WebhookDelivery) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };

    const req = client.request(target, {
      method: 'POST',
      // A fresh connection each time: a pooled socket would skip the connect-time check.
      agent: false,
      lookup: guardedLookup(options.resolve ?? systemResolver, allowPrivate),
      headers: {
        'content-type': 'application/json',
        'content-length': String(size),
        'user-agent': 'Leadloom-Webhooks/1',
        ...headers,
      },
    });

    const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    const deadline = setTimeout(() => {
      settle(fail('timeout', `No complete answer within ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);

    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof RefusedAddressError) settle(fail('refused-address', err.message));
      else settle(fail('network', err.code ? `${err.code}: ${err.message}` : err.message));
    });

    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const answer = (truncated: boolean): WebhookAnswer => ({
        answered: true,
        status: res.statusCode ?? 0,
        body: Buffer.concat(chunks).toString('utf8'),
        bodyTruncated: truncated,
        retryAfter: res.headers['retry-after'],
        location: res.headers.location,
        durationMs: elapsed(),
      });
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (kept + chunk.length <= maxAnswer) {
          chunks.push(chunk);
          kept += chunk.length;
          return;
        }
        chunks.push(chunk.subarray(0, maxAnswer - kept));
        kept = maxAnswer;
        // The status is in hand; the rest of the body is not worth a socket held open.
        settle(answer(true));
        req.destroy();
      });
      res.on('end', () => settle(answer(false)));
      // The body broke off after the status arrived: the receiver still answered.
      res.on('error', () => settle(answer(true)));
    });

    req.end(body);
  });
}
