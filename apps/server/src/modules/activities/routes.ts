import { createRoute } from '@hono/zod-openapi';
import { activitiesQuery, activityPageSchema, pathParam } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, listActivities } from './service';

/** A contact's timeline (docs/api.md "Contacts"). */
export function activityRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/contacts/{GTID}/activities',
    tags: ['contacts'],
    summary: "A page of the contact's timeline, newest first.",
    request: {
      params: z.object({ teamUID: pathParam, GTID: pathParam }),
      query: activitiesQuery({ default: ACTIVITY_PAGE_DEFAULT, max: ACTIVITY_PAGE_MAX }),
    },
    responses: { 200: jsonResponse(activityPageSchema, 'A page of activities') },
  });
  openRoute(app, list, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listActivities(database, c.get('scope'), c.req.valid('param').GTID, query));
  });

  return app;
}
