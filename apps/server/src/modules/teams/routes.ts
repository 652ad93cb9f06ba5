import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { getMembers, removeMember, updateMember } from './members';

const pipelineList = z.array(z.string().min(1).max(200)).max(500);

const memberPatch = z.strictObject({
  role: z.enum(['admin', 'member']).optional(),
  pipelines: pipelineList.optional(),
});

/** Team members (roles: README.md in this folder); invitations: invitation-routes.ts. */
export function teamRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.get('/teams/:teamUID/members', async (c) => {
    return c.json(await getMembers(database, c.get('scope')));
  });

  app.patch('/teams/:teamUID/members/:uid', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, memberPatch);
    return c.json(await updateMember(database, scope, c.req.param('uid'), body));
  });

  app.delete('/teams/:teamUID/members/:uid', async (c) => {
    const scope = c.get('scope');
    return c.json(await removeMember(database, scope, c.req.param('uid')));
  });

  return app;
}
