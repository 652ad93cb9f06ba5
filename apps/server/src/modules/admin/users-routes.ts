import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { requireSuper } from '../../http/require-super';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { disableUser, grantSuper, listMail, listUsers, sendResetLink } from './users-service';

const uidParam = z.object({ uid: z.string().min(1).max(64) });
const usersQuery = z.object({ q: z.string().max(200).default('') });
const mailQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
const superBody = z.object({ super: z.boolean() });

/** Super-admin user management and the mail log (SPEC §2 /admin); others get 404. */
export function adminUserRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/admin/users', requireSuper);
  app.use('/admin/users/*', requireSuper);
  app.use('/admin/mail', requireSuper);

  app.get('/admin/users', async (c) => {
    const { q } = parseWith(usersQuery, c.req.query());
    return c.json({ users: await listUsers(services, q) });
  });

  for (const [action, on] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(`/admin/users/:uid/${action}`, async (c) => {
      const { uid } = parseWith(uidParam, c.req.param());
      await disableUser(services, c.get('identity').uid, uid, on);
      return c.json({ uid, banned: on });
    });
  }

  app.post('/admin/users/:uid/super', async (c) => {
    const { uid } = parseWith(uidParam, c.req.param());
    const body = await jsonBody(c, superBody);
    await grantSuper(services, c.get('identity').uid, uid, body.super);
    return c.json({ uid, isSuper: body.super });
  });

  app.post('/admin/users/:uid/reset-password', async (c) => {
    const { uid } = parseWith(uidParam, c.req.param());
    await sendResetLink(services, uid);
    return c.json({ sent: true });
  });

  app.get('/admin/mail', async (c) => {
    const { limit } = parseWith(mailQuery, c.req.query());
    return c.json({ messages: await listMail(services, limit) });
  });
  return app;
}
