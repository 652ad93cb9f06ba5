import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { acceptInvitation, describeInvitation } from './invitations';

const acceptBody = z.strictObject({ name: z.string().trim().min(1).max(200).optional() });

/** The public side of invitations: the e-mailed link works before the invitee has an account. */
export function invitationRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.get('/invitations/:inviteCode', async (c) =>
    c.json(await describeInvitation(services, c.req.param('inviteCode'))),
  );

  app.post('/invitations/:inviteCode/accept', async (c) => {
    const text = await c.req.text();
    let raw: unknown = {};
    try {
      if (text.trim()) raw = JSON.parse(text);
    } catch {
      throw new ApiError('invalid-argument', 'The request body must be JSON.');
    }
    const body = parseWith(acceptBody, raw);
    // Optional sign-in: a Bearer token must be valid, and then it decides who joins.
    const header = c.req.header('authorization');
    let caller: { uid: string } | null = null;
    if (header) {
      const match = /^Bearer\s+(.+)$/i.exec(header);
      const identity = match ? await services.verifyToken(match[1]!.trim()) : null;
      if (!identity) throw new ApiError('unauthenticated', 'Unauthorized: Invalid token');
      caller = { uid: identity.uid };
    }
    const result = await acceptInvitation(services, c.req.param('inviteCode'), caller, body);
    const res = c.json({ uid: result.uid, teamUID: result.teamUID, created: result.created });
    for (const cookie of result.headers?.getSetCookie() ?? [])
      res.headers.append('set-cookie', cookie);
    return res;
  });

  return app;
}
