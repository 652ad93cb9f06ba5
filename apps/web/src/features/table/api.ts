import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchAnswer, SearchFilter, SearchRequestInput } from '@leadloom/core';
import { api } from '../../lib/api';
import { compactFilter, type TableQuery, type TableSort } from './tableState';

/** Rows per `/v2` page (the service's largest page: fewer round trips while scrolling). */
export const TABLE_PAGE_SIZE = 200;
/** The first page: a screenful and some, so the first rows paint as soon as possible. */
export const TABLE_FIRST_PAGE_SIZE = 60;

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
      : { from: 0, size: TABLE_FIRST_PAGE_SIZE },
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

/** A saved view (docs/api.md "Saved filter sets"). */
export interface FilterSet {
  filterSetUID: string;
  createdBy: string;
  name: string;
  filter: SearchFilter;
  sort: TableSort | null;
  columns: string[] | null;
  shared: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FilterSetInput {
  name: string;
  filter: SearchFilter;
  sort: TableSort | null;
  columns: string[] | null;
  shared: boolean;
}

export function useFilterSets(teamUID: string) {
  return useQuery({
    queryKey: tableKeys.filterSets(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ filterSets: FilterSet[] }>(`${teamPath(teamUID)}/filter-sets`, { signal })
        .then((a) => a.filterSets),
  });
}

export function useFilterSetMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tableKeys.filterSets(teamUID) });
  const base = `${teamPath(teamUID)}/filter-sets`;
  return {
    create: useMutation({
      mutationFn: (body: FilterSetInput) =>
        api.post<{ filterSet: FilterSet }>(base, body).then((a) => a.filterSet),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({
        filterSetUID,
        ...patch
      }: Partial<FilterSetInput> & { filterSetUID: string }) =>
        api
          .patch<{ filterSet: FilterSet }>(`${base}/${enc(filterSetUID)}`, patch)
          .then((a) => a.filterSet),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (filterSetUID: string) => api.delete(`${base}/${enc(filterSetUID)}`),
      onSuccess: refresh,
    }),
  };
}
