import { INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import type { MiddlewareHandler } from 'hono';
import type { Identity } from '../auth/identity-token';
import type { AppEnv } from './env';
import { errorBody } from './errors';


/** Every API call carries `Authorization: Bearer <identity token>` (DESIGN §4). */
export function requireIdentity(verify: (token: string) => Promise<Identity | null>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const identity = match ? await verify(match[1]!.trim()) : null;
    if (!identity) return c.json(errorBody('unauthenticated', INVALID_TOKEN_MESSAGE), 401);
    c.set('identity', identity);
    c.set('log', c.get('log').child({ uid: identity.uid }));
    await next();
  };
}
