import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import type { AppEnv } from '../http/env';
import type { Services } from '../services';
import { blockedUntil, clearAttempts, countAttempt } from './throttle.repo';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

interface Rule {
  /** Key prefix in auth_throttle. */
  kind: 'signin' | 'reset';
  account: Limit;
  ip: Limit;
  /** Sign-in counts failures (a 401); reset counts every request (each one sends a mail). */
  counts: 'failures' | 'requests';
  what: string;
}

const FIFTEEN_MINUTES = 15 * 60;

/** Guessing passwords costs one account 10 tries and one address 50 per 15 minutes. */
export const THROTTLE_RULES: Readonly<Record<string, Rule>> = {
  '/api/auth/sign-in/email': {
    kind: 'signin',
    account: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
    ip: { limit: 50, windowSeconds: FIFTEEN_MINUTES },
    counts: 'failures',
    what: 'sign-in attempts',
  },
  '/api/auth/request-password-reset': {
    kind: 'reset',
    account: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
    ip: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
    counts: 'requests',
    what: 'password reset requests',
  },
};

/**
 * The caller's address: X-Forwarded-For's first entry only behind a trusted proxy (anyone can
 * send the header), else the socket's. In-process requests (tests) have no socket: 'local'.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

export function tooManyMessage(what: string, secondsLeft: number): string {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return `Too many ${what}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

async function emailOf(req: Request): Promise<string | null> {
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' && body.email.trim()
      ? body.email.trim().toLowerCase()
      : null;
  } catch {
    return null;
  }
}

/**
 * Throttles sign-in and reset requests per account and per address, in front of better-auth.
 * The state is in auth_throttle, so it survives a restart and holds across processes. No
 * transaction is open while better-auth runs (DESIGN §3: one embedded connection).
 */
export function authThrottle(services: Services): MiddlewareHandler<AppEnv> {
  const scope = systemScope('auth throttle');
  const { database } = services;
  return async (c, next) => {
    const rule = c.req.method === 'POST' ? THROTTLE_RULES[c.req.path] : undefined;
    if (!rule) return next();
    const email = await emailOf(c.req.raw);
    const accountKey = email ? `${rule.kind}:account:${email}` : null;
    const ipKey = `${rule.kind}:ip:${clientIp(c, services.config.trustProxy)}`;
    const keys = accountKey ? [accountKey, ipKey] : [ipKey];

    const blocked = await blockedUntil(scope, database.db, keys);
    if (blocked) {
      const message = tooManyMessage(rule.what, blocked.secondsLeft);
      c.header('Retry-After', String(Math.max(1, blocked.secondsLeft)));
      // better-auth's own error shape ({message, code}) plus ours, so either client reads it.
      return c.json(
        { message, code: 'TOO_MANY_ATTEMPTS', error: { status: 'resource-exhausted', message } },
        429,
      );
    }

    await next();

    const failed = c.res.status === 401;
    if (rule.counts === 'requests' || failed) {
      await withTx(database, scope, async (tx) => {
        if (accountKey) await countAttempt(scope, tx.db, accountKey, rule.account);
        await countAttempt(scope, tx.db, ipKey, rule.ip);
      });
    } else if (rule.kind === 'signin' && c.res.status === 200 && accountKey) {
      await withTx(database, scope, (tx) => clearAttempts(scope, tx.db, accountKey));
    }
  };
}
