import { DomainError, ERRORS, searchRequestJsonSchema, searchRequestSchema } from '@leadloom/core';
import { Hono } from 'hono';
import { isUnstorableText } from '../../db/errors';
import type { AppEnv } from '../../http/env';
import { errorBody, respondError } from '../../http/errors';
import { specPathIdentity, specPathToken } from '../../http/spec-path-identity';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { teamScopeFor, withRequestScope } from '../../scope/team-scope';
import { search } from './service';

/**
 * The search service at the spec's own path (SPEC §7, DESIGN §6): `POST /v2`, team-scoped by
 * the body's `teamUID`, and its request schema as JSON Schema at `GET /v2/schema`.
 *
 * Auth: no Authorization header → 403 `permission-denied` "User not logged in" (SPEC §6, §8);
 * then a body off the schema → 400; a bad or expired token → 401 "Unauthorized: Invalid token",
 * on which the client refreshes and retries once (SPEC §7); a team the caller is not in → 404.
 * Any failure other than a request error → 500 `failed-search`.
 */
export function searchRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const schema = searchRequestJsonSchema();

  app.get('/v2/schema', (c) => c.json(schema));

  app.post('/v2', async (c) => {
    const started = performance.now();
    const token = specPathToken(c);
    if (token instanceof Response) return token;
    try {
      const body = await jsonBody(c, searchRequestSchema);
      // The body's team, read with the caller's standing: one statement before the search.
      const identity = await specPathIdentity(services, c, token, body.teamUID);
      if (identity instanceof Response) return identity;
      const scope = await withRequestScope(
        identity.uid,
        body.teamUID,
        identity.teamScope?.scope ?? null,
        () => teamScopeFor(services.database, identity.uid, body.teamUID),
      );
      const phases: string[] = [];
      const data = await search(services.database, scope, body, (phase, ms) =>
        phases.push(`${phase};dur=${ms.toFixed(1)}`),
      );
      // Server-Timing: the whole handler (sign-in check, body, scope, search), and within the
      // search the wait for a database connection and the time on it.
      c.header(
        'server-timing',
        [`search;dur=${(performance.now() - started).toFixed(1)}`, ...phases].join(', '),
      );
      return c.json({ data });
    } catch (error) {
      if (error instanceof DomainError || isUnstorableText(error)) return respondError(c, error);
      c.get('log')?.error({ err: error }, 'search failed');
      const e = ERRORS['failed-search'];
      return c.json(errorBody(e.status, e.message), 500);
    }
  });

  return app;
}
