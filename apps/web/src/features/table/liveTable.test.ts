import type { SearchAnswer, SearchHit } from '@leadloom/core';
import { hashKey, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLiveTable,
  livePending,
  MAX_PATCH_ROWS,
  patchPages,
  rowOfChange,
  sortValue,
  type TableHit,
} from './liveTable';
import { tableKeys } from './requests';
import type { TableQuery } from './tableState';

const hit = (GTID: string, patch: Partial<SearchHit> = {}): SearchHit => ({
  GTID,
  fullName: GTID,
  firstName: GTID,
  lastName: '',
  emailAddress: null,
  phoneNumber: null,
  photoURL: null,
  sources: [],
  profiles: {},
  statusLabelUID: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastActivityAt: null,
  pipelines: [{ pipelineUID: 'p', stageUID: 's1' }],
  tagIDs: [],
  dealValue: '0',
  answers: [],
  ...patch,
});

const page = (hits: SearchHit[], searchAfter: string | null = null): SearchAnswer =>
  ({ hits, total: { value: 999, relation: 'eq' }, searchAfter, from: 0 }) as SearchAnswer;

const byName: TableQuery = {
  filter: { pipelineUID: 'p' },
  sort: { field: 'name', direction: 'asc' },
};

describe('which changes touch a row', () => {
  it('names the GTID of contact changes and of their parts, nothing else', () => {
    expect(rowOfChange({ resource: 'contact', id: 'g1' })).toBe('g1');
    expect(rowOfChange({ resource: 'contactPipeline', id: 'g1/p' })).toBe('g1');
    expect(rowOfChange({ resource: 'contactTag', id: 'g1/global/t1' })).toBe('g1');
    expect(rowOfChange({ resource: 'deal', id: 'g1/d1' })).toBe('g1');
    expect(rowOfChange({ resource: 'stage', id: 's1' })).toBe(null);
    expect(rowOfChange({ resource: 'task', id: 'g1/t1' })).toBe(null);
  });
});

describe('patching the loaded pages', () => {
  const data = {
    pages: [page([hit('a'), hit('b')], 'c1'), page([hit('c'), hit('d')])],
    pageParams: [null, 'c1'],
  };

  it('replaces re-read rows in place, copying only their page', () => {
    const moved = hit('c', { pipelines: [{ pipelineUID: 'p', stageUID: 's2' }], tagIDs: ['t'] });
    const out = patchPages(data, byName, new Set(['c']), new Map([['c', moved]]), new Set());
    expect(out.data.pages[0]).toBe(data.pages[0]);
    expect(out.data.pages[1]!.hits.map((h) => h.GTID)).toEqual(['c', 'd']);
    expect(out.data.pages[1]!.hits[0]).toBe(moved);
    // A stage or a tag does not move a row sorted by name: nothing to refresh.
    expect(out.changes).toEqual([]);
  });

  it('keeps a row whose sort value changed where it is, and counts it', () => {
    const renamed = hit('a', { fullName: 'zz' });
    const out = patchPages(data, byName, new Set(['a']), new Map([['a', renamed]]), new Set());
    expect(out.data.pages[0]!.hits.map((h) => h.fullName)).toEqual(['zz', 'b']);
    expect(out.changes).toEqual(['a']);
  });

  it('marks a row that left the filter, and a deleted one, without removing them', () => {
    const out = patchPages(data, byName, new Set(['b']), new Map(), new Set(['d']));
    const rows = out.data.pages.flatMap((p) => p.hits) as TableHit[];
    expect(rows.map((r) => [r.GTID, r.live])).toEqual([
      ['a', undefined],
      ['b', 'left'],
      ['c', undefined],
      ['d', 'deleted'],
    ]);
    expect(out.changes.sort()).toEqual(['b', 'd']);
  });

  it('compares the value the table is sorted on', () => {
    const moved = hit('a', { pipelines: [{ pipelineUID: 'p', stageUID: 's2' }] });
    const byStage: TableQuery = { ...byName, sort: { field: 'stage', direction: 'asc' } };
    expect(sortValue(moved, byStage)).not.toBe(sortValue(hit('a'), byStage));
    expect(sortValue(moved, byName)).toBe(sortValue(hit('a'), byName));
    // The default sort (newest first) does not change with an edit.
    const plain: TableQuery = { filter: {}, sort: null };
    expect(sortValue(hit('a', { fullName: 'x' }), plain)).toBe(sortValue(hit('a'), plain));
  });
});

