import { createRoute } from '@hono/zod-openapi';
import {
  bulkJobAnswerSchema,
  bulkJobCreatedSchema,
  bulkRequestSchema,
  pathParam,
  v2BulkRequestSchema,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import { requireSpecPathCaller } from '../../http/spec-path-identity';
import { writeOptionsOf } from '../../http/team-route';
import { teamScopeFor } from '../../scope/team-scope';
import type { Services } from '../../services';
import { bulkJobStatus, createBulkJob } from './service';

const tags = ['bulk actions'];

/** Bulk jobs (docs/api.md "Bulk actions"). */
export function bulkRoutes(services: Services) {
  const { database, jobs } = services;
  const app = contractRouter();

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/bulk-jobs',
    tags,
    summary: 'Starts a bulk action on picked contacts or on every contact a filter matches.',
    request: {
      params: z.object({ teamUID: pathParam }),
      body: jsonRequest(bulkRequestSchema),
    },
    responses: { 202: jsonResponse(bulkJobCreatedSchema, 'The job, queued') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const created = await createBulkJob(database, jobs, c.get('scope'), body, c.get('write'));
    return c.json(created, 202);
  });

  const status = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/bulk-jobs/{jobUID}',
    tags,
    summary: "A job's progress and first failures.",
    request: { params: z.object({ teamUID: pathParam, jobUID: pathParam }) },
    responses: { 200: jsonResponse(bulkJobAnswerSchema, 'The job') },
  });
  openRoute(app, status, async (c) =>
    c.json(await bulkJobStatus(database, c.get('scope'), c.req.valid('param').jobUID)),
  );

  return app;
}

/**
 * `POST /v2/bulk` (SPEC §7), the spec's path for the same job: the team comes in the body
 * (`{teamUID, action, GTIDs}`), the caller's auth as at `POST /v2`, checked before the body.
 */
export function v2BulkRoutes(services: Services) {
  const { database, jobs } = services;
  const app = contractRouter();

  const create = createRoute({
    method: 'post',
    path: '/v2/bulk',
    tags,
    summary: "Starts a bulk action in the body's team (SPEC §7).",
    middleware: [requireSpecPathCaller(services)],
    request: { body: jsonRequest(v2BulkRequestSchema) },
    responses: {
      202: jsonResponse(z.object({ data: bulkJobCreatedSchema }), 'The job, queued'),
    },
  });
  openRoute(app, create, async (c) => {
    const { teamUID, ...request } = c.req.valid('json');
    const scope = await teamScopeFor(database, c.get('identity').uid, teamUID);
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
