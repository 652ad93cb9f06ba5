import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { DEFAULT_PAGE, getBoardJson, getPipelines, getStagePage, MAX_PAGE } from './service';

const limitQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(DEFAULT_PAGE),
  cursor: z.string().max(2000).optional(),
});

export function boardRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/pipelines', async (c) => {
    const scope = c.get('scope');
    return c.json(await getPipelines(database, scope));
  });

  app.get('/teams/:teamUID/pipelines/:pipelineUID/board', async (c) => {
    const { limit } = parseWith(limitQuery, c.req.query());
    const scope = c.get('scope');
    const body = await getBoardJson(database, scope, c.req.param('pipelineUID'), limit);
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  app.get('/teams/:teamUID/pipelines/:pipelineUID/stages/:stageUID/contacts', async (c) => {
    const { limit, cursor } = parseWith(limitQuery, c.req.query());
    const scope = c.get('scope');
    const { pipelineUID, stageUID } = c.req.param();
    return c.json(await getStagePage(database, scope, pipelineUID, stageUID, cursor, limit));
  });

  return app;
}
