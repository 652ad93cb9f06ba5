import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { visiblePipelineFilter } from '../../db/visibility';

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
/**
 * `by` is who the timeline says did it: the acting member's name unless given (a workflow's step
 * is by the workflow).
 */
export function insertActivities(
  scope: TeamScope,
  tx: Tx,
  rows: readonly ActivityRow[],
  by: string | null = null,
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.activityUID}, ${r.gtid}, ${r.type}, ${r.action}, ${r.pipelineUID},
        ${r.stageUID}, ${r.value}::numeric, ${r.currency}, ${r.refUID}, ${r.note},
        ${r.data === null ? null : JSON.stringify(r.data)}::jsonb, ${r.at}::bigint)`,
    ),
    sql`, `,
  );
  // Deferred: they go out with the action's next statement (db/tx.ts).
  tx.defer(
    'activity',
    sql`
    INSERT INTO activity (team_uid, activity_uid, gtid, type, action, pipeline_uid, stage_uid,
      value, currency, ref_uid, note, data, created_at_unix, created_at, created_by_uid, created_by)
    SELECT ${scope.teamUID}, v.uid, v.gtid, v.type, v.action, v.pipeline_uid, v.stage_uid,
      v.value, v.currency, v.ref_uid, v.note, v.data, v.at, to_timestamp(v.at / 1000.0),
      ${scope.uid}, ${by === null ? sql`coalesce((SELECT u.name FROM "user" u WHERE u.id = ${scope.uid}), '')` : sql`${by}::text`}
    FROM (VALUES ${values}) AS v(uid, gtid, type, action, pipeline_uid, stage_uid, value,
      currency, ref_uid, note, data, at)`,
  );
  tx.defer(
    'contact',
    sql`
    UPDATE contact c SET last_activity_at = greatest(c.last_activity_at, v.at)
    FROM (SELECT gtid, to_timestamp(max(at) / 1000.0) AS at FROM (VALUES ${sql.join(
      rows.map((r) => sql`(${r.gtid}, ${r.at}::bigint)`),
      sql`, `,
    )}) AS x(gtid, at) GROUP BY gtid) v
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = v.gtid`,
  );
}

/** KPI events of a batch, grouped by (kind, pipeline, stage, currency, instant). */
export interface RollupRow {
  kind: string;
  pipelineUID: string;
  stageUID: string;
  currency: string;
  at: number;
  count: number;
  /** Exact decimal (deals won); '0' otherwise. */
  value: string;
}

/**
 * Adds a batch's KPI events to the actor's daily rollups (kpi_rollup; migration 0013): one
 * upsert for any number of rows (arrays bind seven parameters), deferred like the activities
 * so it goes out in the same statement. The day is the actor's local date (their profile's
 * zone, UTC when unset). Rows are upserted in key order so two batches of one actor lock
 * rollup rows in the same order.
 */
export function addToRollups(scope: TeamScope, tx: Tx, rows: readonly RollupRow[]) {
  if (rows.length === 0) return;
  tx.defer(
    'kpi_rollup',
    sql`
    INSERT INTO kpi_rollup AS r (team_uid, kind, pipeline_uid, stage_uid, currency, day, uid,
      count, value)
    SELECT ${scope.teamUID}, v.kind, v.pipeline_uid, v.stage_uid, v.currency,
      (to_timestamp(v.at / 1000.0) AT TIME ZONE z.zone)::date AS day, ${scope.uid},
      sum(v.n), sum(v.value)
    FROM unnest(${sql.param(rows.map((r) => r.kind))}::text[],
      ${sql.param(rows.map((r) => r.pipelineUID))}::text[],
      ${sql.param(rows.map((r) => r.stageUID))}::text[],
      ${sql.param(rows.map((r) => r.currency))}::text[],
      ${sql.param(rows.map((r) => r.at))}::bigint[],
      ${sql.param(rows.map((r) => r.count))}::bigint[],
      ${sql.param(rows.map((r) => r.value))}::numeric[])
      AS v(kind, pipeline_uid, stage_uid, currency, at, n, value),
      (SELECT coalesce((SELECT p.time_zone FROM user_profile p WHERE p.uid = ${scope.uid}),
        'UTC') AS zone) z
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 2, 3, 4, 5, 6
    ON CONFLICT (team_uid, kind, pipeline_uid, stage_uid, currency, day, uid)
    DO UPDATE SET count = r.count + excluded.count, value = r.value + excluded.value`,
  );
}

/** One activity as the contact timeline shows it. */
export interface ActivityListItem {
  activityUID: string;
  type: string;
  action: string;
  pipelineUID: string | null;
  stageUID: string | null;
  /** Exact decimal (deal values). */
  value: string | null;
  currency: string | null;
  refUID: string | null;
  note: string | null;
  data: Record<string, unknown> | null;
  createdAt: string;
  createdAtUnix: number;
  createdBy: string | null;
  createdByUID: string | null;
}

/** Keyset position in a contact's timeline (newest first). */
export interface ActivityKey {
  at: number;
  activityUID: string;
}

/**
 * A page of one contact's activities, newest first by (created_at_unix, activity_uid), after
 * `after`. Activities tied to a pipeline the scope may not see are left out. Answers up to
 * `limit` rows and the key to continue from (null on the last page).
 */
export async function listContactActivities(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  opts: { after: ActivityKey | null; limit: number; type?: string | undefined },
): Promise<{ items: ActivityListItem[]; next: ActivityKey | null }> {
  const r = await db.execute<{
    activity_uid: string;
    type: string;
    action: string;
    pipeline_uid: string | null;
    stage_uid: string | null;
    value: string | null;
    currency: string | null;
    ref_uid: string | null;
    note: string | null;
    data: Record<string, unknown> | null;
    created_at: string | Date;
    created_at_unix: string | number;
    created_by: string | null;
    created_by_uid: string | null;
  }>(sql`
    SELECT a.activity_uid, a.type, a.action, a.pipeline_uid, a.stage_uid, a.value::text AS value,
      a.currency, a.ref_uid, a.note, a.data, a.created_at, a.created_at_unix, a.created_by,
      a.created_by_uid
    FROM activity a
    WHERE a.team_uid = ${scope.teamUID} AND a.gtid = ${gtid}
      AND (a.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`a.pipeline_uid`)})
      ${opts.type ? sql`AND a.type = ${opts.type}` : sql``}
      ${
        opts.after
          ? sql`AND (a.created_at_unix, a.activity_uid) < (${opts.after.at}::bigint, ${opts.after.activityUID})`
          : sql``
      }
    ORDER BY a.created_at_unix DESC, a.activity_uid DESC
    LIMIT ${opts.limit + 1}`);
  const rows = r.rows.slice(0, opts.limit);
  const items = rows.map((row) => ({
    activityUID: row.activity_uid,
    type: row.type,
    action: row.action,
    pipelineUID: row.pipeline_uid,
    stageUID: row.stage_uid,
    value: row.value,
    currency: row.currency,
    refUID: row.ref_uid,
    note: row.note,
    data: row.data,
    createdAt: new Date(row.created_at).toISOString(),
    createdAtUnix: Number(row.created_at_unix),
    createdBy: row.created_by,
    createdByUID: row.created_by_uid,
  }));
  const last = items[items.length - 1];
  return {
    items,
    next:
      r.rows.length > opts.limit && last
        ? { at: last.createdAtUnix, activityUID: last.activityUID }
        : null,
  };
}
