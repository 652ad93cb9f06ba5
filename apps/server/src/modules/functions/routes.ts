import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../http/errors';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { FUNCTIONS } from './registry';

const envelope = z.object({ data: z.unknown() });

export function functionRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post('/functions/:name', async (c) => {
    const name = c.req.param('name');
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
    if (!fn) throw new ApiError('not-found', `There is no function named "${name}".`);
    const { data } = await jsonBody(c, envelope);
    const input = parseWith(fn.schema, data);
    return c.json({ result: await fn.run(services, c.get('identity'), input) });
  });
  return app;
}
