import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchFilter } from '@leadloom/core';
import { api } from '../../lib/api';
import { fetchTablePage, tableKeys } from './requests';
import type { TableQuery, TableSort } from './tableState';

export { tableKeys } from './requests';

const enc = encodeURIComponent;
export const teamPath = (teamUID: string) => `/api/teams/${enc(teamUID)}`;

/** The table's rows: `/v2` pages chained with `searchAfter`, fetched as the user scrolls. */
export function useTableSearch(teamUID: string, query: TableQuery) {
  return useInfiniteQuery({
    queryKey: tableKeys.search(teamUID, query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchTablePage(teamUID, query, pageParam, signal),
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
