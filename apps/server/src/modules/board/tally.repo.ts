import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';

/**
 * Stage tallies (migration 0019): each stage's contact count and deal totals as delta rows that
 * triggers insert on every placement and deal write. Folding replaces a pipeline's rows by their
 * sums, so the board reads a handful of rows per stage however many moves came before.
 */

/**
 * Folds the tallies of up to `pipelines` pipelines that have unfolded rows, in one statement; a
 * stage or currency that nets to nothing keeps no row. Returns how many pipelines were folded.
 *
 * Safe beside concurrent writes and folds: a delta committed after this statement began is not
 * deleted here and stays to be summed (or folded next time); a row another fold deleted first is
 * skipped by this one's DELETE.
 */
export async function foldStageTallies(
  _scope: SystemScope,
  db: AppDb,
  pipelines: number,
): Promise<number> {
  // Raw SQL: one statement (data-modifying CTEs) deletes the deltas and inserts their sums.
  const r = await db.execute<{ pipelines: string }>(sql`
    WITH dirty AS (
      SELECT DISTINCT team_uid, pipeline_uid FROM stage_tally WHERE NOT folded LIMIT ${pipelines}
    ), gone AS (
      DELETE FROM stage_tally t USING dirty d
      WHERE t.team_uid = d.team_uid AND t.pipeline_uid = d.pipeline_uid
      RETURNING t.*
    ), folded AS (
      INSERT INTO stage_tally (team_uid, pipeline_uid, stage_uid, currency, scale, contacts,
        open_deals, open_value, won_deals, won_value, folded)
      SELECT team_uid, pipeline_uid, stage_uid, currency, scale, sum(contacts), sum(open_deals),
        sum(open_value), sum(won_deals), sum(won_value), true
      FROM gone
      GROUP BY team_uid, pipeline_uid, stage_uid, currency, scale
      HAVING sum(contacts) <> 0 OR sum(open_deals) <> 0 OR sum(won_deals) <> 0
        OR sum(open_value) <> 0 OR sum(won_value) <> 0
    )
    SELECT count(*) AS pipelines FROM dirty`);
  return Number(r.rows[0]?.pipelines ?? 0);
}
