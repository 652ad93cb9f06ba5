import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';
import { appNotification, notificationStamp } from '../../db/schema';

export type NotificationRow = typeof appNotification.$inferSelect;
export type NotificationFields = Omit<
  typeof appNotification.$inferInsert,
  'notificationId' | 'createdByUID' | 'createdAt' | 'updatedAt'
>;

/** Every notification, newest first (the admin list). */
export async function listNotifications(
  _scope: SystemScope,
  db: AppDb,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(appNotification)
    .orderBy(desc(appNotification.createdAt), appNotification.notificationId);
}

/** Published notifications with the user's stamp (null when none), newest first. */
export async function listPublishedWithStamps(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
): Promise<(NotificationRow & { stamp: number | null })[]> {
  const rows = await db
    .select({ n: appNotification, stamp: notificationStamp.stamp })
    .from(appNotification)
    .leftJoin(
      notificationStamp,
      and(
        eq(notificationStamp.notificationId, appNotification.notificationId),
        eq(notificationStamp.uid, uid),
      ),
    )
    .where(eq(appNotification.published, true))
    .orderBy(desc(appNotification.createdAt), appNotification.notificationId);
  return rows.map((r) => ({ ...r.n, stamp: r.stamp ?? null }));
}

export async function findNotification(
  _scope: SystemScope,
  db: AppDb,
  notificationId: string,
): Promise<NotificationRow | undefined> {
  const rows = await db
    .select()
    .from(appNotification)
    .where(eq(appNotification.notificationId, notificationId));
  return rows[0];
}

export async function insertNotification(
  _scope: SystemScope,
  db: AppDb,
  row: NotificationFields & { notificationId: string; createdByUID: string },
): Promise<NotificationRow> {
  const [inserted] = await db.insert(appNotification).values(row).returning();
  return inserted!;
}

/** Updates the given fields; undefined when there is no such notification. */
export async function updateNotification(
  _scope: SystemScope,
  db: AppDb,
  notificationId: string,
  fields: Partial<NotificationFields>,
): Promise<NotificationRow | undefined> {
  const [updated] = await db
    .update(appNotification)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(appNotification.notificationId, notificationId))
    .returning();
  return updated;
}

/** Deletes the notification and every user's stamp for it; false when there was none. */
export async function deleteNotification(
  _scope: SystemScope,
  db: AppDb,
  notificationId: string,
): Promise<boolean> {
  await db.delete(notificationStamp).where(eq(notificationStamp.notificationId, notificationId));
  const deleted = await db
    .delete(appNotification)
    .where(eq(appNotification.notificationId, notificationId))
    .returning({ id: appNotification.notificationId });
  return deleted.length > 0;
}

/** Writes (or replaces) the user's stamp for one notification. */
export async function upsertStamp(
  _scope: SystemScope,
  db: AppDb,
  uid: string,
  notificationId: string,
  stamp: number,
): Promise<void> {
  await db
    .insert(notificationStamp)
    .values({ uid, notificationId, stamp })
    .onConflictDoUpdate({
      target: [notificationStamp.uid, notificationStamp.notificationId],
      set: { stamp },
    });
}
