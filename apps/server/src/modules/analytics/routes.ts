import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../http/errors';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { listEvents, recordEvent } from './service';

export function analyticsRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/analytics/events', async (c) => {
    const body: unknown = await c.req.json().catch(() => {
      throw new ApiError('invalid-argument', 'The request body must be JSON.');
    });
    return c.json(await recordEvent(services, c.get('identity').uid, body), 201);
  });
  app.get('/admin/analytics', requireSuper, async (c) =>
    c.json(await listEvents(services, c.req.query())),
  );
  return app;
}
