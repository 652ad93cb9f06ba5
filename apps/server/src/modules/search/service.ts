import {
  decodeSearchCursor,
  effectiveSort,
  encodeSearchCursor,
  searchTokens,
  type SearchAnswer,
  type SearchFilter,
  type SearchRequest,
  DomainError,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Db, inTx } from '../../db/tx';
import { searchTotal, totalOf } from './count.repo';
import * as repo from './repo';
import { typoCorrections, type SearchPlan } from './where.repo';

/**
 * SPEC §7 search: a page of the contacts the scope sees that match the request, and their
 * total (exact, or a bound marked `gte`). Nothing is cached: every call reads the database.
 */
export async function search(
  database: Db,
  scope: TeamScope,
  req: SearchRequest,
  /** Receives where the time went (ms): waiting for a connection, then on it. */
  timing?: (phase: 'queue' | 'db', ms: number) => void,
): Promise<SearchAnswer> {
  const sort = effectiveSort(req);
  const sortTag = `${sort.field}:${sort.direction}`;
  let after: SearchPlan['after'] = null;
  if (req.paging.searchAfter) {
    const cursor = decodeSearchCursor(req.paging.searchAfter);
    if (!cursor || cursor.s !== sortTag || !cursorValueFits(sort.field, cursor.v)) {
      throw new DomainError(
        'invalid-argument',
        'paging.searchAfter: not a cursor of this sort; start again from the first page.',
        'paging.searchAfter',
      );
    }
    after = { v: cursor.v, g: cursor.g };
  }
  // One read transaction per search: its statements run back to back on one connection, so on
  // the single embedded connection searches queue whole and in order (first come, first
  // served) instead of interleaving statement by statement; and the typo tolerance is set for
  // it alone (SET LOCAL).
  const asked = performance.now();
  return inTx(database, scope, async (tx) => {
    timing?.('queue', performance.now() - asked);
    const started = performance.now();
    const db = tx.db;
    await repo.setSearchSession(scope, db);
    const pipelineUID =
      req.searchObj.pipelineUID ??
      (req.isPipelineInitial ? await repo.initialPipeline(scope, db) : null);
    const { plan, rows } = await searchPageCorrected(scope, db, {
      filter: req.searchObj,
      pipelineUID,
      sort,
      from: req.paging.from,
      size: req.paging.size,
      after,
      exactTotal: req.options.total === 'exact',
    });
    // A pipeline the caller cannot see (another team's, or one withheld) is not found, as on
    // every other route; a page with a hit in it proves the pipeline visible, so only an empty
    // page asks.
    const named = req.searchObj.pipelineUID;
    if (rows.length === 0 && named && !(await repo.pipelineVisible(scope, db, named))) {
      throw new DomainError('not-found', 'Pipeline not found', 'searchObj.pipelineUID');
    }
    // A short page that is not empty (or the first one) ends the list: it holds the total.
    // Else the page's own count of every match (sorts that rank them all), else a count.
    // With `total: 'none'` (the command palette shows no count) nothing is counted: the total
    // is what the page proves, at least the hits up to its end.
    const counted = rows[0]?.match_count;
    const total =
      !after && rows.length < plan.size && (rows.length > 0 || plan.from === 0)
        ? { value: plan.from + rows.length, relation: 'eq' as const }
        : req.options.total === 'none'
          ? {
              value: rows.length === 0 ? 0 : (after ? 0 : plan.from) + rows.length,
              relation: 'gte' as const,
            }
          : counted != null && !after
            ? totalOf(Number(counted), plan.exactTotal)
            : await searchTotal(scope, db, plan);
    timing?.('db', performance.now() - started);
    const last = rows.at(-1);
    return {
      hits: rows.map((r) => repo.toHit(r)),
      total,
      searchAfter:
        last && rows.length === plan.size
          ? encodeSearchCursor({ s: sortTag, v: last.cursor_value, g: last.gtid })
          : null,
      from: plan.from,
      size: plan.size,
      pipelineUID,
    };
  });
}

/**
 * A search plan for the transaction `db` belongs to, whose search settings it sets (SET LOCAL,
 * repo.setSearchSession): the free text's tokens, and which of them are typos and stand for
 * which words. The readers of the search's SQL — `POST /v2` (which leaves the typo check until
 * a page comes back empty, {@link searchPageCorrected}), a bulk job's "all matching", the CSV
 * export — plan alike, so they match the same contacts.
 */
export async function planSearch(
  scope: TeamScope,
  db: AppDb,
  base: Omit<SearchPlan, 'tokens' | 'corrections'>,
): Promise<SearchPlan> {
  const tokens = searchTokens(base.filter.text ?? '');
  await repo.setSearchSession(scope, db);
  const corrections = await typoCorrections(scope, db, tokens);
  return { ...base, tokens, corrections };
}

/**
 * A page as {@link planSearch} plans it, with the typo check left until it is needed: a page
 * that holds a row proves that no token is a typo (the row matches every token as typed), so
 * the check runs only when the page comes back empty, and the page is read again only when a
 * token turns out to be a typo. Type-ahead is almost always the first case: the check's
 * statement (planned anew for every text: 1-5 ms of PGlite's CPU) is spared. In a search
 * session transaction ({@link repo.setSearchSession}).
 */
async function searchPageCorrected(
  scope: TeamScope,
  db: AppDb,
  base: Omit<SearchPlan, 'tokens' | 'corrections'>,
): Promise<{ plan: SearchPlan; rows: repo.PageRow[] }> {
  const tokens = searchTokens(base.filter.text ?? '');
  const plan: SearchPlan = { ...base, tokens, corrections: new Map() };
  const rows = await repo.searchPage(scope, db, plan);
  if (rows.length > 0) return { plan, rows };
  const corrections = await typoCorrections(scope, db, tokens);
  if (corrections.size === 0) return { plan, rows };
  const corrected = { ...plan, corrections };
  return { plan: corrected, rows: await repo.searchPage(scope, db, corrected) };
}

/**
 * The GTIDs of every contact the scope sees that matches `filter` (POST /v2's `searchObj`), up
 * to `limit`, in POST /v2's default order: "select all matching" of a bulk job. Runs in the
 * caller's transaction (`db` of a Tx: a typo-tolerant token sets the tolerance with SET LOCAL).
 */
export async function matchingContacts(
  scope: TeamScope,
  db: AppDb,
  filter: SearchFilter,
  limit: number,
): Promise<string[]> {
  const plan = await planSearch(scope, db, {
    filter,
    pipelineUID: filter.pipelineUID ?? null,
    sort: effectiveSort({ searchObj: filter }),
    from: 0,
    size: limit,
    after: null,
    exactTotal: true,
  });
  return repo.matchingGtids(scope, db, plan, limit);
}

/** A cursor's value must have its sort's type (a forged one would fail in the database). */
function cursorValueFits(field: string, v: string | number): boolean {
  const text = String(v);
  switch (field) {
    case 'createdAt':
    case 'lastActivityAt':
      return text === '-infinity' || /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(text);
    case 'stage':
      return /^-?\d{1,9}$/.test(text);
    case 'dealValue':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(text);
    default:
      return typeof v === 'string';
  }
}
