import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { requireSuper } from '../../http/require-super';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { flagsSchema, subscriptionSchema } from '../plans/subscription-schema';
import { listTeams, setFlags, setSubscription, teamDetail } from './admin';

const searchQuery = z.object({ q: z.string().trim().max(200).default('') });

/**
 * Super-admin team endpoints. requireSuper sits on each route (not `use('*')`): this router is
 * mounted at the API root, where a wildcard middleware would cover every other module too.
 */
export function adminTeamRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/admin/teams', requireSuper, async (c) => {
    const { q } = parseWith(searchQuery, c.req.query());
    return c.json(await listTeams(database, q));
  });

  app.get('/admin/teams/:teamUID', requireSuper, async (c) =>
    c.json(await teamDetail(database, c.req.param('teamUID'))),
  );

  app.put('/admin/teams/:teamUID/subscription', requireSuper, async (c) => {
    const body = await jsonBody(c, subscriptionSchema);
    return c.json(await setSubscription(database, c.req.param('teamUID'), body));
  });

  app.put('/admin/teams/:teamUID/flags', requireSuper, async (c) => {
    const { flags } = await jsonBody(c, flagsSchema);
    return c.json(await setFlags(database, c.req.param('teamUID'), flags));
  });

  return app;
}
