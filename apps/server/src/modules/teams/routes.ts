import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { createInvitation, revokeInvitation } from './invitations';

const pipelineList = z.array(z.string().min(1).max(200)).max(500);

const invitationBody = z.strictObject({
  email: z.email().max(320),
  role: z.enum(['admin', 'member']),
  // Optional: without it, the member sees every pipeline that exists now (DESIGN §4).
  pipelines: pipelineList.optional(),
});

/** Team invitations (roles: README.md in this folder); the members' routes are member-routes.ts. */
export function teamRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/invitations', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, invitationBody);
    return c.json(await createInvitation(services, scope, body), 201);
  });

  app.delete('/teams/:teamUID/invitations/:inviteCode', async (c) => {
    const scope = c.get('scope');
    return c.json(await revokeInvitation(services, scope, c.req.param('inviteCode')));
  });

  return app;
}
