import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';
import { whereOf, type SearchPlan } from '../search/queries';

/**
 * What a CSV export writes beside the search's own columns, for one page of contacts (the
 * matching and the paging are the search module's SQL, `search/repo.ts`): placements with
 * pipeline and stage names, tag names, the status label's name, and the deal value of the
 * exported pipeline. Everything through the scope's visible pipelines.
 */

const list = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** True when the pipeline is the team's and the scope sees it. */
export async function pipelineVisible(scope: TeamScope, db: AppDb, pipelineUID: string) {
  const r = await db.execute<{ one: number }>(sql`
    SELECT 1 AS one FROM pipeline
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}`);
  return r.rows.length > 0;
}

/** The team's questions in their order: live (membership) ones, then test ones. */
export async function teamQuestions(scope: TeamScope, db: AppDb) {
  const r = await db.execute<{ questionUID: string; question: string }>(sql`
    SELECT question_uid AS "questionUID", question FROM team_question
    WHERE team_uid = ${scope.teamUID}
    ORDER BY (kind <> 'live'), "order", question_uid`);
  return r.rows;
}

/**
 * The distinct questions the contacts matching `plan` answered (non-empty answers) in the
 * pipeline, in first-answered order: the CSV's answer columns, read before its first row.
 * The pipeline is visible (the caller checked).
 */
export async function answeredQuestions(
  scope: TeamScope,
  db: AppDb,
  plan: SearchPlan,
  pipelineUID: string,
) {
  const r = await db.execute<{ questionUID: string | null; question: string }>(sql`
    SELECT a.question_uid AS "questionUID", a.question FROM answer a
    WHERE a.team_uid = ${scope.teamUID} AND a.pipeline_uid = ${pipelineUID}
      AND btrim(a.answer) <> ''
      AND a.gtid IN (SELECT c.gtid FROM contact c WHERE ${whereOf(scope, plan)})
    GROUP BY a.question_uid, a.question
    ORDER BY min(a."order"), a.question, a.question_uid`);
  return r.rows;
}

export interface PageDetails {
  placements: { gtid: string; pipeline: string; stage: string }[];
  tags: { gtid: string; name: string }[];
  labels: Map<string, string>;
  deals: Map<string, string>;
  /** Non-empty answers in the exported pipeline (when answers are written), in order. */
  answers: Map<string, { questionUID: string | null; question: string; answer: string }[]>;
}

export async function pageDetails(
  scope: TeamScope,
  db: AppDb,
  gtids: string[],
  labelUIDs: string[],
  pipelineUID: string | null,
  /** Read the answers in `pipelineUID` (the answers column is written). */
  withAnswers = false,
): Promise<PageDetails> {
  if (gtids.length === 0) {
    return { placements: [], tags: [], labels: new Map(), deals: new Map(), answers: new Map() };
  }
  const onePipeline = pipelineUID ? sql`AND cp.pipeline_uid = ${pipelineUID}` : sql``;
  const placements = await db.execute<{ gtid: string; pipeline: string; stage: string }>(sql`
    SELECT cp.gtid, p.nick_name AS pipeline, coalesce(s.name, '') AS stage
    FROM contact_pipeline cp
    JOIN pipeline p ON p.team_uid = cp.team_uid AND p.pipeline_uid = cp.pipeline_uid
    LEFT JOIN stage s ON s.team_uid = cp.team_uid AND s.stage_uid = cp.stage_uid
    WHERE cp.team_uid = ${scope.teamUID} AND cp.gtid = ANY(${list(gtids)})
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)} ${onePipeline}
    ORDER BY cp.gtid, p."order", cp.pipeline_uid`);
  // A tag's current name; a tag no longer in any set keeps the name it had (orphaned tags).
  const tags = await db.execute<{ gtid: string; name: string }>(sql`
    SELECT ct.gtid, min(coalesce(t.name, ct.name)) AS name FROM contact_tag ct
    LEFT JOIN tag t ON t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id
    WHERE ct.team_uid = ${scope.teamUID} AND ct.gtid = ANY(${list(gtids)})
      AND (ct.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ct.pipeline_uid`)})
    GROUP BY ct.gtid, ct.tag_id
    ORDER BY ct.gtid, 2, ct.tag_id`);
  const labels = labelUIDs.length
    ? await db.execute<{ label_uid: string; display: string }>(sql`
        SELECT label_uid, display FROM status_label
        WHERE team_uid = ${scope.teamUID} AND label_uid = ANY(${list(labelUIDs)})`)
    : { rows: [] };
  const deals = await db.execute<{ gtid: string; value: string }>(sql`
    SELECT d.gtid, sum(d.value)::text AS value FROM deal d
    WHERE d.team_uid = ${scope.teamUID} AND d.gtid = ANY(${list(gtids)}) AND d.status <> 'lost'
      AND ${visiblePipelineFilter(scope, sql`d.pipeline_uid`)}
      ${pipelineUID ? sql`AND d.pipeline_uid = ${pipelineUID}` : sql``}
    GROUP BY d.gtid`);
  const answers = new Map<
    string,
    { questionUID: string | null; question: string; answer: string }[]
  >();
  if (withAnswers && pipelineUID) {
    const r = await db.execute<{
      gtid: string;
      questionUID: string | null;
      question: string;
      answer: string;
    }>(sql`
      SELECT a.gtid, a.question_uid AS "questionUID", a.question, a.answer FROM answer a
      WHERE a.team_uid = ${scope.teamUID} AND a.gtid = ANY(${list(gtids)})
        AND a.pipeline_uid = ${pipelineUID}
        AND ${visiblePipelineFilter(scope, sql`a.pipeline_uid`)} AND btrim(a.answer) <> ''
      ORDER BY a.gtid, a."order", a.answer_uid`);
    for (const { gtid, ...a } of r.rows) {
      const mine = answers.get(gtid);
      if (mine) mine.push(a);
      else answers.set(gtid, [a]);
    }
  }
  return {
    answers,
    placements: placements.rows,
    tags: tags.rows,
    labels: new Map(labels.rows.map((l) => [l.label_uid, l.display])),
    deals: new Map(deals.rows.map((d) => [d.gtid, d.value])),
  };
}
