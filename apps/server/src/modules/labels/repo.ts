import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { setsNothing } from '../../db/patch';
import { contact, statusLabel } from '../../db/schema';
import type { TeamScope } from '../../db/scope';
import { writeListOrder } from '../../db/list-order';

export interface StatusLabelRow {
  labelUID: string;
  display: string;
  color: string;
  order: number;
}

export async function listLabels(
  scope: TeamScope,
  db: AppDb,
  labelUID?: string,
): Promise<StatusLabelRow[]> {
  return db
    .select({
      labelUID: statusLabel.labelUID,
      display: statusLabel.display,
      color: statusLabel.color,
      order: statusLabel.order,
    })
    .from(statusLabel)
    .where(
      and(
        eq(statusLabel.teamUID, scope.teamUID),
        labelUID === undefined ? undefined : eq(statusLabel.labelUID, labelUID),
      ),
    )
    .orderBy(statusLabel.order, statusLabel.labelUID);
}

/** Appends a label after the others. */
export async function insertLabel(
  scope: TeamScope,
  db: AppDb,
  l: { labelUID: string; display: string; color: string },
) {
  await db.insert(statusLabel).values({
    teamUID: scope.teamUID,
    labelUID: l.labelUID,
    display: l.display,
    color: l.color,
    order: sql`(SELECT coalesce(max("order"), -1) + 1 FROM status_label WHERE team_uid = ${scope.teamUID})`,
  });
}

export async function updateLabel(
  scope: TeamScope,
  db: AppDb,
  labelUID: string,
  patch: { display?: string; color?: string },
) {
  const set = { display: patch.display, color: patch.color };
  if (setsNothing(set)) return;
  await db
    .update(statusLabel)
    .set(set)
    .where(and(eq(statusLabel.teamUID, scope.teamUID), eq(statusLabel.labelUID, labelUID)));
}

/** Deletes a label and clears it from the contacts that had it; answers those contacts. */
export async function deleteLabel(scope: TeamScope, db: AppDb, labelUID: string) {
  const cleared = await db
    .update(contact)
    .set({ statusLabelUID: null, updatedAt: sql`now()` })
    .where(and(eq(contact.teamUID, scope.teamUID), eq(contact.statusLabelUID, labelUID)))
    .returning({ gtid: contact.gtid });
  await db
    .delete(statusLabel)
    .where(and(eq(statusLabel.teamUID, scope.teamUID), eq(statusLabel.labelUID, labelUID)));
  return cleared.map((x) => x.gtid);
}

export async function labelUIDs(scope: TeamScope, db: AppDb) {
  const rows = await db
    .select({ labelUID: statusLabel.labelUID })
    .from(statusLabel)
    .where(eq(statusLabel.teamUID, scope.teamUID))
    .for('update');
  return rows.map((x) => x.labelUID);
}

export async function reorderLabels(scope: TeamScope, db: AppDb, order: readonly string[]) {
  await writeListOrder(
    db,
    { table: 'status_label', key: 'label_uid', teamUID: scope.teamUID },
    order,
  );
}
