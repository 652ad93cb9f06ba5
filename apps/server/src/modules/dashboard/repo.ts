import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

/** The active-day rule (core STREAK_ACTIVITY) as SQL on `activity a`. */
const ACTIVE = sql`(a.type IN ('stage', 'message') OR (a.type = 'task' AND a.action = 'completed'))`;

/** What one person did since an instant: contacts added, moved, messages logged, tasks done. */
export async function weekCounts(
  scope: TeamScope,
  db: AppDb,
  uid: string,
  sinceMs: number,
): Promise<{ added: number; moved: number; messages: number; tasksDone: number }> {
  const r = await db.execute<{
    added: string;
    moved: string;
    messages: string;
    tasks_done: string;
  }>(sql`
    SELECT count(*) FILTER (WHERE a.type = 'initial') AS added,
           count(*) FILTER (WHERE a.type = 'stage') AS moved,
           count(*) FILTER (WHERE a.type = 'message') AS messages,
           count(*) FILTER (WHERE a.type = 'task' AND a.action = 'completed') AS tasks_done
    FROM activity a
    WHERE a.team_uid = ${scope.teamUID} AND a.created_by_uid = ${uid}
      AND a.created_at_unix >= ${sinceMs}`);
  const row = r.rows[0];
  return {
    added: Number(row?.added ?? 0),
    moved: Number(row?.moved ?? 0),
    messages: Number(row?.messages ?? 0),
    tasksDone: Number(row?.tasks_done ?? 0),
  };
}

/** The local dates (in `zone`) on which the person was active, since an instant. */
export async function activeDays(
  scope: TeamScope,
  db: AppDb,
  uid: string,
  zone: string,
  sinceMs: number,
): Promise<string[]> {
  const r = await db.execute<{ day: string }>(sql`
    SELECT DISTINCT to_char(a.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS day
    FROM activity a
    WHERE a.team_uid = ${scope.teamUID} AND a.created_by_uid = ${uid}
      AND a.created_at_unix >= ${sinceMs} AND ${ACTIVE}
    ORDER BY day`);
  return r.rows.map((row) => row.day);
}
