import { sql, type SQL } from 'drizzle-orm';
import {
  phoneDigits,
  SEARCH_FUZZY_MIN_LENGTH,
  SEARCH_MAX_CORRECTIONS,
  tokenParts,
  type SearchFilter,
  type SearchSortField,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visibleContacts, visiblePipelineFilter } from '../../db/visibility';

/**
 * The filter compiler of the search (SPEC §7): one WHERE built from the filter, always restricted to
 * the team and to `visibleContacts(scope)`; pipeline-bound filters (pipeline, stage, pipeline
 * tags, deals) only look at pipelines the scope sees, so a filter never reveals an invisible
 * pipeline's data. `contact.search_doc` and its trigram index come from migration 0006.
 */

export interface SearchPlan {
  filter: SearchFilter;
  /** The pipeline searched (the filter's, or the one `isPipelineInitial` picked). */
  pipelineUID: string | null;
  tokens: string[];
  sort: { field: SearchSortField; direction: 'asc' | 'desc' };
  from: number;
  size: number;
  after: { v: string | number; g: string } | null;
  exactTotal: boolean;
  /**
   * The typo tokens (those of SEARCH_FUZZY_MIN_LENGTH or more characters that no contact the
   * scope sees matches as typed), each with the team's name words close to it, which it matches
   * in its place ({@link typoCorrections}).
   */
  corrections: ReadonlyMap<string, readonly string[]>;
}

export const list = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

