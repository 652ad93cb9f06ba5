import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { flagOverview } from './flags';

/** GET /api/admin/flags — the feature flags of every team (super only; others get 404). */
export function adminFlagRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/admin/flags', requireSuper, async (c) =>
    c.json({ flags: await flagOverview(services) }),
  );
  return app;
}
