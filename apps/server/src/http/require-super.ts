import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { errorBody } from './errors';

/**
 * Super-admin routes (SPEC §6: the custom permission "super"), re-checked in the database by
 * requireIdentity. Others get 404, as for anything they may not see.
 */
export const requireSuper: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('identity').isSuper) return c.json(errorBody('not-found', 'Not found'), 404);
  await next();
};
