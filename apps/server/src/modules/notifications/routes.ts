import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireSuper } from '../../http/require-super';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import { createNotificationBody, idParam, platformQuery, updateNotificationBody } from './schema';
import {
  adminCreate,
  adminDelete,
  adminList,
  adminUpdate,
  stampNotification,
  unseenNotifications,
  userNotifications,
} from './service';

/** In-app notifications (SPEC §3, §4): super-admin CRUD and each user's view and stamps. */
export function notificationRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/admin/notifications', requireSuper);
  app.use('/admin/notifications/*', requireSuper);

  app.get('/admin/notifications', async (c) =>
    c.json({ notifications: await adminList(services) }),
  );
  app.post('/admin/notifications', async (c) => {
    const body = await jsonBody(c, createNotificationBody);
    return c.json({ notification: await adminCreate(services, c.get('identity').uid, body) }, 201);
  });
  app.put('/admin/notifications/:id', async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    const body = await jsonBody(c, updateNotificationBody);
    return c.json({ notification: await adminUpdate(services, id, body) });
  });
  app.delete('/admin/notifications/:id', async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    await adminDelete(services, id);
    return c.json({ deleted: true });
  });

  app.get('/notifications', async (c) => {
    const { platform } = parseWith(platformQuery, c.req.query());
    return c.json({
      notifications: await userNotifications(services, c.get('identity').uid, platform),
    });
  });
  app.get('/notifications/unseen', async (c) => {
    const { platform, path } = parseWith(platformQuery, c.req.query());
    return c.json(await unseenNotifications(services, c.get('identity').uid, platform, path));
  });
  for (const [action, kind] of [
    ['dismiss', 'snooze'],
    ['never', 'never'],
  ] as const) {
    app.post(`/notifications/:id/${action}`, async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      return c.json(await stampNotification(services, c.get('identity').uid, id, kind));
    });
  }
  return app;
}
