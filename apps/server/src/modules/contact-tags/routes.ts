import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { addContactTag, removeContactTag } from './service';

const id = z.string().trim().min(1).max(200);
const addBody = z.object({ tagID: id, pipelineUID: id.nullable().optional() });
/** `pipelineUID` absent, empty or "global" = the contact's global tags. */
const removeQuery = z.object({
  pipelineUID: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (!v || v === 'global' ? null : v)),
});

/** Tags on a contact (docs/api.md "Contacts"). */
export function contactTagRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/contacts/:GTID/tags', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, addBody);
    const result = await addContactTag(database, scope, c.req.param('GTID'), body, c.get('write'));
    return c.json({ tag: result.tag }, result.created ? 201 : 200);
  });

  app.delete('/teams/:teamUID/contacts/:GTID/tags/:tagID', async (c) => {
    const scope = c.get('scope');
    const { pipelineUID } = parseWith(removeQuery, c.req.query());
    const { GTID, tagID } = c.req.param();
    return c.json(
      await removeContactTag(database, scope, GTID, tagID, pipelineUID, c.get('write')),
    );
  });

  return app;
}
