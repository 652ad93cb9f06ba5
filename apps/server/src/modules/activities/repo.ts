import { sql } from 'drizzle-orm';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';

export interface ActivityRow {
  activityUID: string;
  gtid: string;
  type: string;
  action: string;
  pipelineUID: string | null;
  stageUID: string | null;
  value: string | null;
  currency: string | null;
  refUID: string | null;
  note: string | null;
  data: Record<string, unknown> | null;
  at: number;
}

/**
 * Inserts activities authored by the scope's user (the author's display name is read in the same
 * statement) and moves each contact's last-activity time forward.
 */
export async function insertActivities(scope: TeamScope, tx: Tx, rows: readonly ActivityRow[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.activityUID}, ${r.gtid}, ${r.type}, ${r.action}, ${r.pipelineUID},
        ${r.stageUID}, ${r.value}::numeric, ${r.currency}, ${r.refUID}, ${r.note},
        ${r.data === null ? null : JSON.stringify(r.data)}::jsonb, ${r.at}::bigint)`,
    ),
    sql`, `,
  );
  await tx.db.execute(sql`
    INSERT INTO activity (team_uid, activity_uid, gtid, type, action, pipeline_uid, stage_uid,
      value, currency, ref_uid, note, data, created_at_unix, created_at, created_by_uid, created_by)
    SELECT ${scope.teamUID}, v.uid, v.gtid, v.type, v.action, v.pipeline_uid, v.stage_uid,
      v.value, v.currency, v.ref_uid, v.note, v.data, v.at, to_timestamp(v.at / 1000.0),
      ${scope.uid}, coalesce((SELECT u.name FROM "user" u WHERE u.id = ${scope.uid}), '')
    FROM (VALUES ${values}) AS v(uid, gtid, type, action, pipeline_uid, stage_uid, value,
      currency, ref_uid, note, data, at)`);
  await tx.db.execute(sql`
    UPDATE contact c SET last_activity_at = greatest(c.last_activity_at, v.at)
    FROM (SELECT gtid, to_timestamp(max(at) / 1000.0) AS at FROM (VALUES ${sql.join(
      rows.map((r) => sql`(${r.gtid}, ${r.at}::bigint)`),
      sql`, `,
    )}) AS x(gtid, at) GROUP BY gtid) v
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = v.gtid`);
}
