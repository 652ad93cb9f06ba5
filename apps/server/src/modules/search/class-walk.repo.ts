import { sql, type SQL } from 'drizzle-orm';
import { type SearchSortField } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';
import { dealValueExpr, list, type SearchPlan } from './where.repo';
import { countMatches } from './count.repo';

/** Class sorts (stage, status label, deal value) read class by class, in the key's order. */

/** Sorts whose key takes few values (or, for deal values, a few ranges): read class by class. */
const CLASS_SORTS = ['stage', 'statusLabel', 'dealValue'] as const;
export function isClassSort(field: SearchSortField): field is (typeof CLASS_SORTS)[number] {
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
 * table shows; bounded at SEARCH_TOTAL_BOUND + 1 as `searchTotal` (count.repo.ts)): few of them
 * ({@link classWalkTuning}) are ranked whole instead (null here), which counts them again. Each
 * contact a class lists is tested by the search's WHERE alone (a per-contact probe, OFFSET 0
 * keeping it one: the planner otherwise joined the whole team to each class), on the class's
 * first `budget` contacts (a top-N sort of the sums, not a sort of them all).
 */
export async function classWalk(
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
