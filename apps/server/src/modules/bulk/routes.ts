import { bulkRequestSchema } from '@leadloom/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { changeIdOf, routeScope } from '../contact-parts/placement';
import { bulkJobStatus, createBulkJob } from './service';

/** Bulk jobs (docs/api.md "Bulk actions"). */
export function bulkRoutes(services: Services) {
  const { database, jobs } = services;
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/bulk-jobs', async (c) => {
    const scope = await routeScope(database, c);
    const body = await jsonBody(c, bulkRequestSchema);
    const created = await createBulkJob(
      database,
      jobs,
      scope,
      body,
      changeIdOf(c.req.header('x-change-id')),
    );
    return c.json(created, 202);
  });

  app.get('/teams/:teamUID/bulk-jobs/:jobUID', async (c) => {
    const scope = await routeScope(database, c);
    return c.json(await bulkJobStatus(database, scope, c.req.param('jobUID')));
  });

  return app;
}
