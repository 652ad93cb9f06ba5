/**
 * The table's live updates (issue 6 realtime rules applied to the table of issue 7).
 *
 * The table's query holds up to 200 `/v2` pages; refetching them on every teammate's change
 * would cost 200 requests per change. Instead:
 * - the GTIDs named by contact changes (a stage move, a tag, a rename, a deal, an answer, a
 *   delete) are collected for LIVE_TABLE_DELAY_MS (a bulk job of 10,000 moves arrives as a few
 *   bursts: a few requests, not 10,000);
 * - for each table on screen, the changed contacts that are loaded are read again with the
 *   table's own filter and sort plus `searchObj.GTIDs` (one `/v2` request per 200 of them) and
 *   patched in place: a row's cells change, rows never move under the cursor;
 * - a row that no longer matches (or was deleted) stays where it is, marked (`live`), and a row
 *   whose sort value changed keeps its place; both, and changed contacts outside the loaded
 *   rows that now match and would be among them (the whole list is loaded, or a new contact in
 *   the newest-first order), are counted as "changes" the table offers to show with a Refresh
 *   (the first page again, `refreshTable`);
 * - more than MAX_PATCH_ROWS loaded rows changed at once: the rows are not re-read, the table
 *   counts them as changes (Refresh).
 * The caller skips this tab's own changes (their change ids), as the board does.
 */
import { hashKey, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import {
  SEARCH_MAX_SIZE,
  effectiveSort,
  type SearchAnswer,
  type SearchHit,
  type SearchRequestInput,
} from '@leadloom/core';
import { api } from '../../lib/api';
import { searchBody, tableKeys } from './requests';
import { compactFilter, type TableQuery } from './tableState';

/** Changes are collected this long before the rows are re-read. */
export const LIVE_TABLE_DELAY_MS = 250;
/** Loaded rows re-read at most per burst (5 requests); more are counted as changes instead. */
export const MAX_PATCH_ROWS = 1_000;

/** A row a teammate deleted, or that no longer matches the table's filter. */
export type LiveMark = 'deleted' | 'left';
export type TableHit = SearchHit & { live?: LiveMark };
type Pages = InfiniteData<SearchAnswer, string | null>;

/** Contact resources whose changes show in a table row (the id starts with the GTID). */
const ROW_RESOURCES = new Set([
  'contact',
  'contactPipeline',
  'contactTag',
  'deal',
  'answer',
  'activity',
]);

/** The GTID whose row a change touches, or null when the change is not about a row. */
export function rowOfChange(change: { resource: string; id: string }): string | null {
  if (!ROW_RESOURCES.has(change.resource)) return null;
  const GTID = change.id.split('/')[0];
  return GTID ? GTID : null;
}

/** What a row is sorted on, as a comparable string: a change of it may move the row. */
export function sortValue(hit: SearchHit, query: TableQuery): string {
  const { field } = effectiveSort({ sort: query.sort ?? undefined, searchObj: query.filter });
  const pipelineUID = query.filter.pipelineUID;
  switch (field) {
    case 'name':
      return `${hit.fullName}|${hit.firstName}|${hit.lastName}`;
    case 'email':
      return hit.emailAddress ?? '';
    case 'phone':
      return hit.phoneNumber ?? '';
    case 'createdAt':
      return hit.createdAt;
    case 'lastActivityAt':
      return hit.lastActivityAt ?? '';
    case 'stage':
      return hit.pipelines.find((p) => p.pipelineUID === pipelineUID)?.stageUID ?? '';
    case 'statusLabel':
      return hit.statusLabelUID ?? '';
    case 'source':
      return hit.sources.join('|');
    case 'dealValue':
      return hit.dealValue;
    case 'relevance':
      return JSON.stringify([
        hit.fullName,
        hit.firstName,
        hit.lastName,
        hit.emailAddress,
        hit.phoneNumber,
        hit.profiles,
      ]);
  }
}

/**
 * The table's pages with the re-read rows patched in (pure). `checked`: the loaded GTIDs that
 * were re-read (`fresh` holds those that still match); `deleted`: GTIDs deleted. Only the pages
 * holding a changed row are copied. Answers the new pages and the GTIDs that now differ from
 * what a refresh would show (left the filter, deleted, or a changed sort value).
 */
export function patchPages(
  data: Pages,
  query: TableQuery,
  checked: ReadonlySet<string>,
  fresh: ReadonlyMap<string, SearchHit>,
  deleted: ReadonlySet<string>,
): { data: Pages; changes: string[] } {
  const changes: string[] = [];
  let touched = false;
  const pages = data.pages.map((page) => {
    let hits: TableHit[] | null = null;
    page.hits.forEach((old: TableHit, i) => {
      const GTID = old.GTID;
      if (!checked.has(GTID) && !deleted.has(GTID)) return;
      const now = fresh.get(GTID);
      let next: TableHit;
      if (deleted.has(GTID)) next = { ...old, live: 'deleted' };
      else if (!now) next = old.live ? old : { ...old, live: 'left' };
      else next = now;
      if (next.live || sortValue(next, query) !== sortValue(old, query)) changes.push(GTID);
      if (next === old) return;
      hits ??= [...page.hits];
      hits[i] = next;
    });
    if (!hits) return page;
    touched = true;
    return { ...page, hits };
  });
  return { data: touched ? { ...data, pages } : data, changes };
}

// ---- what each table has not shown yet --------------------------------------------------------

const pendingByQuery = new Map<string, Set<string>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The number of changes a table (by its query key) does not show yet; for useSyncExternalStore. */
export const livePending = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count(queryKey: readonly unknown[]): number {
    return pendingByQuery.get(hashKey(queryKey))?.size ?? 0;
  },
  add(hash: string, GTIDs: Iterable<string>) {
    const set = pendingByQuery.get(hash) ?? new Set<string>();
    const before = set.size;
    for (const g of GTIDs) set.add(g);
    pendingByQuery.set(hash, set);
    if (set.size !== before) emit();
  },
  clear(hash: string) {
    if (pendingByQuery.delete(hash)) emit();
  },
};

