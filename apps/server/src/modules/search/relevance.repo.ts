import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { escapeLike, type SearchPlan } from './where.repo';

/** Relevance's page as a top-k of its classes, best first. */

/**
 * Relevance's classes, best first: every token a prefix of a name word (0), of any word (1),
 * else (2: a match by its parts, its phone digits or a typo). The same tests as the rank in
 * `sortKey` (sort-key.repo.ts) (a CASE: a NULL test is "not this class"). With a typo token (one no contact
 * the scope sees has as a word prefix, `typoCorrections` (where.repo.ts)) classes 0 and 1 are empty: class
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
export async function relevanceTopK(
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
