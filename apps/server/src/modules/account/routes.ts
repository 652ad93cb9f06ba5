import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { loggedUserData } from '../teams/service';

export function accountRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/me', async (c) =>
    c.json(await loggedUserData(services.database, c.get('identity').uid)),
  );
  return app;
}
