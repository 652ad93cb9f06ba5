import { createRoute } from '@hono/zod-openapi';
import { exportFileName, exportRequestSchema, pathParam } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { exportContacts } from './service';

/** CSV export (docs/api.md "Export"). */
export function exportRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const csv = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/contacts/export',
    tags: ['export'],
    summary: 'The contacts a filter matches, as CSV (streamed).',
    request: {
      params: z.object({ teamUID: pathParam }),
      body: jsonRequest(exportRequestSchema),
    },
    responses: {
      200: {
        description: 'A CSV file (an attachment)',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  });
  openRoute(app, csv, async (c) => {
    const stream = await exportContacts(database, c.get('scope'), c.req.valid('json'));
    return new Response(stream, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName()}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });

  return app;
}
