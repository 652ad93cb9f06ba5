import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { homeDashboard } from './service';

/** The dashboards (docs/api.md "Dashboards"). */
export function dashboardRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/teams/:teamUID/dashboard/home', async (c) => {
    const scope = c.get('scope');
    return c.json(await homeDashboard(services, scope, services.clock.now));
  });
  return app;
}
