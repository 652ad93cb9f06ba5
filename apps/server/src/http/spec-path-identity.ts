import { ERRORS, INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import type { Context } from 'hono';
import type { Identity } from '../auth/identity-token';
import type { Services } from '../services';
import type { AppEnv } from './env';
import { errorBody } from './errors';

/**
 * The caller of a spec path (`/v2`, `/v2/bulk`: SPEC §7, outside `/api`). No Authorization
 * header → 403 `permission-denied` "User not logged in" (SPEC §6, §8); a bad or expired token →
 * 401 "Unauthorized: Invalid token", on which the client refreshes and retries once (SPEC §7).
 * Answers the identity, or the response to send.
 */
export async function specPathIdentity(
  services: Services,
  c: Context<AppEnv>,
): Promise<Identity | Response> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S.*)$/i.exec(header);
  if (!match) {
    const e = ERRORS['permission-denied'];
    return c.json(errorBody(e.status, e.message), 403);
  }
  const identity = await services.verifyToken(match[1]!.trim());
  if (!identity) return c.json(errorBody('unauthenticated', INVALID_TOKEN_MESSAGE), 401);
  c.set('identity', identity);
  return identity;
}
