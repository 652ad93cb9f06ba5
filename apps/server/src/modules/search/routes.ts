import { createRoute } from '@hono/zod-openapi';
import {
  DomainError,
  ERRORS,
  searchRequestJsonSchema,
  searchRequestSchema,
  searchResponseSchema,
} from '@leadloom/core';
import { z } from 'zod';
import { isUnstorableText } from '../../db/errors';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import { errorBody, respondError } from '../../http/errors';
import {
  requireSpecPathToken,
  specPathIdentity,
  specPathToken,
} from '../../http/spec-path-identity';
import type { Services } from '../../services';
import { teamScopeFor, withRequestScope } from '../../scope/team-scope';
import { search } from './service';

const tags = ['search'];

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
  const app = contractRouter();
  const schema = searchRequestJsonSchema();

  const schemaRoute = createRoute({
    method: 'get',
    path: '/v2/schema',
    tags,
    summary: "The search request's JSON Schema.",
    security: [],
    responses: {
      200: jsonResponse(z.record(z.string(), z.unknown()), 'A JSON Schema (draft 2020-12)'),
    },
  });
  openRoute(app, schemaRoute, (c) => c.json(schema));

  const searchRoute = createRoute({
    method: 'post',
    path: '/v2',
    tags,
    summary: "Searches the body's team's contacts (SPEC §7).",
    middleware: [requireSpecPathToken],
    request: { body: jsonRequest(searchRequestSchema) },
    responses: { 200: jsonResponse(searchResponseSchema, 'A page of hits') },
  });
  openRoute(app, searchRoute, async (c) => {
    const token = specPathToken(c) as string;
    try {
      const body = c.req.valid('json');
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
      // Server-Timing: the whole route (sign-in check, body, scope, search), and within the
      // search the wait for a database connection and the time on it.
      c.header(
        'server-timing',
        [`search;dur=${(performance.now() - c.get('routeStarted')).toFixed(1)}`, ...phases].join(
          ', ',
        ),
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
