import { ACTIVITY_TYPES } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, listActivities } from './service';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
  cursor: z.string().max(2000).optional(),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ACTIVITY_TYPES).optional()),
});

/** A contact's timeline (docs/api.md "Contacts"). */
export function activityRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/contacts/:GTID/activities', async (c) => {
    const scope = c.get('scope');
    const query = parseWith(listQuery, c.req.query());
    return c.json(await listActivities(database, scope, c.req.param('GTID'), query));
  });

  return app;
}
