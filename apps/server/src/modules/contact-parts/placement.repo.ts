import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';

/**
 * Whether a contact is in a pipeline the scope may see (the condition for its per-pipeline parts:
 * notes tied to it, pipeline tags, deals, answers).
 */
export async function isInVisiblePipeline(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string,
): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM contact_pipeline cp
    WHERE cp.team_uid = ${scope.teamUID} AND cp.gtid = ${gtid} AND cp.pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)}`);
  return r.rows.length > 0;
}

/** Which of `gtids` are in a pipeline the scope may see (one statement for any number). */
export async function inVisiblePipeline(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  pipelineUID: string,
): Promise<Set<string>> {
  if (gtids.length === 0) return new Set();
  const r = await db.execute<{ gtid: string }>(sql`
    SELECT cp.gtid FROM contact_pipeline cp
    WHERE cp.team_uid = ${scope.teamUID} AND cp.pipeline_uid = ${pipelineUID}
      AND cp.gtid = ANY(${sql.param([...gtids])}::text[])
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)}`);
  return new Set(r.rows.map((row) => row.gtid));
}
