import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { setsNothing } from '../../db/patch';
import { statusLabel } from '../../db/schema';
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
  const r = await db.execute<{ label_uid: string; display: string; color: string; order: number }>(
    sql`
    SELECT label_uid, display, color, "order" FROM status_label
    WHERE team_uid = ${scope.teamUID}
      ${labelUID === undefined ? sql`` : sql`AND label_uid = ${labelUID}`}
    ORDER BY "order", label_uid`,
  );
  return r.rows.map((x) => ({
    labelUID: x.label_uid,
    display: x.display,
    color: x.color,
    order: x.order,
  }));
}

/** Appends a label after the others. */
export async function insertLabel(
  scope: TeamScope,
  db: AppDb,
  l: { labelUID: string; display: string; color: string },
) {
  await db.execute(sql`
    INSERT INTO status_label (team_uid, label_uid, display, color, "order")
    VALUES (${scope.teamUID}, ${l.labelUID}, ${l.display}, ${l.color},
      (SELECT coalesce(max("order"), -1) + 1 FROM status_label WHERE team_uid = ${scope.teamUID}))`);
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
  const cleared = await db.execute<{ gtid: string }>(sql`
    UPDATE contact SET status_label_uid = NULL, updated_at = now()
    WHERE team_uid = ${scope.teamUID} AND status_label_uid = ${labelUID}
    RETURNING gtid`);
  await db.execute(sql`
    DELETE FROM status_label WHERE team_uid = ${scope.teamUID} AND label_uid = ${labelUID}`);
  return cleared.rows.map((x) => x.gtid);
}

export async function labelUIDs(scope: TeamScope, db: AppDb) {
  const r = await db.execute<{ label_uid: string }>(sql`
    SELECT label_uid FROM status_label WHERE team_uid = ${scope.teamUID} FOR UPDATE`);
  return r.rows.map((x) => x.label_uid);
}

export async function reorderLabels(scope: TeamScope, db: AppDb, order: readonly string[]) {
  await writeListOrder(
    db,
    { table: 'status_label', key: 'label_uid', teamUID: scope.teamUID },
    order,
  );
}
