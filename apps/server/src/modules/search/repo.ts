import { sql, type SQL } from 'drizzle-orm';
import {
  phoneDigits,
  SEARCH_FUZZY_MIN_LENGTH,
  SEARCH_MAX_CORRECTIONS,
  SEARCH_TOTAL_BOUND,
  SEARCH_WORD_SIMILARITY,
  tokenParts,
  type SearchFilter,
  type SearchHit,
  type SearchSortField,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { TeamScope } from '../../db/scope';
import { visibleContacts, visiblePipelineFilter } from '../../db/visibility';

/**
 * The search service's SQL (SPEC §7): one WHERE built from the filter, always restricted to
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

const list = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

function escapeLike(token: string): string {
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
 * Needs the search session's settings ({@link setSearchSession}).
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
function dealValueExpr(scope: TeamScope, pipelineUID: string | null, alias = 'c'): SQL {
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
function answersExpr(scope: TeamScope, pipelineUID: string | null): SQL {
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

/** Stored columns of migration 0009 (`sort_name` is COLLATE "C"). */
const NAME_KEY = sql`c.sort_name`;

/**
 * The sort key (never null, so keyset paging is total), and how a cursor value is cast back.
 * `ranked`: for keys read from other tables, the same key from a join, for the query that ranks
 * every match (one hashed pass instead of a lookup per contact); `key` then serves the page's
 * rows alone.
 */
interface SortKey {
  key: SQL;
  cursorText: SQL;
  cast: SQL;
  ranked?: { join: SQL; key: SQL };
  /**
   * The same order as `key` in columns the ranking query sorts on (no per-row text built):
   * relevance's rank class, then the name key.
   */
  columns?: SQL[];
}

function sortKey(scope: TeamScope, plan: SearchPlan): SortKey {
  const text = { cast: sql`::text COLLATE "C"` };
  switch (plan.sort.field) {
    case 'relevance': {
      // Best first: every token a prefix of a name word (rank 0), of any word (1), else a
      // typo match (2); then by name. One text key, so it pages with a cursor like the others.
      const names = sql`c.search_names`;
      const all = (target: SQL) =>
        plan.tokens.length
          ? sql.join(
              plan.tokens.map((t) => sql`${target} LIKE ${`% ${escapeLike(t)}%`}`),
              sql` AND `,
            )
          : sql`TRUE`;
      const rank = sql`(CASE WHEN ${all(names)} THEN 0 WHEN ${all(sql`c.search_doc`)} THEN 1 ELSE 2 END)`;
      const key = sql`((CASE WHEN ${all(names)} THEN '0' WHEN ${all(sql`c.search_doc`)} THEN '1' ELSE '2' END)
        || ${NAME_KEY}) COLLATE "C"`;
      // The class is one character and the name key is COLLATE "C": ordering by (class, name)
      // is ordering by the concatenated key.
      return { key, cursorText: key, ...text, columns: [rank, NAME_KEY] };
    }
    case 'name': {
      const key = NAME_KEY;
      return { key, cursorText: key, ...text };
    }
    case 'email': {
      const key = sql`(lower(coalesce(c.email_address, '')) COLLATE "C")`;
      return { key, cursorText: key, ...text };
    }
    case 'phone': {
      const key = sql`(regexp_replace(coalesce(c.phone_number, ''), '[^0-9]', '', 'g') COLLATE "C")`;
      return { key, cursorText: key, ...text };
    }
    case 'source': {
      const key = sql`(coalesce(c.sources->>0, '') COLLATE "C")`;
      return { key, cursorText: key, ...text };
    }
    case 'statusLabel': {
      const key = sql`(coalesce((SELECT lower(l.display) FROM status_label l
        WHERE l.team_uid = c.team_uid AND l.label_uid = c.status_label_uid), '') COLLATE "C")`;
      return {
        key,
        cursorText: key,
        ...text,
        ranked: {
          join: sql`LEFT JOIN status_label sl
            ON sl.team_uid = c.team_uid AND sl.label_uid = c.status_label_uid`,
          key: sql`(coalesce(lower(sl.display), '') COLLATE "C")`,
        },
      };
    }
    case 'createdAt':
      return {
        key: sql`c.created_at`,
        cursorText: sql`to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        cast: sql`::timestamptz`,
      };
    case 'lastActivityAt':
      return {
        key: sql`coalesce(c.last_activity_at, '-infinity'::timestamptz)`,
        cursorText: sql`CASE WHEN c.last_activity_at IS NULL THEN '-infinity'
          ELSE to_char(c.last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') END`,
        cast: sql`::timestamptz`,
      };
    case 'stage': {
      const key = sql`coalesce((SELECT s.idx FROM contact_pipeline sp
        JOIN stage s ON s.team_uid = sp.team_uid AND s.stage_uid = sp.stage_uid
        WHERE sp.team_uid = c.team_uid AND sp.gtid = c.gtid
          AND sp.pipeline_uid = ${plan.pipelineUID ?? ''}), -1)`;
      return {
        key,
        cursorText: sql`${key}::text`,
        cast: sql`::int`,
        ranked: {
          join: sql`LEFT JOIN (SELECT sp.gtid, s.idx FROM contact_pipeline sp
              JOIN stage s ON s.team_uid = sp.team_uid AND s.stage_uid = sp.stage_uid
              WHERE sp.team_uid = ${scope.teamUID} AND sp.pipeline_uid = ${plan.pipelineUID ?? ''}) sk
            ON sk.gtid = c.gtid`,
          key: sql`coalesce(sk.idx, -1)`,
        },
      };
    }
    case 'dealValue': {
      const key = dealValueExpr(scope, plan.pipelineUID);
      return {
        key,
        cursorText: sql`${key}::text`,
        cast: sql`::numeric`,
        ranked: {
          join: sql`LEFT JOIN (SELECT d.gtid, sum(d.value) AS v FROM deal d
              WHERE d.team_uid = ${scope.teamUID} AND d.status <> 'lost'
                AND ${visiblePipelineFilter(scope, sql`d.pipeline_uid`)}
                ${plan.pipelineUID ? sql`AND d.pipeline_uid = ${plan.pipelineUID}` : sql``}
              GROUP BY d.gtid) sk
            ON sk.gtid = c.gtid`,
          key: sql`coalesce(sk.v, 0)`,
        },
      };
    }
  }
}

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
    const r = await executePrepared<PageRow>(db, sql`${select}
      FROM (SELECT gtid, ${top.count === null ? sql`NULL` : sql`${top.count}`}::bigint AS match_count
        FROM unnest(${list(top.gtids)}) AS u(gtid)) page
      ${rows}`);
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

/** Sorts whose key takes few values (or, for deal values, a few ranges): read class by class. */
const CLASS_SORTS = ['stage', 'statusLabel', 'dealValue'] as const;
function isClassSort(field: SearchSortField): field is (typeof CLASS_SORTS)[number] {
  return (CLASS_SORTS as readonly string[]).includes(field);
}

/**
 * When the class sorts walk ({@link classWalk}); the tests shrink them to take every path on a
 * small team. A walk reads about `from + size` x (contacts walked / matches) contacts, ranking
 * every match reads them all: the walk is taken for at least `minMatches` matches and
 * `matchesPerRow` per row wanted (so a walk of the demo team's pipeline of 28,000 reads at most
 * ~20 contacts a row), and gives up (ranking every match instead) past `budgetPerRow` contacts a
 * row wanted (at least `budgetMin`) in one class, where a filter thins out within the classes
 * read first.
 */
export const classWalkTuning = {
  minMatches: 2000,
  matchesPerRow: 9,
  budgetPerRow: 24,
  budgetMin: 1024,
};

/**
 * One class of a class sort: `scan` (a FROM and WHERE over the alias `k`, with `k.gtid`) lists
 * the class's contacts, a superset of its matches, and `order` is the key's order within the
 * class (ending with `k.gtid`), which an index gives.
 */
interface WalkClass {
  scan: SQL;
  order: SQL;
  /** Ordered by `k.v` (a sum), then `k.gtid`; else by `k.gtid`. */
  bySum?: boolean;
}

/**
 * The classes of a class sort, in the key's order (`ascending` or not); an empty list when a
 * class can hold no match of the filter is not read (a stage or label the filter excludes).
 * - stage: the pipeline's stages by idx (stages sharing an idx are one class), each in GTID
 *   order (`contact_pipeline_stage_gtid_idx`, migration 0015);
 * - statusLabel: the team's labels by lower-case display (those sharing one are one class),
 *   each in GTID order (`contact_status_label_idx`), and first (ascending) the empty key: no
 *   label, an unknown one or one displayed as '';
 * - dealValue: contacts whose open and won deals sum below zero (by sum), those at zero (most:
 *   no deal; in GTID order), those above zero (by sum).
 */
async function walkClasses(
  scope: TeamScope,
  db: AppDb,
  plan: SearchPlan,
  ascending: boolean,
): Promise<WalkClass[] | null> {
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const byGtid = sql`k.gtid ${dir}`;
  const f = plan.filter;
  const inClass = (column: SQL, uids: readonly string[]) =>
    uids.length === 1 ? sql`${column} = ${uids[0]}` : sql`${column} = ANY(${list(uids)})`;
  switch (plan.sort.field) {
    case 'stage': {
      if (!plan.pipelineUID) return null;
      const r = await db.execute<{ idx: number; uids: string[] }>(sql`
        SELECT s.idx, array_agg(s.stage_uid ORDER BY s.stage_uid) AS uids FROM stage s
        WHERE s.team_uid = ${scope.teamUID} AND s.pipeline_uid = ${plan.pipelineUID}
          ${f.stageUIDs?.length ? sql`AND s.stage_uid = ANY(${list(f.stageUIDs)})` : sql``}
        GROUP BY s.idx ORDER BY s.idx ${dir}`);
      return r.rows.map((row) => ({
        scan: sql`contact_pipeline k WHERE k.team_uid = ${scope.teamUID}
          AND ${inClass(sql`k.stage_uid`, row.uids)} AND k.pipeline_uid = ${plan.pipelineUID}`,
        order: byGtid,
      }));
    }
    case 'statusLabel': {
      const r = await db.execute<{ key: string; uids: string[] }>(sql`
        SELECT coalesce(lower(l.display), '') COLLATE "C" AS key,
          array_agg(l.label_uid ORDER BY l.label_uid) AS uids
        FROM status_label l WHERE l.team_uid = ${scope.teamUID}
        GROUP BY 1 ORDER BY 1 ${dir}`);
      const wanted = f.statusLabels?.length ? f.statusLabels : null;
      const named = r.rows.filter((row) => row.key !== '');
      const shown = named.flatMap((row) => row.uids);
      const classes: WalkClass[] = [];
      for (const row of named) {
        const uids = wanted ? row.uids.filter((uid) => wanted.includes(uid)) : row.uids;
        if (uids.length === 0) continue;
        classes.push({
          scan: sql`contact k WHERE k.team_uid = ${scope.teamUID}
            AND ${inClass(sql`k.status_label_uid`, uids)}`,
          order: byGtid,
        });
      }
      // The empty key: unless the filter names only labels with a display.
      if (!wanted || wanted.some((uid) => uid === null || !shown.includes(uid))) {
        const empty = {
          scan: sql`contact k WHERE k.team_uid = ${scope.teamUID}
            AND (k.status_label_uid IS NULL
              ${shown.length ? sql`OR NOT (k.status_label_uid = ANY(${list(shown)}))` : sql``})`,
          order: byGtid,
        };
        if (ascending) classes.unshift(empty);
        else classes.push(empty);
      }
      return classes;
    }
    case 'dealValue': {
      const min = f.dealValue?.min;
      const max = f.dealValue?.max;
      // Sums in GTID order from `deal_pipeline_sum_idx` (migration 0015); below zero only
      // where the team has a deal below zero (`deal_negative_idx`, empty as a rule: a one-time
      // test, so the sums are not computed for nothing).
      const sums = (sign: '<' | '>') => sql`(SELECT d.gtid, sum(d.value) AS v FROM deal d
          WHERE d.team_uid = ${scope.teamUID} AND d.status <> 'lost'
            AND ${visiblePipelineFilter(scope, sql`d.pipeline_uid`)}
            ${plan.pipelineUID ? sql`AND d.pipeline_uid = ${plan.pipelineUID}` : sql``}
            ${
              sign === '<'
                ? sql`AND EXISTS (SELECT 1 FROM deal n
                    WHERE n.team_uid = ${scope.teamUID} AND n.value < 0)`
                : sql``
            }
          GROUP BY d.gtid HAVING sum(d.value) ${sql.raw(sign)} 0) k`;
      const bySum = sql`k.v ${dir}, k.gtid ${dir}`;
      const below = { scan: sums('<'), order: bySum, bySum: true };
      const above = { scan: sums('>'), order: bySum, bySum: true };
      const zero = {
        // Within the pipeline, only the stages a stage filter names (its placements there).
        scan: plan.pipelineUID
          ? sql`contact_pipeline k WHERE k.team_uid = ${scope.teamUID}
              AND k.pipeline_uid = ${plan.pipelineUID}
              ${f.stageUIDs?.length ? sql`AND k.stage_uid = ANY(${list(f.stageUIDs)})` : sql``}
              AND ${dealValueExpr(scope, plan.pipelineUID, 'k')} = 0`
          : sql`contact k WHERE k.team_uid = ${scope.teamUID}
              AND ${dealValueExpr(scope, null, 'k')} = 0`,
        order: byGtid,
      };
      const classes: WalkClass[] = [];
      if (min === undefined || min < 0) classes.push(below);
      if ((min === undefined || min <= 0) && (max === undefined || max >= 0)) classes.push(zero);
      if (max === undefined || max > 0) classes.push(above);
      return ascending ? classes : classes.reverse();
    }
    default:
      return null;
  }
}

/**
 * A class sort's page (stage, status label, deal value; no cursor) as a top-k, not a ranking
 * of every match: the key is (class, GTID) or (sum, GTID), so the page is the first matches of
 * the first class in its index order, then of the next one, each class asked only for what the
 * ones before left to fill ({@link walkClasses}). The matches are counted first (the total the
 * table shows; bounded at SEARCH_TOTAL_BOUND + 1 as {@link searchTotal}): few of them
 * ({@link classWalkTuning}) are ranked whole instead (null here), which counts them again. Each
 * contact a class lists is tested by the search's WHERE alone (a per-contact probe, OFFSET 0
 * keeping it one: the planner otherwise joined the whole team to each class), on the class's
 * first `budget` contacts (a top-N sort of the sums, not a sort of them all).
 */
async function classWalk(
  scope: TeamScope,
  db: AppDb,
  plan: SearchPlan,
  where: SQL,
  ascending: boolean,
): Promise<{ page: string[]; count: number } | null> {
  const want = plan.from + plan.size;
  const count = await countMatches(scope, db, plan, where);
  if (
    count < classWalkTuning.minMatches ||
    count < classWalkTuning.matchesPerRow * want ||
    count <= plan.from
  ) {
    return null;
  }
  const classes = await walkClasses(scope, db, plan, ascending);
  if (!classes) return null;
  const budget = Math.max(classWalkTuning.budgetMin, classWalkTuning.budgetPerRow * want);
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const found: string[] = [];
  for (const cls of classes) {
    const need = want - found.length;
    if (need <= 0) break;
    const r = await db.execute<{ gtid: string; hit: boolean; rn: string | number }>(sql`
      SELECT w.gtid, w.hit, w.rn FROM (
        SELECT x.gtid, EXISTS (SELECT 1 FROM contact c
            WHERE c.team_uid = ${scope.teamUID} AND c.gtid = x.gtid AND ${where} OFFSET 0) AS hit,
          row_number() OVER (ORDER BY ${cls.bySum ? sql`x.v ${dir}, ` : sql``}x.gtid ${dir}) AS rn
        FROM (SELECT k.gtid${cls.bySum ? sql`, k.v` : sql``} FROM ${cls.scan}
          ORDER BY ${cls.order} LIMIT ${budget}) x) w
      WHERE w.hit OR w.rn = ${budget}
      LIMIT ${need}`);
    const hits = r.rows.filter((row) => row.hit).map((row) => row.gtid);
    found.push(...hits);
    // The class's budget spent short of the rows wanted: the filter is sparse here.
    if (hits.length < need && r.rows.some((row) => Number(row.rn) === budget)) return null;
  }
  return { page: found.slice(plan.from, want), count };
}

/**
 * Relevance's classes, best first: every token a prefix of a name word (0), of any word (1),
 * else (2: a match by its parts, its phone digits or a typo). The same tests as the rank in
 * {@link sortKey} (a CASE: a NULL test is "not this class"). With a typo token (one no contact
 * the scope sees has as a word prefix, {@link typoCorrections}) classes 0 and 1 are empty: class
 * 2, every match, alone is read.
 */
function relevanceClasses(plan: SearchPlan): { char: string; cond: SQL }[] {
  if (plan.tokens.length === 0) return [{ char: '0', cond: sql`TRUE` }];
  const all = (target: SQL) =>
    sql`(${sql.join(
      plan.tokens.map((t) => sql`${target} LIKE ${`% ${escapeLike(t)}%`}`),
      sql` AND `,
    )})`;
  const names = all(sql`c.search_names`);
  const doc = all(sql`c.search_doc`);
  const rest = { char: '2', cond: sql`${names} IS NOT TRUE AND ${doc} IS NOT TRUE` };
  if (plan.corrections.size > 0) return [{ char: '2', cond: sql`TRUE` }];
  return [
    { char: '0', cond: names },
    { char: '1', cond: sql`${names} IS NOT TRUE AND ${doc}` },
    rest,
  ];
}

/**
 * How relevance's top-k reads a class ({@link relevanceTopK}); the tests shrink them to take
 * every path on a small team. The walk in name order pays off on a dense class and is lost on a
 * sparse one, and a prefix's matches thin out fast with its length, so it reads at most
 * max(`walkPerRow` x rows wanted, `walkShort` contacts for a one-character text, else
 * `walkLong`): 1,024 finds the palette's 8 rows of most single letters (the demo team's "l",
 * "m", "s" within 520-940 names; ~1 ms, where all their 5,000-7,500 matches cost 3-5 ms), 64
 * those of a class holding an eighth of the team or more (an e-mail domain, a phone prefix:
 * "example" within 10 names, "555" within 17) and costs a sparse text ~0.1 ms.
 */
export const relevanceTuning = { walkShort: 1024, walkLong: 64, walkPerRow: 8 };

/**
 * Relevance as a top-k (the first `from + size` in the key's order), not a ranking of every
 * match: the key is (class, name, GTID), so the page is the first rows of class 0 in name order,
 * then of class 1, then of class 2, each class asked only for what the ones before left to fill.
 * A class is read in one of two ways, tried in order:
 * 1. a walk of the team's contacts in name order (`contact_sort_name_idx`) that tests each and
 *    stops at the rows wanted, within a budget: a dense class ("example", "555", most single
 *    letters) fills the page in a few hundred contacts, where a trigram bitmap over its ~30,000
 *    matches costs tens of ms before one row is sorted;
 * 2. else (sparse, or dense far along the names: a first name's prefix, all in one run) every
 *    match, sorted and counted: the trigram indexes read just those (`search_names` has its own,
 *    migration 0014, so class 0 of an e-mail or phone fragment is found empty at once).
 * The classes' counts, when every class was read whole, give the total; else it is counted apart.
 */
async function relevanceTopK(
  scope: TeamScope,
  db: AppDb,
  plan: SearchPlan,
  where: SQL,
  ascending: boolean,
): Promise<{ gtids: string[]; count: number | null }> {
  const want = plan.from + plan.size;
  const dir = ascending ? sql`ASC` : sql`DESC`;
  const order = sql`ORDER BY c.sort_name ${dir}, c.gtid ${dir}`;
  const classes = relevanceClasses(plan);
  if (!ascending) classes.reverse();
  const found: string[] = [];
  let count: number | null = 0;
  for (const cls of classes) {
    const need = want - found.length;
    if (need <= 0) {
      count = null;
      break;
    }
    // The cursor: its key is the class character, then the name key. A class before the
    // cursor's holds nothing after it; the cursor's own class continues after its name and GTID.
    let after = sql``;
    if (plan.after) {
      const v = String(plan.after.v);
      const head = v.slice(0, 1);
      if (ascending ? cls.char < head : cls.char > head || head === '') continue;
      if (cls.char === head) {
        after = sql`AND (c.sort_name, c.gtid) ${ascending ? sql`>` : sql`<`}
          (${v.slice(1)}::text COLLATE "C", ${plan.after.g}::text COLLATE "C")`;
      }
    }
    // The class's own test first: it fails fast where the search's may not.
    const cond = sql`${cls.cond} AND ${where} ${after}`;
    // Every match of the class, sorted (OFFSET 0: found on their own, by the trigram indexes,
    // not by walking the names again), and counted.
    const whole = sql`SELECT m.gtid, count(*) OVER () AS n
      FROM (SELECT c.gtid, c.sort_name FROM contact c WHERE ${cond} OFFSET 0) m
      ORDER BY m.sort_name ${dir}, m.gtid ${dir}
      LIMIT ${need}`;
    // One statement: the walk in name order within the budget (the row at the budget's end comes
    // back, matching or not, so a spent budget is told from the team's end), then, only when the
    // walk came short with its budget spent (a one-time filter: not run otherwise), the whole.
    const short = plan.tokens.join('').length <= 1;
    const budget = Math.max(
      short ? relevanceTuning.walkShort : relevanceTuning.walkLong,
      relevanceTuning.walkPerRow * need,
    );
    const r = await db.execute<{
      gtid: string;
      hit: boolean | null;
      rn: string | number | null;
      n: string | number | null;
      part: number;
      ord: string | number;
    }>(sql`WITH w AS MATERIALIZED (
        SELECT w.gtid, w.hit, w.rn
        FROM (SELECT c.gtid, (${cond}) AS hit, row_number() OVER (${order}) AS rn
          FROM contact c WHERE c.team_uid = ${scope.teamUID} ${after}
          ${order} LIMIT ${budget}) w
        WHERE w.hit OR w.rn = ${budget}
        LIMIT ${need})
      SELECT x.gtid, x.hit, x.rn, x.n, x.part, x.ord FROM (
        SELECT w.gtid, w.hit, w.rn, NULL::bigint AS n, 1 AS part, w.rn AS ord FROM w
        UNION ALL
        SELECT m.gtid, NULL, NULL, m.n, 2, row_number() OVER () FROM (${whole}) m
        WHERE (SELECT count(*) FROM w WHERE w.hit) < ${need}
          AND EXISTS (SELECT 1 FROM w WHERE w.rn = ${budget})) x
      ORDER BY x.part, x.ord`);
    const walked = r.rows.filter((row) => row.part === 1);
    const hits = walked.filter((row) => row.hit === true).map((row) => row.gtid);
    if (hits.length >= need) {
      found.push(...hits);
      count = null;
      break;
    }
    if (!walked.some((row) => Number(row.rn) === budget)) {
      // The walk reached the team's last contact: the class is complete.
      found.push(...hits);
      if (count !== null) count += hits.length;
      continue;
    }
    const rest = r.rows.filter((row) => row.part === 2);
    found.push(...rest.map((row) => row.gtid));
    if (count !== null) count += Number(rest[0]?.n ?? 0);
  }
  return { gtids: found.slice(plan.from, want), count };
}

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
async function countMatches(scope: TeamScope, db: AppDb, plan: SearchPlan, where: SQL) {
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
 * the same WHERE as {@link searchPage} and {@link searchTotal} (bulk jobs, issue 7).
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
