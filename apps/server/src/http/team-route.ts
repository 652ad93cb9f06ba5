import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Database } from '../db/database';
import type { WriteOptions } from '../db/tx';
import { teamScopeFor } from '../scope/team-scope';
import type { AppEnv } from './env';
import { ApiError } from './errors';

/** The longest `x-change-id` a write may carry; the change log stores it with every entry. */
export const CHANGE_ID_MAX = 200;

/**
 * The options of a write from its `x-change-id` header (the client's id for the change, echoed
 * in the change log so its realtime stream skips its own echo: DESIGN §7). A longer id is a
 * 400, never silently cut: a cut id would no longer match the one the client waits for.
 */
export function writeOptionsOf(header: string | undefined): WriteOptions {
  if (header !== undefined && header.length > CHANGE_ID_MAX) {
    throw new ApiError(
      'invalid-argument',
      `x-change-id: up to ${CHANGE_ID_MAX} characters.`,
      'x-change-id',
    );
  }
  return { changeId: header || null };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every team route (`/teams/:teamUID/...` under `/api`) in one place: the caller's scope in the
 * route's team (`c.get('scope')`; a team they are not in answers 404 like one that does not
 * exist) and, on a write, its options (`c.get('write')`). The scope comes from the identity
 * check's own read (requireIdentity), so it costs no query of its own. A path no route answers
 * is left to the API's "No such API endpoint".
 */
export function teamRoute(database: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Routers' own middleware is registered for every method ('ALL'); only a route answers one.
    if (!matchedRoutes(c).some((route) => route.method !== 'ALL')) return next();
    const scope = await teamScopeFor(database, c.get('identity').uid, c.req.param('teamUID') ?? '');
    c.set('scope', scope);
    c.set('write', READS.has(c.req.method) ? {} : writeOptionsOf(c.req.header('x-change-id')));
    await next();
  };
}
