import { sql, type SQL } from 'drizzle-orm';
import type { TeamScope } from './scope';

/**
 * What a scope may see (DESIGN §4 "Pipeline access"), as SQL conditions, so search, board,
 * export, bulk, KPIs and the realtime stream all apply the one rule instead of re-deriving it.
 */

/** Visible pipeline condition on a pipeline-uid column: owners/admins see all, members their groupAccess. */
export function visiblePipelineFilter(scope: TeamScope, column: SQL): SQL {
  return scope.visiblePipelines === 'all'
    ? sql`TRUE`
    : sql`${column} = ANY(${sql.param([...scope.visiblePipelines])}::text[])`;
}

/**
 * The contacts a scope may see, as a condition on a `contact` row aliased `alias`: owners and
 * admins see every contact of the team; a member sees a contact that is in at least one visible
 * pipeline, or in none (an unplaced contact belongs to nobody's pipeline, so nobody is shut out).
 * The caller still restricts the row to `scope.teamUID`.
 */
export function visibleContacts(scope: TeamScope, alias = 'c'): SQL {
  if (scope.visiblePipelines === 'all') return sql`TRUE`;
  const c = sql.raw(`"${alias.replace(/"/g, '')}"`);
  return sql`(
    EXISTS (SELECT 1 FROM contact_pipeline vcp
      WHERE vcp.team_uid = ${c}.team_uid AND vcp.gtid = ${c}.gtid
        AND ${visiblePipelineFilter(scope, sql`vcp.pipeline_uid`)})
    OR NOT EXISTS (SELECT 1 FROM contact_pipeline vcp
      WHERE vcp.team_uid = ${c}.team_uid AND vcp.gtid = ${c}.gtid))`;
}
