import { HOME_WEEK_KINDS, STREAK_KINDS } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

/**
 * The home dashboard reads the KPI daily rollups (kpi_rollup, migration 0013), kept in the
 * writing transaction by recordActivities on the actor's own calendar: the same numbers as the
 * KPIs, and a few rows per day instead of every activity of the week.
 */

const kinds = (list: readonly string[]) => sql`${sql.param([...list])}::text[]`;

/** What one person did from a local date on: contacts added, moved, messages, tasks done. */
export async function weekCounts(
  scope: TeamScope,
  db: AppDb,
  uid: string,
  from: string,
): Promise<{ added: number; moved: number; messages: number; tasksDone: number }> {
  const r = await db.execute<{ kind: string; total: string }>(sql`
    SELECT r.kind, sum(r.count)::text AS total
    FROM kpi_rollup r
    WHERE r.team_uid = ${scope.teamUID} AND r.uid = ${uid}
      AND r.kind = ANY(${kinds(Object.values(HOME_WEEK_KINDS))}) AND r.day >= ${from}::date
    GROUP BY r.kind`);
  const of = new Map(r.rows.map((row) => [row.kind, Number(row.total)]));
  return {
    added: of.get(HOME_WEEK_KINDS.added) ?? 0,
    moved: of.get(HOME_WEEK_KINDS.moved) ?? 0,
    messages: of.get(HOME_WEEK_KINDS.messages) ?? 0,
    tasksDone: of.get(HOME_WEEK_KINDS.tasksDone) ?? 0,
  };
}

/** The local dates (the rollup's, the actor's calendar) on which the person was active. */
export async function activeDays(
  scope: TeamScope,
  db: AppDb,
  uid: string,
  from: string,
): Promise<string[]> {
  const r = await db.execute<{ day: string }>(sql`
    SELECT DISTINCT to_char(r.day, 'YYYY-MM-DD') AS day
    FROM kpi_rollup r
    WHERE r.team_uid = ${scope.teamUID} AND r.uid = ${uid}
      AND r.kind = ANY(${kinds(STREAK_KINDS)}) AND r.day >= ${from}::date AND r.count > 0
    ORDER BY day`);
  return r.rows.map((row) => row.day);
}
