import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

/** docs/api.md "Connections, minimum". */

const uid = z.string().min(1).max(200);

const fields = {
  name: z.string().trim().max(200).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  testMode: z.boolean().optional(),
  syncPeriod: z.number().int().min(0).max(525_600).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  syncEmailOnly: z.boolean().optional(),
  isPaused: z.boolean().optional(),
  selectedPipeline: uid.nullable().optional(),
  usedInPipelines: z.array(uid).max(500).optional(),
  usedInTagSets: z.array(uid).max(500).optional(),
};
const system = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Enter a system key such as webhooks or gohighlevel');

const newConnection = z.strictObject({ system, ...fields });
const connectionPatch = z.strictObject({ system: system.optional(), ...fields });

export function connectionRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/connections', async (c) => {
    return c.json(await service.listConnections(database, c.get('scope')));
  });

  app.post('/teams/:teamUID/connections', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, newConnection);
    return c.json(await service.createConnection(database, scope, body, c.get('write')), 201);
  });

  app.patch('/teams/:teamUID/connections/:connectionUID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, connectionPatch);
    return c.json(
      await service.updateConnection(
        database,
        scope,
        c.req.param('connectionUID'),
        body,
        c.get('write'),
      ),
    );
  });

  app.delete('/teams/:teamUID/connections/:connectionUID', async (c) => {
    const scope = c.get('scope');
    return c.json(
      await service.deleteConnection(database, scope, c.req.param('connectionUID'), c.get('write')),
    );
  });

  return app;
}
