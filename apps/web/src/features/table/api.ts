import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchAnswer, SearchRequestInput } from '@leadloom/core';
import { api } from '../../lib/api';
import { compactFilter, type TableQuery } from './tableState';

/** Rows per `/v2` page (the service's largest page: fewer round trips while scrolling). */
export const TABLE_PAGE_SIZE = 200;

const enc = encodeURIComponent;
export const teamPath = (teamUID: string) => `/api/teams/${enc(teamUID)}`;

export const tableKeys = {
  /** Under the team's contacts, so contact changes refresh the table too. */
  search: (teamUID: string, query: TableQuery) =>
    ['teams', teamUID, 'contacts', 'table-search', query] as const,
  allSearches: (teamUID: string) => ['teams', teamUID, 'contacts', 'table-search'] as const,
  filterSets: (teamUID: string) => ['teams', teamUID, 'filter-sets'] as const,
  bulkJob: (teamUID: string, jobUID: string) => ['teams', teamUID, 'bulk-jobs', jobUID] as const,
};

export function searchBody(
  teamUID: string,
  query: TableQuery,
  searchAfter: string | null,
): SearchRequestInput {
  return {
    teamUID,
    paging: searchAfter
      ? { from: 0, size: TABLE_PAGE_SIZE, searchAfter }
      : { from: 0, size: TABLE_PAGE_SIZE },
    ...(query.sort ? { sort: query.sort } : {}),
    searchObj: compactFilter(query.filter),
    currentTab: 'table',
  };
}

/** The table's rows: `/v2` pages chained with `searchAfter`, fetched as the user scrolls. */
export function useTableSearch(teamUID: string, query: TableQuery) {
  return useInfiniteQuery({
    queryKey: tableKeys.search(teamUID, query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .post<{ data: SearchAnswer }>('/v2', searchBody(teamUID, query, pageParam), { signal })
        .then((a) => a.data),
    getNextPageParam: (last) => last.searchAfter ?? undefined,
    // A refetch of 200 pages in a row would stall the table: only the first page is refreshed
    // on focus; everything else comes from explicit invalidation (a bulk job, a filter change).
    refetchOnWindowFocus: false,
    placeholderData: (previous, previousQuery) =>
      // Keep the rows while a new sort or filter loads (no flash of skeleton), same team only.
      previousQuery?.queryKey[1] === teamUID ? previous : undefined,
  });
}
