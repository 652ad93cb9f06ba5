import { exportFileName, exportRequestSchema } from '@leadloom/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { exportContacts } from './service';

/** CSV export (docs/api.md "Export"). */
export function exportRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/contacts/export', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, exportRequestSchema);
    const stream = await exportContacts(database, scope, body);
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
