import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import type { Services } from '../../services';
import { membersIncomplete, requestMemberSync } from '../member-sync/service';
import { getBilling, getValidationInfo } from './service';

export function planRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/billing', async (c) => {
    const scope = c.get('scope');
    return c.json(await getBilling(database, scope));
  });

  app.get('/teams/:teamUID/validation-info', async (c) => {
    const scope = c.get('scope');
    const info = await getValidationInfo(database, scope);
    // SPEC §7: a missing members list starts a member-data sync; the answer is not held up.
    if (membersIncomplete(info.members)) await requestMemberSync(services, scope.teamUID);
    return c.json(info);
  });

  return app;
}
