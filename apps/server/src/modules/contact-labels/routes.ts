import { createRoute } from '@hono/zod-openapi';
import { pathParam, setStatusLabelBody, statusLabelAnswer } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { setStatusLabel } from './service';

/** A contact's status label (docs/api.md "Contacts"). */
export function contactLabelRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const set = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/contacts/{GTID}/status-label',
    tags: ['contacts'],
    summary: "Sets or clears the contact's status label.",
    request: {
      params: z.object({ teamUID: pathParam, GTID: pathParam }),
      body: jsonRequest(setStatusLabelBody),
    },
    responses: { 200: jsonResponse(statusLabelAnswer, 'The label the contact now has') },
  });
  openRoute(app, set, async (c) => {
    const { labelUID } = c.req.valid('json');
    const { GTID } = c.req.valid('param');
    return c.json(await setStatusLabel(database, c.get('scope'), GTID, labelUID, c.get('write')));
  });

  return app;
}
