import { ERRORS, INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import type { Context } from 'hono';
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