describe('createLiveTable', () => {
  afterEach(() => {
    vi.useRealTimers();
    livePending.clear(hashKey(tableKeys.search('team', byName)));
  });

  function setup(rows: SearchHit[], read: (q: TableQuery, GTIDs: string[]) => SearchHit[]) {
    vi.useFakeTimers();
    const client = new QueryClient();
    const key = tableKeys.search('team', byName);
    client.setQueryData(key, { pages: [page(rows)], pageParams: [null] });
    // The table on screen: an observer (not fetching).
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn: () => page(rows),
      initialPageParam: null as string | null,
      getNextPageParam: () => undefined,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    const reads: string[][] = [];
    const live = createLiveTable(client, 'team', {
      read: (q, GTIDs) => {
        reads.push(GTIDs);
        return Promise.resolve(read(q, GTIDs));
      },
    });
    const rowsNow = () =>
      (client.getQueryData(key) as { pages: SearchAnswer[] }).pages.flatMap(
        (p) => p.hits,
      ) as TableHit[];
    return { client, key, live, reads, rowsNow, stop: () => (live.stop(), unsubscribe()) };
  }

  it('coalesces a burst of changes into one read of the loaded rows, and patches them', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => hit(`g${String(i).padStart(3, '0')}`));
    const t = setup(rows, (_, GTIDs) =>
      GTIDs.map((g) => hit(g, { pipelines: [{ pipelineUID: 'p', stageUID: 's2' }] })),
    );
    // 300 moves and 300 activities of a bulk job, in one burst.
    for (const r of rows) {
      t.live.note({ resource: 'contactPipeline', id: `${r.GTID}/p`, op: 'update' });
      t.live.note({ resource: 'activity', id: `${r.GTID}/act`, op: 'insert' });
    }
    expect(t.reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    // 300 loaded rows: two requests of at most 200 GTIDs, none for the rest of the table.
    expect(t.reads.map((r) => r.length)).toEqual([200, 100]);
    expect(t.rowsNow().every((r) => r.pipelines[0]!.stageUID === 's2')).toBe(true);
    expect(livePending.count(t.key)).toBe(0);
    t.stop();
  });

  it('counts a deleted row, a row that left, and a contact that now matches outside the rows', async () => {
    const t = setup([hit('a'), hit('b'), hit('c')], (_, GTIDs) =>
      GTIDs.filter((g) => g !== 'b').map((g) => hit(g)),
    );
    t.live.note({ resource: 'contact', id: 'a', op: 'delete' });
    t.live.note({ resource: 'contactTag', id: 'b/global/t', op: 'insert' });
    t.live.note({ resource: 'contact', id: 'new', op: 'insert' });
    t.live.note({ resource: 'stage', id: 's1', op: 'update' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.reads).toEqual([['b'], ['new']]);
    expect(t.rowsNow().map((r) => [r.GTID, r.live])).toEqual([
      ['a', 'deleted'],
      ['b', 'left'],
      ['c', undefined],
    ]);
    expect(livePending.count(t.key)).toBe(3);
    // A refetch from the first page shows them all: the count goes.
    await t.client.refetchQueries({ queryKey: t.key });
    expect(livePending.count(t.key)).toBe(0);
    t.stop();
  });

  it('with more pages to come, counts only new contacts of the newest-first order outside the rows', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const newest: TableQuery = { filter: {}, sort: null };
    const key = tableKeys.search('team', newest);
    client.setQueryData(key, { pages: [page([hit('a')], 'next')], pageParams: [null] });
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn: () => page([hit('a')], 'next'),
      initialPageParam: null as string | null,
      getNextPageParam: () => undefined,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    const reads: string[][] = [];
    const live = createLiveTable(client, 'team', {
      read: (_, GTIDs) => (reads.push(GTIDs), Promise.resolve(GTIDs.map((g) => hit(g)))),
    });
    // A teammate tags a contact far below the loaded rows, and creates one.
    live.note({ resource: 'contactTag', id: 'far/global/t', op: 'insert' });
    live.note({ resource: 'contact', id: 'fresh', op: 'insert' });
    await vi.advanceTimersByTimeAsync(300);
    expect(reads).toEqual([['fresh']]);
    expect(livePending.count(key)).toBe(1);
    livePending.clear(hashKey(key));
    live.stop();
    unsubscribe();
  });

  it('past MAX_PATCH_ROWS loaded rows changed at once, reads nothing and offers a refresh', async () => {
    const rows = Array.from({ length: MAX_PATCH_ROWS + 1 }, (_, i) => hit(`g${i}`));
    const t = setup(rows, () => []);
    for (const r of rows) t.live.note({ resource: 'contact', id: r.GTID, op: 'update' });
    await vi.advanceTimersByTimeAsync(300);
    expect(t.reads).toEqual([]);
    expect(livePending.count(t.key)).toBe(MAX_PATCH_ROWS + 1);
    t.stop();
  });
});
