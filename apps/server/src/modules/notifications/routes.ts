import { createRoute } from '@hono/zod-openapi';
import {
  adminNotificationAnswer,
  adminNotificationsAnswer,
  createNotificationBody,
  notificationDeletedAnswer,
  notificationIdParam,
  notificationsQuery,
  notificationStampAnswer,
  unseenNotificationsAnswer,
  updateNotificationBody,
  userNotificationsAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import {
  adminCreate,
  adminDelete,
  adminList,
  adminUpdate,
  stampNotification,
  unseenNotifications,
  userNotifications,
} from './service';

const idParams = z.object({ id: notificationIdParam });
const admin = { tags: ['admin'], middleware: [requireSuper] };
const tags = ['notifications'];

/** In-app notifications (SPEC §3, §4): super-admin CRUD and each user's view and stamps. */
export function notificationRoutes(services: Services) {
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/admin/notifications',
    ...admin,
    summary: 'Every notification, published or not (super admins only).',
    responses: { 200: jsonResponse(adminNotificationsAnswer, 'The notifications') },
  });
  openRoute(app, list, async (c) => c.json({ notifications: await adminList(services) }));

  const create = createRoute({
    method: 'post',
    path: '/admin/notifications',
    ...admin,
    summary: 'Adds a notification (super admins only).',
    request: { body: jsonRequest(createNotificationBody) },
    responses: { 201: jsonResponse(adminNotificationAnswer, 'The new notification') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    return c.json({ notification: await adminCreate(services, c.get('identity').uid, body) }, 201);
  });

  const update = createRoute({
    method: 'put',
    path: '/admin/notifications/{id}',
    ...admin,
    summary: 'Changes the given fields of a notification (super admins only).',
    request: { params: idParams, body: jsonRequest(updateNotificationBody) },
    responses: { 200: jsonResponse(adminNotificationAnswer, 'The notification as it now is') },
  });
  openRoute(app, update, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json({ notification: await adminUpdate(services, id, body) });
  });

  const remove = createRoute({
    method: 'delete',
    path: '/admin/notifications/{id}',
    ...admin,
    summary: 'Deletes a notification and every user’s stamp of it (super admins only).',
    request: { params: idParams },
    responses: { 200: jsonResponse(notificationDeletedAnswer, 'It is gone') },
  });
  openRoute(app, remove, async (c) => {
    await adminDelete(services, c.req.valid('param').id);
    return c.json({ deleted: true as const });
  });

  const mine = createRoute({
    method: 'get',
    path: '/notifications',
    tags,
    summary: 'The published notifications for this app, with the caller’s stamps.',
    request: { query: notificationsQuery },
    responses: { 200: jsonResponse(userNotificationsAnswer, 'The notifications') },
  });
  openRoute(app, mine, async (c) => {
    const { platform } = c.req.valid('query');
    const uid = c.get('identity').uid;
    return c.json({ notifications: await userNotifications(services, uid, platform) });
  });

  const unseen = createRoute({
    method: 'get',
    path: '/notifications/unseen',
    tags,
    summary: 'The notifications the caller would see now (on the given page, when named).',
    request: { query: notificationsQuery },
    responses: { 200: jsonResponse(unseenNotificationsAnswer, 'How many, and which') },
  });
  openRoute(app, unseen, async (c) => {
    const { platform, path } = c.req.valid('query');
    return c.json(await unseenNotifications(services, c.get('identity').uid, platform, path));
  });

  for (const [action, kind, summary] of [
    ['dismiss', 'snooze', 'Snoozes a notification for the caller for 24 hours.'],
    ['never', 'never', 'Never shows the notification to the caller again.'],
  ] as const) {
    const stamp = createRoute({
      method: 'post',
      path: `/notifications/{id}/${action}`,
      tags,
      summary,
      request: { params: idParams },
      responses: { 200: jsonResponse(notificationStampAnswer, 'The stamp now stored') },
    });
    openRoute(app, stamp, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await stampNotification(services, c.get('identity').uid, id, kind));
    });
  }
  return app;
}
