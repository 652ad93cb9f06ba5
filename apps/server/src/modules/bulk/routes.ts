import { bulkRequestFields, bulkRequestSchema, bulkSelectionRule } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { specPathIdentity, specPathToken } from '../../http/spec-path-identity';
import { writeOptionsOf } from '../../http/team-route';
import { jsonBody } from '../../http/validate';
import { teamScopeFor } from '../../scope/team-scope';
import type { Services } from '../../services';
import { bulkJobStatus, createBulkJob } from './service';

/** Bulk jobs (docs/api.md "Bulk actions"). */
export function bulkRoutes(services: Services) {
  const { database, jobs } = services;
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/bulk-jobs', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, bulkRequestSchema);
    const created = await createBulkJob(database, jobs, scope, body, c.get('write'));
    return c.json(created, 202);
  });

  app.get('/teams/:teamUID/bulk-jobs/:jobUID', async (c) => {
    const scope = c.get('scope');
    return c.json(await bulkJobStatus(database, scope, c.req.param('jobUID')));
  });

  return app;
}

/**
 * `POST /v2/bulk` (SPEC §7), the spec's path for the same job: the team comes in the body
 * (`{teamUID, action, GTIDs}`), the caller's auth as at `POST /v2`.
 */
export function v2BulkRoutes(services: Services) {
  const { database, jobs } = services;
  const app = new Hono<AppEnv>();
  const body = bulkRequestFields
    .extend({ teamUID: z.string().trim().min(1).max(200) })
    .superRefine(bulkSelectionRule);

  app.post('/v2/bulk', async (c) => {
    const token = specPathToken(c);
    if (token instanceof Response) return token;
    const identity = await specPathIdentity(services, c, token);
    if (identity instanceof Response) return identity;
    const { teamUID, ...request } = await jsonBody(c, body);
    const scope = await teamScopeFor(database, identity.uid, teamUID);
    const created = await createBulkJob(
      database,
      jobs,
      scope,
      request,
      writeOptionsOf(c.req.header('x-change-id')),
    );
    return c.json({ data: created }, 202);
  });

  return app;
}
