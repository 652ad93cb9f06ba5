import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { teamScopeFor } from '../teams/service';
import { getTeamData } from './service';

export function bootRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();
  app.get('/teams/:teamUID/team-data', async (c) => {
    const scope = await teamScopeFor(database, c.get('identity').uid, c.req.param('teamUID'));
    return c.json(await getTeamData(database, scope));
  });
  return app;
}
