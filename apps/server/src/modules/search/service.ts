import {
  decodeSearchCursor,
  effectiveSort,
  encodeSearchCursor,
  SEARCH_FUZZY_MIN_LENGTH,
  searchTokens,
  type SearchAnswer,
  type SearchFilter,
  type SearchRequest,
} from '@leadloom/core';
import type { AppDb, Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { ApiError } from '../../http/errors';
import * as repo from './repo';

/**
 * SPEC §7 search: a page of the contacts the scope sees that match the request, and their
 * total (exact, or a bound marked `gte`). Nothing is cached: every call reads the database.
 */
export async function search(
  database: Database,
  scope: TeamScope,
  req: SearchRequest,
): Promise<SearchAnswer> {
  const sort = effectiveSort(req);
  const sortTag = `${sort.field}:${sort.direction}`;
  let after: repo.SearchPlan['after'] = null;
  if (req.paging.searchAfter) {
    const cursor = decodeSearchCursor(req.paging.searchAfter);
    if (!cursor || cursor.s !== sortTag || !cursorValueFits(sort.field, cursor.v)) {
      throw new ApiError(
        'invalid-argument',
        'paging.searchAfter: not a cursor of this sort; start again from the first page.',
        'paging.searchAfter',
      );
    }
    after = { v: cursor.v, g: cursor.g };
  }
  const tokens = searchTokens(req.searchObj.text ?? '');
  const fuzzy = tokens.some((t) => t.length >= SEARCH_FUZZY_MIN_LENGTH);
  // With a typo-tolerant token, one read transaction so the tolerance is set for it alone
  // (SET LOCAL); without, plain reads (fewer round trips on the one embedded connection).
  const run = <T>(fn: (db: AppDb) => Promise<T>) =>
    fuzzy
      ? withTx(database, scope, async (tx) => {
          await repo.setTypoTolerance(scope, tx.db);
          return fn(tx.db);
        })
      : fn(database.db);
  return run(async (db) => {
    const pipelineUID =
      req.searchObj.pipelineUID ??
      (req.isPipelineInitial ? await repo.initialPipeline(scope, db) : null);
    const plan: repo.SearchPlan = {
      filter: req.searchObj,
      pipelineUID,
      tokens,
      sort,
      from: req.paging.from,
      size: req.paging.size,
      after,
      exactTotal: req.options.total === 'exact',
    };
    const rows = await repo.searchPage(scope, db, plan);
    const total = await repo.searchTotal(scope, db, plan);
    const details = await repo.hitDetails(
      scope,
      db,
      rows.map((r) => r.gtid),
    );
    const last = rows.at(-1);
    return {
      hits: rows.map((r) => repo.toHit(r, details)),
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
  const tokens = searchTokens(filter.text ?? '');
  if (tokens.some((t) => t.length >= SEARCH_FUZZY_MIN_LENGTH)) {
    await repo.setTypoTolerance(scope, db);
  }
  return repo.matchingGtids(
    scope,
    db,
    {
      filter,
      pipelineUID: filter.pipelineUID ?? null,
      tokens,
      sort: effectiveSort({ searchObj: filter }),
      from: 0,
      size: limit,
      after: null,
      exactTotal: true,
    },
    limit,
  );
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
