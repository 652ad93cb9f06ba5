import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_BOUND } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';
import { list, whereOf, type SearchPlan } from './where.repo';

/** How many contacts match: the answer's total. */

/** A count as the answer's total: exact up to SEARCH_TOTAL_BOUND (or always, when asked). */
export function totalOf(n: number, exact: boolean) {
  return !exact && n > SEARCH_TOTAL_BOUND
    ? { value: SEARCH_TOTAL_BOUND, relation: 'gte' as const }
    : { value: n, relation: 'eq' as const };
}

/** The match count: exact up to SEARCH_TOTAL_BOUND (or always, when asked), else that bound. */
export async function searchTotal(scope: TeamScope, db: AppDb, plan: SearchPlan) {
  const n = await countMatches(scope, db, plan, whereOf(scope, plan));
  return totalOf(n, plan.exactTotal);
}

/** The matches of `where` ({@link whereOf} of `plan`), counted up to SEARCH_TOTAL_BOUND + 1. */
export async function countMatches(scope: TeamScope, db: AppDb, plan: SearchPlan, where: SQL) {
  const limit = plan.exactTotal ? sql`` : sql`LIMIT ${SEARCH_TOTAL_BOUND + 1}`;
  // A filter on the placement alone (a pipeline, stages): its contacts are its
  // placements (a placement's contact exists, by its foreign key, and one in a pipeline the
  // scope sees is visible), counted in the placements' index without reading a contact (for the
  // demo team's pipeline 10,001 index entries, where the semi-join read ~14,000 contacts too).
  // Stages without a pipeline: a contact placed in two of them (two pipelines) counts once.
  const f = plan.filter;
  const placementOnly =
    (plan.pipelineUID !== null || Boolean(f.stageUIDs?.length)) &&
    plan.tokens.length === 0 &&
    Object.entries(f).every(
      ([k, v]) => v === undefined || k === 'pipelineUID' || k === 'stageUIDs' || k === 'text',
    );
  const r = placementOnly
    ? await db.execute<{ n: string }>(sql`
        SELECT count(*) AS n FROM (SELECT ${plan.pipelineUID ? sql`` : sql`DISTINCT`} fp.gtid
          FROM contact_pipeline fp
          WHERE fp.team_uid = ${scope.teamUID}
            AND ${visiblePipelineFilter(scope, sql`fp.pipeline_uid`)}
            ${plan.pipelineUID ? sql`AND fp.pipeline_uid = ${plan.pipelineUID}` : sql``}
            ${f.stageUIDs?.length ? sql`AND fp.stage_uid = ANY(${list(f.stageUIDs)})` : sql``}
          ${limit}) t`)
    : await db.execute<{ n: string }>(sql`
        SELECT count(*) AS n FROM (SELECT 1 FROM contact c WHERE ${where} ${limit}) t`);
  return Number(r.rows[0]?.n ?? 0);
}