export function escapeLike(token: string): string {
  return token.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A free-text token as typed: a word prefix, its letter-and-digit parts, or phone digits. */
function prefixCondition(token: string): SQL {
  const parts: SQL[] = [sql`c.search_doc LIKE ${`% ${escapeLike(token)}%`}`];
  const split = tokenParts(token);
  if (split.length > 0) {
    parts.push(
      sql`(${sql.join(
        split.map((part) => sql`c.search_doc LIKE ${`% ${escapeLike(part)}%`}`),
        sql` AND `,
      )})`,
    );
  }
  const digits = phoneDigits(token);
  if (digits && digits.length >= 3) parts.push(sql`c.search_doc LIKE ${`%${digits}%`}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * One free-text token as typed or, a typo token, its corrections: each a prefix of a word, as if
 * typed (none: nothing matches). Typos are forgiven against names only: e-mails, phones and
 * handles are identifiers, where a close match is a different person (Algolia's
 * `disableTypoToleranceOnAttributes`); a correction, once found, matches wherever it is typed.
 */
function tokenCondition(token: string, corrections: readonly string[] | undefined): SQL {
  if (!corrections) return prefixCondition(token);
  if (corrections.length === 0) return sql`FALSE`;
  return sql`(${sql.join(
    corrections.map((word) => sql`c.search_doc LIKE ${`% ${escapeLike(word)}%`}`),
    sql` OR `,
  )})`;
}

/**
 * Which tokens are typos, and their corrections. A typo token is one of SEARCH_FUZZY_MIN_LENGTH
 * or more characters that no contact the scope sees matches as typed: a word nobody has, as in
 * type-ahead engines (Typesense's `typo_tokens_threshold`, Algolia's `typoTolerance: min`); a
 * prefix that matches is what the person is typing. Its corrections are the team's name words
 * (`search_word`, migration 0016: a dictionary the database keeps) whose pg_trgm word similarity
 * to it reaches SEARCH_WORD_SIMILARITY, the closest SEARCH_MAX_CORRECTIONS. Looking them up in
 * the dictionary costs a few hundred words' similarity, where `<%` on the contacts computed it
 * for every contact sharing a trigram with the typo (13-17 ms of PostgreSQL's CPU a query).
 * Needs the search session's settings (`setSearchSession` (repo.ts)).
 */
export async function typoCorrections(
  scope: TeamScope,
  db: AppDb,
  tokens: readonly string[],
): Promise<Map<string, string[]>> {
  const long = [...new Set(tokens)].filter((t) => t.length >= SEARCH_FUZZY_MIN_LENGTH);
  const out = new Map<string, string[]>();
  if (long.length === 0) return out;
  // One statement for every token: does any contact the scope sees match it as typed, and if
  // none does, which words are close?
  const r = await db.execute<Record<string, string[] | null>>(
    sql`SELECT ${sql.join(
      long.map(
        (token, i) => sql`CASE WHEN EXISTS (SELECT 1 FROM contact c
          WHERE c.team_uid = ${scope.teamUID} AND ${visibleContacts(scope, 'c')}
            AND ${prefixCondition(token)}) THEN NULL
        ELSE ARRAY(SELECT w.word FROM search_word w
          WHERE w.team_uid = ${scope.teamUID} AND ${token} <% w.word
          ORDER BY word_similarity(${token}, w.word) DESC, w.word COLLATE "C"
          LIMIT ${SEARCH_MAX_CORRECTIONS}) END AS ${sql.raw(`t${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  const row = r.rows[0] ?? {};
  long.forEach((token, i) => {
    const words = row[`t${i}`];
    if (words) out.set(token, words);
  });
  return out;
}

/** Open and won deals of the contact, in the pipelines searched (visible ones; the filter's). */
export function dealValueExpr(scope: TeamScope, pipelineUID: string | null, alias = 'c'): SQL {
  const c = sql.raw(alias);
  return sql`(SELECT coalesce(sum(d.value), 0) FROM deal d
    WHERE d.team_uid = ${c}.team_uid AND d.gtid = ${c}.gtid AND d.status <> 'lost'
      AND ${visiblePipelineFilter(scope, sql`d.pipeline_uid`)}
      ${pipelineUID ? sql`AND d.pipeline_uid = ${pipelineUID}` : sql``})`;
}

/**
 * The contact's non-empty answers in the pipeline searched, in question order (the contact
 * page's order), as JSON; none without a pipeline. Read by `answer_contact_idx` per page row.
 */
export function answersExpr(scope: TeamScope, pipelineUID: string | null): SQL {
  if (!pipelineUID) return sql`'[]'::json`;
  return sql`(SELECT coalesce(json_agg(json_build_object('questionUID', a.question_uid,
        'question', a.question, 'answer', a.answer) ORDER BY a."order", a.answer_uid), '[]'::json)
    FROM answer a
    WHERE a.team_uid = c.team_uid AND a.gtid = c.gtid AND a.pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`a.pipeline_uid`)} AND btrim(a.answer) <> '')`;
}

function dateRange(
  column: SQL,
  range: { from?: string | undefined; to?: string | undefined; includeEmpty?: boolean | undefined },
): SQL {
  const inRange: SQL[] = [sql`${column} IS NOT NULL`];
  if (range.from) inRange.push(sql`${column} >= ${range.from}::timestamptz`);
  if (range.to) inRange.push(sql`${column} < ${range.to}::timestamptz`);
  const cond = sql`(${sql.join(inRange, sql` AND `)})`;
  return range.includeEmpty ? sql`(${cond} OR ${column} IS NULL)` : cond;
}

export function whereOf(scope: TeamScope, plan: SearchPlan): SQL {
  const f = plan.filter;
  const conds: SQL[] = [sql`c.team_uid = ${scope.teamUID}`, visibleContacts(scope, 'c')];
  const visibleCp = (alias: string) =>
    visiblePipelineFilter(scope, sql.raw(`${alias}.pipeline_uid`));

  for (const token of plan.tokens) {
    conds.push(tokenCondition(token, plan.corrections.get(token)));
  }
  // Filters on other tables as uncorrelated semi-joins (`gtid IN (one pass over the team's
  // rows)`): hashed once, where a correlated EXISTS was planned as a probe per contact.
  // A stage filter within the pipeline places the contact in it: one semi-join, not two.
  if (plan.pipelineUID && !f.stageUIDs?.length) {
    conds.push(sql`c.gtid IN (SELECT fp.gtid FROM contact_pipeline fp
      WHERE fp.team_uid = ${scope.teamUID} AND fp.pipeline_uid = ${plan.pipelineUID}
        AND ${visibleCp('fp')})`);
  }
  if (f.stageUIDs?.length) {
    conds.push(sql`c.gtid IN (SELECT fs.gtid FROM contact_pipeline fs
      WHERE fs.team_uid = ${scope.teamUID} AND fs.stage_uid = ANY(${list(f.stageUIDs)})
        AND ${visibleCp('fs')}
        ${plan.pipelineUID ? sql`AND fs.pipeline_uid = ${plan.pipelineUID}` : sql``})`);
  }
  const tagRows = (alias: string, ids: readonly string[]) => {
    const a = sql.raw(alias);
    return sql`SELECT ${a}.tag_id FROM contact_tag ${a}
      WHERE ${a}.team_uid = c.team_uid AND ${a}.gtid = c.gtid AND ${a}.tag_id = ANY(${list(ids)})
        AND (${a}.pipeline_uid IS NULL OR ${visibleCp(alias)})`;
  };
  if (f.tags?.any?.length) {
    conds.push(sql`c.gtid IN (SELECT ta.gtid FROM contact_tag ta
      WHERE ta.team_uid = ${scope.teamUID} AND ta.tag_id = ANY(${list(f.tags.any)})
        AND (ta.pipeline_uid IS NULL OR ${visibleCp('ta')}))`);
  }
  if (f.tags?.all?.length) {
    const all = [...new Set(f.tags.all)];
    if (all.length <= 4) {
      // A semi-join per tag (each one pass over its tag's rows in contact_tag_tag_idx): the
      // grouped pass below spent 20 ms on count(DISTINCT) over two common tags' 11,800 rows.
      for (const tag of all) {
        conds.push(sql`c.gtid IN (SELECT tl.gtid FROM contact_tag tl
          WHERE tl.team_uid = ${scope.teamUID} AND tl.tag_id = ${tag}
            AND (tl.pipeline_uid IS NULL OR ${visibleCp('tl')}))`);
      }
    } else {
      // One grouped pass over the tags' rows (a hashed semi-join), not a count per contact
      // (and not a join per tag, past what the planner searches exhaustively).
      conds.push(sql`c.gtid IN (SELECT tl.gtid FROM contact_tag tl
        WHERE tl.team_uid = ${scope.teamUID} AND tl.tag_id = ANY(${list(all)})
          AND (tl.pipeline_uid IS NULL OR ${visibleCp('tl')})
        GROUP BY tl.gtid HAVING count(DISTINCT tl.tag_id) = ${all.length})`);
    }
  }
  if (f.tags?.none?.length) conds.push(sql`NOT EXISTS (${tagRows('tn', f.tags.none)})`);
  if (f.statusLabels?.length) {
    const uids = f.statusLabels.filter((l): l is string => l !== null);
    const orNone = f.statusLabels.includes(null);
    conds.push(
      sql`(c.status_label_uid = ANY(${list(uids)})${orNone ? sql` OR c.status_label_uid IS NULL` : sql``})`,
    );
  }
  if (f.sources?.length) conds.push(sql`c.sources ?| ${list(f.sources)}`);
  if (f.createdAt) conds.push(dateRange(sql`c.created_at`, f.createdAt));
  if (f.lastActivityAt) conds.push(dateRange(sql`c.last_activity_at`, f.lastActivityAt));
  if (f.GTIDs) conds.push(sql`c.gtid = ANY(${sql.param([...f.GTIDs])}::text[])`);
  // Has e-mail as a range of the e-mail sort's key (its index, contact_email_sort_idx, lists the
  // contacts without one, and its statistics tell the planner how many); has phone as tests of
  // the column (its statistics), where `(coalesce(...) <> '') = $1` was estimated at 0.5 % of
  // the team and counted 10,000 matches by probing a pipeline filter for each (30 ms).
  if (f.hasEmail !== undefined) {
    conds.push(
      f.hasEmail
        ? sql`(lower(coalesce(c.email_address, '')) COLLATE "C") > ''`
        : sql`(lower(coalesce(c.email_address, '')) COLLATE "C") = ''`,
    );
  }
  if (f.hasPhone !== undefined) {
    conds.push(
      f.hasPhone
        ? sql`(c.phone_number IS NOT NULL AND c.phone_number <> '')`
        : sql`(c.phone_number IS NULL OR c.phone_number = '')`,
    );
  }
  if (f.dealValue && (f.dealValue.min !== undefined || f.dealValue.max !== undefined)) {
    const dv = dealValueExpr(scope, plan.pipelineUID);
    if (f.dealValue.min !== undefined)
      conds.push(sql`${dv} >= ${String(f.dealValue.min)}::numeric`);
    if (f.dealValue.max !== undefined)
      conds.push(sql`${dv} <= ${String(f.dealValue.max)}::numeric`);
  }
  return sql.join(conds, sql` AND `);
}
