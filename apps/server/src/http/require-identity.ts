import { INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import type { MiddlewareHandler } from 'hono';
import type { Identity } from '../auth/identity-token';
import { withRequestScope } from '../scope/team-scope';
import type { AppEnv } from './env';
import { errorBody } from './errors';

/** A team route's team (`/api/teams/:teamUID/...`), as its `:teamUID` param decodes it. */
const TEAM_PATH = /^\/api\/teams\/([^/]+)/;

function teamOfPath(path: string): string | undefined {
  const raw = TEAM_PATH.exec(path)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Every API call carries `Authorization: Bearer <identity token>` (DESIGN §4). On a team route
 * the caller's membership is read with their standing (one statement, not two) and handed to
 * the team route (`http/team-route.ts`), which reads no more.
 */
export function requireIdentity(
  verify: (token: string, teamUID?: string) => Promise<Identity | null>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const verified = match ? await verify(match[1]!.trim(), teamOfPath(c.req.path)) : null;
    if (!verified) return c.json(errorBody('unauthenticated', INVALID_TOKEN_MESSAGE), 401);
    const { teamScope, ...identity } = verified;
    c.set('identity', identity);
    c.set('log', c.get('log').child({ uid: identity.uid }));
    if (teamScope) {
      return withRequestScope(identity.uid, teamScope.teamUID, teamScope.scope, () => next());
    }
    await next();
  };
}
