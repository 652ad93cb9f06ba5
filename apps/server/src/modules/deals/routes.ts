import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { createDealBody, editDealBody } from './schema';
import { createDeal, deleteDeal, editDeal } from './service';

/** Deals of a contact in a pipeline (docs/api.md "Contacts"). */
export function dealRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/deals', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, createDealBody);
    const { GTID, groupUID } = c.req.param();
    const opts = c.get('write');
    return c.json(await createDeal(database, scope, GTID, groupUID, body, opts), 201);
  });

  app.patch('/teams/:teamUID/contacts/:GTID/deals/:dealUID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, editDealBody);
    const { GTID, dealUID } = c.req.param();
    const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const opts = c.get('write');
    return c.json(await editDeal(database, scope, GTID, dealUID, change, opts));
  });

  app.delete('/teams/:teamUID/contacts/:GTID/deals/:dealUID', async (c) => {
    const scope = c.get('scope');
    const { GTID, dealUID } = c.req.param();
    const opts = c.get('write');
    return c.json(await deleteDeal(database, scope, GTID, dealUID, opts));
  });

  return app;
}
