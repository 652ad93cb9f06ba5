import {
  isDismissed,
  newPushId,
  pageMatches,
  permanentStamp,
  platformMatches,
  snoozeStamp,
  type AppSurface,
  type CreateNotificationBody,
  type UpdateNotificationBody,
  notFound,
} from '@leadloom/core';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import {
  deleteNotification,
  findNotification,
  insertNotification,
  listNotifications,
  listPublishedWithStamps,
  updateNotification,
  upsertStamp,
  type NotificationRow,
} from './repo';

const scope = systemScope('notifications');

/** The API shape (SPEC §3 Notification): no audit columns, dates as ISO text. */
export function toApi(row: NotificationRow) {
  const { createdByUID: _by, createdAt, updatedAt, ...rest } = row;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

export async function adminList(services: Services) {
  const rows = await withTx(services.database, scope, (tx) => listNotifications(scope, tx.db));
  return rows.map(toApi);
}

export async function adminCreate(services: Services, byUID: string, body: CreateNotificationBody) {
  const row = await withTx(services.database, scope, (tx) =>
    insertNotification(scope, tx.db, { ...body, notificationId: newPushId(), createdByUID: byUID }),
  );
  return toApi(row);
}

export async function adminUpdate(
  services: Services,
  notificationId: string,
  body: UpdateNotificationBody,
) {
  const row = await withTx(services.database, scope, (tx) =>
    updateNotification(scope, tx.db, notificationId, body),
  );
  if (!row) throw notFound('There is no such notification.');
  return toApi(row);
}

export async function adminDelete(services: Services, notificationId: string) {
  const deleted = await withTx(services.database, scope, (tx) =>
    deleteNotification(scope, tx.db, notificationId),
  );
  if (!deleted) throw notFound('There is no such notification.');
}

/** Published notifications for this surface, each with the caller's stamp (or null). */
export async function userNotifications(services: Services, uid: string, surface: AppSurface) {
  const rows = await withTx(services.database, scope, (tx) =>
    listPublishedWithStamps(scope, tx.db, uid),
  );
  return rows
    .filter((r) => platformMatches(r.platform, surface))
    .map((r) => ({ ...toApi(r), stamp: r.stamp }));
}

/**
 * The ones the user would see now (core's rules: not snoozed, not dismissed for good); the page
 * restriction applies only when the caller says which page it shows.
 */
export async function unseenNotifications(
  services: Services,
  uid: string,
  surface: AppSurface,
  path: string | undefined,
  now = services.clock.now(),
) {
  const all = await userNotifications(services, uid, surface);
  const notifications = all.filter(
    (n) => !isDismissed(n.stamp, now) && (path === undefined || pageMatches(n.page, path)),
  );
  return { count: notifications.length, notifications };
}

/** "Dismiss" snoozes for 24 h; "Don't show again" is permanent (SPEC §4), per user. */
export async function stampNotification(
  services: Services,
  uid: string,
  notificationId: string,
  kind: 'snooze' | 'never',
  now = services.clock.now(),
) {
  const stamp = kind === 'snooze' ? snoozeStamp(now) : permanentStamp(now);
  await withTx(services.database, scope, async (tx) => {
    const n = await findNotification(scope, tx.db, notificationId);
    if (!n) throw notFound('There is no such notification.');
    await upsertStamp(scope, tx.db, uid, notificationId, stamp);
  });
  return { notificationId, stamp };
}
