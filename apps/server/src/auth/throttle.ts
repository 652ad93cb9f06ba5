import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import type { AppEnv } from '../http/env';
import type { Services } from '../services';
import {
  clearAttempts,
  isMarked,
  markKey,
  takeAttempt,
  uncount,
  type BackoffCheck,
  type LimitCheck,
  type ThrottleCheck,
} from './throttle.repo';

type Limit = Omit<LimitCheck, 'key' | 'kind'>;
type Backoff = Omit<BackoffCheck, 'key' | 'kind'>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * How guessing and abuse are limited. Every attempt counts before it runs (so a burst of parallel
 * guesses cannot slip past a count that is only updated afterwards) and a successful sign-in
 * forgives its own address's count.
 *
 * Sign-in is keyed three ways, so that guessing stays expensive while a stranger cannot lock an
 * owner out:
 * - one address against one account (`pair`) gets 10 tries per 15 minutes, then that pair is
 *   refused for the rest of the window: a single guesser stops there;
 * - one address across accounts (`address`) gets 50 per 15 minutes, against password spraying;
 * - one account across every address (`account`) is never locked: after 10 tries in an hour each
 *   further try must wait 1 s, 2 s, 4 s... up to 5 minutes after the one before, so a guesser with
 *   many addresses gets a few dozen guesses an hour instead of thousands, while the owner waits
 *   minutes at worst. Addresses the account has signed in from in the last 30 days skip this
 *   wait (the owner's usual places stay open during an attack; their own pair limit still holds).
 * A hard per-account lock would let anyone lock any owner out with 10 wrong guesses.
 *
 * Reset requests send a mail each, so they are limited per account and per address. Sign-ups are
 * limited per address (each makes an account and a team). No address is exempt: behind a proxy
 * without TRUST_PROXY every client is the proxy's loopback address, and in-process test requests
 * have no socket ('local'); both are throttled like anyone.
 */
export const THROTTLE = {
  signInPair: { limit: 10, windowSeconds: 15 * MINUTE },
  signInAddress: { limit: 50, windowSeconds: 15 * MINUTE },
  signInAccount: { free: 10, windowSeconds: HOUR, maxDelaySeconds: 5 * MINUTE },
  knownAddressSeconds: 30 * 24 * HOUR,
  resetAccount: { limit: 5, windowSeconds: 15 * MINUTE },
  resetAddress: { limit: 20, windowSeconds: 15 * MINUTE },
  signUpAddress: { limit: 10, windowSeconds: HOUR },
} satisfies Record<string, Limit | Backoff | number>;

/** Tests may raise every limit by a factor (LEADLOOM_TEST_THROTTLE_FACTOR, NODE_ENV=test only). */
const limit = (key: string, l: Limit, factor: number): LimitCheck => ({
  key,
  kind: 'limit',
  ...l,
  limit: l.limit * factor,
});
const backoff = (key: string, b: Backoff, factor: number): BackoffCheck => ({
  key,
  kind: 'backoff',
  ...b,
  free: b.free * factor,
});

/**
 * The caller's address. Behind a trusted proxy, the last X-Forwarded-For entry: the one the proxy
 * added (entries before it come from the client, who could name any address to dodge a limit).
 * Else the socket's. In-process requests (tests) have no socket: 'local'. At most 64 characters
 * (an IPv6 address has 45), so a forged header cannot grow a throttle key.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

export function tooManyMessage(what: string, secondsLeft: number): string {
  if (secondsLeft < 60) {
    const seconds = Math.max(1, Math.ceil(secondsLeft));
    return `Too many ${what}. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(secondsLeft / 60);
  return `Too many ${what}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** better-auth's own error shape ({message, code}) plus ours, so either client reads it. */
function refuse(c: Context, status: 415 | 429, code: string, message: string) {
  return c.json({ message, code, error: { status: 'invalid-argument', message } }, status);
}

function tooMany(c: Context, what: string, secondsLeft: number) {
  const message = tooManyMessage(what, secondsLeft);
  c.header('Retry-After', String(Math.max(1, secondsLeft)));
  return c.json(
    { message, code: 'TOO_MANY_ATTEMPTS', error: { status: 'resource-exhausted', message } },
    429,
  );
}

/**
 * better-auth also parses form and multipart bodies, which would carry an e-mail the throttle
 * does not read; the web app and the extension only send JSON, so anything else is refused.
 */
function unsupportedBody(c: Context): boolean {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return false;
  const type = c.req.header('content-type');
  if (type) return type.split(';')[0]!.trim().toLowerCase() !== 'application/json';
  const length = c.req.header('content-length');
  return (
    (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
  );
}

/** No e-mail address is longer; a longer "e-mail" is refused by better-auth and keys nothing. */
const MAX_EMAIL = 254;

/** The e-mail of a JSON body; the body-limit middleware has bounded what this reads. */
async function emailOf(req: Request): Promise<string | null> {
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    return email && email.length <= MAX_EMAIL ? email : null;
  } catch {
    return null;
  }
}

const SIGN_IN = '/api/auth/sign-in/email';
const RESET = '/api/auth/request-password-reset';

/**
 * In front of better-auth: refuses bodies that are not JSON, and throttles sign-in and reset
 * requests (THROTTLE). better-auth's own sign-up is not exposed (AUTH_ENDPOINTS): accounts are
 * made by /api/signup, throttled by signUpThrottle. The state is in auth_throttle, so it survives
 * a restart and holds across processes. No transaction is open while better-auth runs (DESIGN
 * §3: one embedded connection).
 */
export function authThrottle(services: Services): MiddlewareHandler<AppEnv> {
  const scope = systemScope('auth throttle');
  const { database, config } = services;
  const f = config.testThrottleFactor;
  return async (c, next) => {
    if (unsupportedBody(c)) {
      return refuse(
        c,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
    const path = c.req.method === 'POST' ? c.req.path : '';
    if (path !== SIGN_IN && path !== RESET) return next();
    const ip = clientIp(c, config.trustProxy);

    const email = await emailOf(c.req.raw);
    if (path === RESET) {
      const checks: ThrottleCheck[] = [limit(`reset:ip:${ip}`, THROTTLE.resetAddress, f)];
      if (email) checks.push(limit(`reset:account:${email}`, THROTTLE.resetAccount, f));
      const refused = await withTx(database, scope, (tx) => takeAttempt(scope, tx.db, checks));
      return refused ? tooMany(c, 'password reset requests', refused.secondsLeft) : next();
    }

    const pairKey = `signin:pair:${email}|${ip}`;
    const knownKey = `signin:known:${email}|${ip}`;
    const accountKey = `signin:account:${email}`;
    let counted = false;
    const refused = await withTx(database, scope, async (tx) => {
      const checks: ThrottleCheck[] = [limit(`signin:ip:${ip}`, THROTTLE.signInAddress, f)];
      if (email) {
        checks.push(limit(pairKey, THROTTLE.signInPair, f));
        counted = !(await isMarked(scope, tx.db, knownKey, THROTTLE.knownAddressSeconds));
        if (counted) checks.push(backoff(accountKey, THROTTLE.signInAccount, f));
      }
      return takeAttempt(scope, tx.db, checks);
    });
    if (refused) return tooMany(c, 'sign-in attempts', refused.secondsLeft);

    await next();

    if (email && c.res.status === 200) {
      await withTx(database, scope, async (tx) => {
        await clearAttempts(scope, tx.db, pairKey);
        if (counted) await uncount(scope, tx.db, accountKey);
        await markKey(scope, tx.db, knownKey);
      });
    }
  };
}

/** `POST /api/signup`: sign-ups per address (THROTTLE.signUpAddress). */
export function signUpThrottle(services: Services): MiddlewareHandler<AppEnv> {
  const scope = systemScope('sign-up throttle');
  const { database, config } = services;
  return async (c, next) => {
    const ip = clientIp(c, config.trustProxy);
    const refused = await withTx(database, scope, (tx) =>
      takeAttempt(scope, tx.db, [
        limit(`signup:ip:${ip}`, THROTTLE.signUpAddress, config.testThrottleFactor),
      ]),
    );
    return refused ? tooMany(c, 'sign-ups', refused.secondsLeft) : next();
  };
}
