import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

export interface LabelInfo {
  labelUID: string;
  display: string;
  color: string;
}

/** Labels of the team by id (unknown ones are left out); one statement. */
export async function findLabels(
  scope: TeamScope,
  db: AppDb,
  labelUIDs: readonly string[],
): Promise<Map<string, LabelInfo>> {
  if (labelUIDs.length === 0) return new Map();
  const r = await db.execute<{ label_uid: string; display: string; color: string }>(sql`
    SELECT label_uid, display, color FROM status_label
    WHERE team_uid = ${scope.teamUID} AND label_uid = ANY(${sql.param([...labelUIDs])}::text[])`);
  return new Map(
    r.rows.map((row) => [
      row.label_uid,
      { labelUID: row.label_uid, display: row.display, color: row.color },
    ]),
  );
}

/** Sets the label of many contacts, one statement. */
export async function setContactLabels(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  labelUID: string | null,
) {
  if (gtids.length === 0) return;
  await db.execute(sql`
    UPDATE contact SET status_label_uid = ${labelUID}::text, updated_at = now()
    WHERE team_uid = ${scope.teamUID} AND gtid = ANY(${sql.param([...gtids])}::text[])`);
}
