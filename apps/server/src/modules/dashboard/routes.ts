import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { teamScopeFor } from '../teams/service';
import { homeDashboard } from './service';

/** The dashboards (docs/api.md "Dashboards"). */
export function dashboardRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/teams/:teamUID/dashboard/home', async (c) => {
    const scope = await teamScopeFor(
      services.database,
      c.get('identity').uid,
      c.req.param('teamUID'),
    );
    return c.json(await homeDashboard(services, scope, services.now));
  });
  return app;
}
