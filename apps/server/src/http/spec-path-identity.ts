import { ERRORS, INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { Identity } from '../auth/identity-token';
import type { Services } from '../services';
import type { AppEnv } from './env';
import { errorBody } from './errors';

/**
 * The bearer token of a spec path's request (`/v2`, `/v2/bulk`: SPEC §7, outside `/api`), or,
 * with no Authorization header, the 403 `permission-denied` "User not logged in" to send
 * (SPEC §6, §8).
 */
export function specPathToken(c: Context<AppEnv>): string | Response {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S.*)$/i.exec(header);
  if (!match) {
    const e = ERRORS['permission-denied'];
    return c.json(errorBody(e.status, e.message), 403);
  }
  return match[1]!.trim();
}

/**
 * The caller of a spec path: a bad or expired token → 401 "Unauthorized: Invalid token", on
 * which the client refreshes and retries once (SPEC §7). With `teamUID` (the body's), the
 * caller's scope in that team is read with their standing, in one statement
 * (`Identity.teamScope`). Answers the identity, or the response to send.
 */
export async function specPathIdentity(
  services: Services,
  c: Context<AppEnv>,
  token: string,
  teamUID?: string,
): Promise<Identity | Response> {
  const identity = await services.verifyToken(token, teamUID);
  if (!identity) return c.json(errorBody('unauthenticated', INVALID_TOKEN_MESSAGE), 401);
  c.set('identity', identity);
  return identity;
}

/**
 * A spec path's first check, as route middleware so it runs before the body is validated: no
 * Authorization header → 403 "User not logged in", whatever the body.
 */
export const requireSpecPathToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('routeStarted', performance.now());
  const token = specPathToken(c);
  if (token instanceof Response) return token;
  await next();
};

/**
 * A spec path whose caller is checked before its body (`/v2/bulk`): the 403 without a token,
 * then the 401 for a bad one; the handler reads the caller from `c.get('identity')`.
 */
export function requireSpecPathCaller(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('routeStarted', performance.now());
    const token = specPathToken(c);
    if (token instanceof Response) return token;
    const identity = await specPathIdentity(services, c, token);
    if (identity instanceof Response) return identity;
    await next();
  };
}
