import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

export interface LabelInfo {
  labelUID: string;
  display: string;
  color: string;
}

export async function findLabel(
  scope: TeamScope,
  db: AppDb,
  labelUID: string,
): Promise<LabelInfo | null> {
  const r = await db.execute<{ label_uid: string; display: string; color: string }>(sql`
    SELECT label_uid, display, color FROM status_label
    WHERE team_uid = ${scope.teamUID} AND label_uid = ${labelUID}`);
  const row = r.rows[0];
  return row ? { labelUID: row.label_uid, display: row.display, color: row.color } : null;
}

export async function setContactLabel(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  labelUID: string | null,
) {
  await db.execute(sql`
    UPDATE contact SET status_label_uid = ${labelUID}, updated_at = now()
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid}`);
}