/**
 * Shows the changes: the table's first page again (the rows below come back as the user
 * scrolls), not a refetch of every loaded page.
 */
export async function refreshTable(queryClient: QueryClient, queryKey: readonly unknown[]) {
  queryClient.setQueryData<Pages>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey, exact: true });
}

/** `/v2` with the table's filter and sort, for these contacts only. */
function readRows(teamUID: string, query: TableQuery, GTIDs: string[]): Promise<SearchHit[]> {
  const body: SearchRequestInput = {
    ...searchBody(teamUID, query, null),
    paging: { from: 0, size: GTIDs.length },
    searchObj: { ...compactFilter(query.filter), GTIDs },
    // Rows to patch in place: no count (the table's total is the first page's).
    options: { total: 'none' },
  };
  return api.post<{ data: SearchAnswer }>('/v2', body).then((a) => a.data.hits);
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Keeps `teamUID`'s cached tables in step with teammates' contact changes (see the top of this
 * file). `note(change)` takes every change of the stream (own ones already skipped) and answers
 * whether it concerned a row.
 */
export function createLiveTable(
  queryClient: QueryClient,
  teamUID: string,
  options: {
    delayMs?: number;
    read?: (query: TableQuery, GTIDs: string[]) => Promise<SearchHit[]>;
  } = {},
) {
  const delayMs = options.delayMs ?? LIVE_TABLE_DELAY_MS;
  const read = options.read ?? ((query, GTIDs) => readRows(teamUID, query, GTIDs));
  const cache = queryClient.getQueryCache();
  let changed = new Set<string>();
  let deleted = new Set<string>();
  /** Contacts created (a new contact goes first in the default newest-first order). */
  let inserted = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  // A refetch of a table from its first page (a Refresh, a filter's reload, a job's end) shows
  // every change: its count goes; loading the next page while scrolling does not.
  const refetching = new Set<string>();
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'removed') return livePending.clear(event.query.queryHash);
    if (event.type !== 'updated' || !isTableKey(event.query.queryKey, teamUID)) return;
    const { action, query } = event;
    if (action.type === 'fetch') {
      const more = (action.meta as { fetchMore?: unknown } | undefined)?.fetchMore;
      if (!more) refetching.add(query.queryHash);
    } else if (action.type === 'success' && !action.manual) {
      if (refetching.delete(query.queryHash)) livePending.clear(query.queryHash);
    } else if (action.type === 'error') refetching.delete(query.queryHash);
  });

  function schedule() {
    if (timer !== null || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delayMs);
  }

  async function flush() {
    const GTIDs = changed;
    const gone = deleted;
    const added = inserted;
    changed = new Set();
    deleted = new Set();
    inserted = new Set();
    const tables = cache.findAll({ queryKey: tableKeys.allSearches(teamUID) });
    await Promise.all(
      tables.map((q) => patchTable(q as Query<Pages, Error, Pages>, GTIDs, gone, added)),
    );
  }

  async function patchTable(
    query: Query<Pages, Error, Pages>,
    GTIDs: Set<string>,
    gone: Set<string>,
    added: Set<string>,
  ) {
    const data = query.state.data;
    if (!data) return;
    const tableQuery = query.queryKey[4] as TableQuery;
    // A table not on screen is read again when it is shown.
    if (query.getObserversCount() === 0) {
      return queryClient.invalidateQueries({
        queryKey: query.queryKey,
        exact: true,
        refetchType: 'none',
      });
    }
    // A page is loading: the patch would be lost under it; try again after the next delay.
    if (query.state.fetchStatus === 'fetching') {
      for (const g of GTIDs) changed.add(g);
      for (const g of gone) deleted.add(g);
      for (const g of added) inserted.add(g);
      return schedule();
    }
    const loaded: string[] = [];
    for (const page of data.pages)
      for (const hit of page.hits) if (GTIDs.has(hit.GTID)) loaded.push(hit.GTID);
    const loadedSet = new Set(loaded);
    // Changed contacts outside the loaded rows may belong in them: every one when the whole
    // list is loaded; with more pages to come, only new contacts in the newest-first order
    // (they go on top; elsewhere the rows shown are not where they would land, or cannot tell).
    const complete = !data.pages.at(-1)?.searchAfter;
    const sort = effectiveSort({
      sort: tableQuery.sort ?? undefined,
      searchObj: tableQuery.filter,
    });
    const newestFirst = sort.field === 'createdAt' && sort.direction === 'desc';
    const outside = [...GTIDs].filter(
      (g) => !loadedSet.has(g) && !gone.has(g) && (complete || (newestFirst && added.has(g))),
    );
    const toRead = loaded.filter((g) => !gone.has(g));
    if (toRead.length > MAX_PATCH_ROWS) {
      livePending.add(query.queryHash, [...loaded, ...outside]);
      return;
    }
    try {
      const [fresh, entering] = await Promise.all([
        Promise.all(chunks(toRead, SEARCH_MAX_SIZE).map((c) => read(tableQuery, c))).then(
          (lists) => new Map(lists.flat().map((h) => [h.GTID, h])),
        ),
        // Changed contacts outside the loaded rows that match the filter now: they may belong
        // in the rows shown (a Refresh shows them). Past one request's worth, all are counted.
        outside.length === 0
          ? Promise.resolve([] as string[])
          : outside.length > SEARCH_MAX_SIZE
            ? Promise.resolve(outside)
            : read(tableQuery, outside).then((hits) => hits.map((h) => h.GTID)),
      ]);
      if (stopped) return;
      // Patched over the data as it is now (a page may have landed meanwhile).
      const current = query.state.data;
      if (current) {
        const patched = patchPages(current, tableQuery, new Set(toRead), fresh, gone);
        if (patched.data !== current) queryClient.setQueryData(query.queryKey, patched.data);
        livePending.add(query.queryHash, [...patched.changes, ...entering]);
      }
    } catch {
      // The rows could not be read again: offer the Refresh instead.
      livePending.add(query.queryHash, [...loaded, ...outside]);
    }
  }

  return {
    /** Takes a change of the stream; true when it concerned a table row. */
    note(change: { resource: string; id: string; op: string }): boolean {
      const GTID = rowOfChange(change);
      if (!GTID) return false;
      if (change.resource === 'contact' && change.op === 'delete') deleted.add(GTID);
      else changed.add(GTID);
      if (change.resource === 'contact' && change.op === 'insert') inserted.add(GTID);
      schedule();
      return true;
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    },
  };
}

/** A table's query key of this team (`tableKeys.search`). */
export function isTableKey(key: readonly unknown[], teamUID?: string): boolean {
  return (
    key[0] === 'teams' &&
    (teamUID === undefined || key[1] === teamUID) &&
    key[2] === 'contacts' &&
    key[3] === 'table-search'
  );
}
