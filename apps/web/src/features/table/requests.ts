/**
 * The table's `/v2` requests without React or the query client, so app/boot/prefetch.ts (part
 * of the entry chunk) can ask for the first page before the app has loaded, keyed exactly as
 * the table's own query (`tableKeys.search`) so the table uses it.
 */
import type { SearchAnswer, SearchRequestInput } from '@leadloom/core';
import { api } from '../../lib/api';
import { onChangeOf } from '../../lib/staleKeys';
import { compactFilter, type TableQuery } from './tableState';
import { teamKeys } from '../../lib/teamKeys';

/** Rows per `/v2` page (the service's largest page: fewer round trips while scrolling). */
export const TABLE_PAGE_SIZE = 200;
/** The first page: a screenful and some, so the first rows paint as soon as possible. */
export const TABLE_FIRST_PAGE_SIZE = 60;

export const tableKeys = {
  /** Under the team's contacts, so contact changes refresh the table too. */
  search: (teamUID: string, query: TableQuery) =>
    teamKeys.of(teamUID, 'contacts', 'table-search', query),
  allSearches: (teamUID: string) => teamKeys.of(teamUID, 'contacts', 'table-search'),
  filterSets: (teamUID: string) => teamKeys.of(teamUID, 'filter-sets'),
  bulkJob: (teamUID: string, jobUID: string) => teamKeys.of(teamUID, 'bulk-jobs', jobUID),
};

// Saved views and bulk-job progress concern only their own lists (the table follows a job by
// itself, and refreshes its rows when the job ends).
onChangeOf(['filterSet'], ({ teamUID }) => [teamKeys.of(teamUID, 'filter-sets')]);
onChangeOf(['bulkJob'], ({ teamUID }) => [teamKeys.of(teamUID, 'bulk-jobs')]);

export function searchBody(
  teamUID: string,
  query: TableQuery,
  searchAfter: string | null,
): SearchRequestInput {
  return {
    teamUID,
    paging: searchAfter
      ? { from: 0, size: TABLE_PAGE_SIZE, searchAfter }
      : { from: 0, size: TABLE_FIRST_PAGE_SIZE },
    ...(query.sort ? { sort: query.sort } : {}),
    searchObj: compactFilter(query.filter),
    currentTab: 'table',
    // The table shows the first page's total: a later page's count would be read for nothing
    // (up to 10,001 matches each time).
    ...(searchAfter ? { options: { total: 'none' as const } } : {}),
  };
}

/** One page of the table's rows: the first (`searchAfter` null) or the one after a cursor. */
export function fetchTablePage(
  teamUID: string,
  query: TableQuery,
  searchAfter: string | null,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  return api
    .post<{ data: SearchAnswer }>('/v2', searchBody(teamUID, query, searchAfter), { signal })
    .then((a) => a.data);
}

/** `/contacts/table/:pipelineID?` → the pipeline in the address (null: all contacts). */
export function parseTablePath(pathname: string): { pipelineID: string | null } | null {
  const m = /^\/contacts\/table(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return { pipelineID: m[1] ? decodeURIComponent(m[1]) : null };
  } catch {
    return null;
  }
}
