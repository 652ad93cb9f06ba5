import { sql } from 'drizzle-orm';
import { SEARCH_WORD_SIMILARITY, type SearchHit } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';
import { answersExpr, dealValueExpr, list, whereOf, type SearchPlan } from './where.repo';
import { sortKey } from './sort-key.repo';
import { classWalk, isClassSort } from './class-walk.repo';
import { relevanceTopK } from './relevance.repo';

/**
 * The search service's SQL (SPEC §7): one WHERE built from the filter, always restricted to
 * the team and to `visibleContacts(scope)`; pipeline-bound filters (pipeline, stage, pipeline
 * tags, deals) only look at pipelines the scope sees, so a filter never reveals an invisible
 * pipeline's data. `contact.search_doc` and its trigram index come from migration 0006.
 *
 * Here: the page and the search's session settings. The WHERE is `where.repo.ts`, the sort keys
 * `sort-key.repo.ts`, the class sorts' walk `class-walk.repo.ts`, relevance's top-k
 * `relevance.repo.ts` and the total `count.repo.ts`.
 */

export type PageRow = {
  gtid: string;
  /** Every match's count, when the page's query ranked them all (else null). */
  match_count: string | null;
  cursor_value: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email_address: string | null;
  phone_number: string | null;
  photo_url: string | null;
  sources: string[];
  profiles: Record<string, string>;
  status_label_uid: string | null;
  created_at: string;
  last_activity_at: string | null;
  deal_value: string;
  /** Placements in the pipelines the scope sees, in pipeline order. */
  placements: { pipelineUID: string; stageUID: string }[];
  /** Global tags and tags of pipelines the scope sees. */
  tag_ids: string[];
  /** Non-empty answers in the pipeline searched (none without one). */
  answers: { questionUID: string | null; question: string; answer: string }[];
};

/**
 * One page. The inner query finds the page's GTIDs in sort order (an index walk for the
 * indexed sorts, so OFFSET up to 10,000 skips index entries, not computed rows); the outer one
 * reads those rows and computes their columns, deal sums, cursors, placements and tags for them
 * alone (one statement for the whole page).
 */
