import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/database';
import type { SystemScope } from '../db/scope';

/**
 * Change-log retention (DESIGN §5 "Old entries expire"). Each team's log is trimmed from its
 * oldest entry forward through the primary key (team_uid, seq), so no other index is needed and
 * what stays is gap-free: a client resuming inside it misses nothing, one resuming before it
 * finds a hole after its cursor and gets `reset` (realtime/stream.ts).
 */

/**
 * Teams after `afterTeam` (team_uid order) whose oldest entry is older than `cutoff` and is not
 * their latest: one primary-key probe per team.
 */
export async function teamsWithExpiredChanges(
  _scope: SystemScope,
  db: AppDb,
  cutoff: Date,
  afterTeam: string,
  limit: number,
): Promise<string[]> {
  const r = await db.execute<{ team_uid: string }>(sql`
    SELECT tc.team_uid FROM team_counter tc
    CROSS JOIN LATERAL (
      SELECT c.seq, c.at FROM change_log c WHERE c.team_uid = tc.team_uid ORDER BY c.seq LIMIT 1
    ) oldest
    WHERE tc.team_uid > ${afterTeam} AND oldest.at < ${cutoff.toISOString()}::timestamptz
      AND oldest.seq < tc.seq
    ORDER BY tc.team_uid
    LIMIT ${limit}`);
  return r.rows.map((row) => row.team_uid);
}

/**
 * Deletes up to `batch` of the team's oldest entries: those before its first entry at or after
 * `cutoff` (entries are dated at their transaction's start, so `at` is nearly but not strictly in
 * seq order; stopping at the first young one keeps the rest contiguous), never its latest entry
 * (the stream's head). Returns how many went.
 */
export async function deleteExpiredChanges(
  _scope: SystemScope,
  db: AppDb,
  teamUID: string,
  cutoff: Date,
  batch: number,
): Promise<number> {
  const r = await db.execute(sql`
    WITH head AS (
      SELECT max(seq) AS seq FROM change_log WHERE team_uid = ${teamUID}
    ), oldest AS (
      SELECT seq, at FROM change_log WHERE team_uid = ${teamUID} ORDER BY seq LIMIT ${batch}
    ), keep_from AS (
      SELECT coalesce(
        (SELECT min(o.seq) FROM oldest o WHERE o.at >= ${cutoff.toISOString()}::timestamptz),
        (SELECT seq FROM head)) AS seq
    )
    DELETE FROM change_log c USING oldest o
    WHERE c.team_uid = ${teamUID} AND c.seq = o.seq
      AND o.seq < (SELECT seq FROM keep_from) AND o.seq < (SELECT seq FROM head)`);
  return r.rowCount ?? 0;
}
