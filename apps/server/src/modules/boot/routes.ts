import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { getTeamData } from './service';

export function bootRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();
  app.get('/teams/:teamUID/team-data', async (c) => {
    const scope = c.get('scope');
    return c.json(await getTeamData(database, scope));
  });
  return app;
}
