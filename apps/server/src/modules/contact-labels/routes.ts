import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { setStatusLabel } from './service';

const body = z.object({ labelUID: z.string().trim().min(1).max(200).nullable() });

/** A contact's status label (docs/api.md "Contacts"). */
export function contactLabelRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.put('/teams/:teamUID/contacts/:GTID/status-label', async (c) => {
    const scope = c.get('scope');
    const { labelUID } = await jsonBody(c, body);
    return c.json(
      await setStatusLabel(database, scope, c.req.param('GTID'), labelUID, c.get('write')),
    );
  });

  return app;
}