export async function searchPage(
  scope: TeamScope,
  db: AppDb,
  plan: SearchPlan,
  /** `answers: false`: no answers read (the CSV export reads its pipeline's answers itself). */
  options: { answers?: boolean } = {},
) {
  const where = whereOf(scope, plan);
  const { key, cursorText, cast, ranked, columns: keyColumns } = sortKey(scope, plan);
  const rankKey = ranked?.key ?? key;
  // Relevance "desc" (the default) is best first, i.e. ascending on its rank key.
  const ascending = (plan.sort.direction === 'asc') !== (plan.sort.field === 'relevance');
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const after = plan.after
    ? sql`AND (${rankKey}, c.gtid) ${ascending ? sql`>` : sql`<`}
        (${String(plan.after.v)}${cast}, ${plan.after.g}::text COLLATE "C")`
    : sql``;
  const iso = (col: string) =>
    sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  // A sort no index gives ranks every match anyway: the count of them comes with the page.
  const counted = plan.sort.field === 'relevance' || ranked !== undefined;
  const select = sql`SELECT c.gtid, ${counted ? sql`page.match_count` : sql`NULL`} AS match_count,
      ${cursorText} AS cursor_value, c.first_name, c.last_name, c.full_name,
      c.email_address, c.phone_number, c.photo_url, c.sources, c.profiles, c.status_label_uid,
      ${iso('c.created_at')} AS created_at, ${iso('c.last_activity_at')} AS last_activity_at,
      ${dealValueExpr(scope, plan.pipelineUID)}::text AS deal_value,
      (SELECT coalesce(json_agg(json_build_object('pipelineUID', cp.pipeline_uid, 'stageUID', cp.stage_uid)
          ORDER BY p."order", cp.pipeline_uid), '[]'::json)
        FROM contact_pipeline cp
        LEFT JOIN pipeline p ON p.team_uid = cp.team_uid AND p.pipeline_uid = cp.pipeline_uid
        WHERE cp.team_uid = c.team_uid AND cp.gtid = c.gtid
          AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)}) AS placements,
      (SELECT coalesce(array_agg(DISTINCT ct.tag_id ORDER BY ct.tag_id), '{}'::text[])
        FROM contact_tag ct
        WHERE ct.team_uid = c.team_uid AND ct.gtid = c.gtid
          AND (ct.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ct.pipeline_uid`)})) AS tag_ids,
      ${answersExpr(scope, options.answers === false ? null : plan.pipelineUID)} AS answers`;
  const rows = sql`JOIN contact c ON c.team_uid = ${scope.teamUID} AND c.gtid = page.gtid
    ORDER BY ${key} ${dir}, c.gtid ${dir}`;
  if (plan.sort.field === 'relevance') {
    const top = await relevanceTopK(scope, db, plan, where, ascending);
    if (top.gtids.length === 0) return [];
    // The page's rows by their keys, named: every type-ahead keystroke of the same shape sends
    // this text (PGlite: 2.7 ms a call unnamed, 1.1 ms named).
    const r = await executePrepared<PageRow>(
      db,
      sql`${select}
      FROM (SELECT gtid, ${top.count === null ? sql`NULL` : sql`${top.count}`}::bigint AS match_count
        FROM unnest(${list(top.gtids)}) AS u(gtid)) page
      ${rows}`,
    );
    return r.rows;
  }
  if (!counted) {
    const r = await db.execute<PageRow>(sql`${select}
      FROM (SELECT c.gtid FROM contact c
        WHERE ${where} ${after}
        ORDER BY ${rankKey} ${dir}, c.gtid ${dir}
        LIMIT ${plan.size} OFFSET ${plan.from}) page
      ${rows}`);
    return r.rows;
  }
  // A class sort without a cursor, unless a text of two characters or more leaves few matches
  // (ranked whole at once): counted, then walked class by class when the matches are many.
  if (!plan.after && isClassSort(plan.sort.field) && plan.tokens.join('').length <= 1) {
    const walked = await classWalk(scope, db, plan, where, ascending);
    if (walked) {
      if (walked.page.length === 0) return [];
      const r = await db.execute<PageRow>(sql`${select}
        FROM (SELECT gtid, ${walked.count}::bigint AS match_count
          FROM unnest(${list(walked.page)}) AS u(gtid)) page
        ${rows}`);
      return r.rows;
    }
  }
  // Ranking every match: the matches are found on their own (OFFSET 0 keeps the planner from
  // pushing the LIMIT into them, which made it sort the whole team first and probe a filter's
  // semi-join once per contact: 120,000 index reads for a stage sort over a pipeline), with
  // their sort columns, then counted and sorted once.
  const columns = ranked ? [rankKey] : (keyColumns ?? [rankKey]);
  const named = columns.map((col, i) => sql`${col} AS ${sql.raw(`k${i}`)}`);
  const order = columns.map((_, i) => sql`m.${sql.raw(`k${i}`)} ${dir}`);
  const r = await db.execute<PageRow>(sql`${select}
    FROM (SELECT m.gtid, count(*) OVER () AS match_count
      FROM (SELECT c.gtid, ${sql.join(named, sql`, `)}
        FROM contact c ${ranked?.join ?? sql``}
        WHERE ${where} ${after}
        OFFSET 0) m
      ORDER BY ${sql.join(order, sql`, `)}, m.gtid ${dir}
      LIMIT ${plan.size} OFFSET ${plan.from}) page
    ${rows}`);
  return r.rows;
}

/**
 * The search transaction's planner settings (SET LOCAL: this transaction alone), set before any
 * of its statements by every reader of the search's SQL:
 * - no sequential scan (the typo check's `EXISTS` probes were planned as a scan of the whole
 *   table, 100 ms for a token nobody has, where the trigram index answers in under 1 ms);
 * - room to count and sort every match of a short prefix in memory (the ranking spilled ~9 MB
 *   to temporary files at the default 4 MB work_mem);
 * - no JIT (PostgreSQL compiled a class walk estimated past jit_above_cost, 10 ms, for a
 *   statement that ran in 1 ms; embedded PGlite has none) and no parallel workers (a count of
 *   3,000 matches started two, 28 ms where one backend takes ~10: a search is short, and the
 *   server runs eight at once on two cores);
 * - the typo tolerance of `<%` (the dictionary's trigram index honours it).
 */
export async function setSearchSession(scope: TeamScope, db: AppDb) {
  void scope;
  await db.execute(
    sql`SELECT set_config('enable_seqscan', 'off', true), set_config('work_mem', '32MB', true),
      set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
      set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true)`,
  );
}

/** Whether the scope sees the pipeline (of its team, and one the caller may see). */
export async function pipelineVisible(scope: TeamScope, db: AppDb, pipelineUID: string) {
  const r = await db.execute(sql`
    SELECT 1 FROM pipeline WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}`);
  return r.rows.length > 0;
}

/** The pipeline a pipeline view opens on: the default one if visible, else the first visible. */
export async function initialPipeline(scope: TeamScope, db: AppDb): Promise<string | null> {
  const r = await db.execute<{ pipeline_uid: string }>(sql`
    SELECT pipeline_uid FROM pipeline
    WHERE team_uid = ${scope.teamUID} AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}
    ORDER BY is_default DESC, "order", pipeline_uid LIMIT 1`);
  return r.rows[0]?.pipeline_uid ?? null;
}

export function toHit(row: PageRow): SearchHit {
  return {
    GTID: row.gtid,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    emailAddress: row.email_address,
    phoneNumber: row.phone_number,
    photoURL: row.photo_url,
    sources: row.sources,
    profiles: row.profiles,
    statusLabelUID: row.status_label_uid,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    pipelines: row.placements.map((p) => ({ pipelineUID: p.pipelineUID, stageUID: p.stageUID })),
    tagIDs: row.tag_ids,
    dealValue: row.deal_value,
    answers: row.answers.map((a) => ({
      questionUID: a.questionUID,
      question: a.question,
      answer: a.answer,
    })),
  };
}

/**
 * Every match's GTID (up to `limit`), in the plan's sort: what "select all matching" acts on,
 * the same WHERE as {@link searchPage} and `searchTotal` (count.repo.ts) (bulk jobs).
 */
export async function matchingGtids(
  scope: TeamScope,
  db: AppDb,
  plan: SearchPlan,
  limit: number,
): Promise<string[]> {
  const where = whereOf(scope, plan);
  const { key } = sortKey(scope, plan);
  const ascending = (plan.sort.direction === 'asc') !== (plan.sort.field === 'relevance');
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const r = await db.execute<{ gtid: string }>(sql`
    SELECT c.gtid FROM contact c WHERE ${where}
    ORDER BY ${key} ${dir}, c.gtid ${dir}
    LIMIT ${limit}`);
  return r.rows.map((row) => row.gtid);
}
