import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconRefresh, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { SearchFilter } from '@leadloom/core';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NewContactModal } from '../contact/NewContactModal';
import { usePipelines } from '../pipeline/api';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { usePipelineDetail } from '../setup-pipelines/api';
import { useStatusLabels, useTagSets } from '../setup-tags/api';
import { StateMessage } from '../../ui/StateMessage';
import { tintVars } from '../../ui/teamColors';
import { tableKeys, useTableSearch } from './api';
import { livePending, refreshTable } from './liveTable';
import { BulkBar } from './BulkBar';
import { ContactsTable, ROW_HEIGHT, hitName, type Lookups } from './ContactsTable';
import { FilterPanel, type FilterOptions } from './FilterPanel';
import classes from './Table.module.css';
import { TableToolbar } from './TableToolbar';
import {
  COLUMN_SORT,
  EMPTY_SELECTION,
  activeFilterCount,
  compactFilter,
  exportColumnsOf,
  loadLayout,
  loadedRows,
  nextSort,
  queryFromUrl,
  rangeOf,
  saveLayout,
  setSelected,
  urlForQuery,
  visibleColumns,
  type ColumnId,
  type ColumnLayout,
  type Selection,
  type TableQuery,
} from './tableState';

/** Re-rendered only when their own props change (not when a page of rows lands). */
const MemoFilterPanel = memo(FilterPanel);
const MemoNewContactModal = memo(NewContactModal);

const storage = typeof window === 'undefined' ? null : window.localStorage;

/**
 * Teammates' changes the rows do not show yet (rows that would move, leave or arrive; see
 * liveTable): a calm offer to refresh, floating over the table so that showing it moves no row.
 */
const LiveChanges = memo(function LiveChanges({
  teamUID,
  query,
}: {
  teamUID: string;
  query: TableQuery;
}) {
  const queryClient = useQueryClient();
  const key = useMemo(() => tableKeys.search(teamUID, query), [teamUID, query]);
  const count = useSyncExternalStore(livePending.subscribe, () => livePending.count(key));
  const [busy, setBusy] = useState(false);
  if (count === 0) return null;
  return (
    <Paper
      className={classes.liveChanges}
      shadow="md"
      radius="xl"
      withBorder
      px="md"
      py={6}
      role="status"
      data-testid="live-changes"
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">
          {count === 1 ? '1 change' : `${count.toLocaleString()} changes`} by teammates
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} stroke={1.6} />}
          loading={busy}
          onClick={() => {
            setBusy(true);
            void refreshTable(queryClient, key).finally(() => setBusy(false));
          }}
        >
          Refresh
        </Button>
      </Group>
    </Paper>
  );
});

function TableSkeleton() {
  return (
    <Stack gap={0} p={0} aria-label="Loading contacts" data-testid="table-skeleton">
      {Array.from({ length: 14 }, (_, i) => (
        <Group
          key={i}
          h={ROW_HEIGHT}
          px="md"
          gap="md"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Skeleton circle height={24} />
          <Skeleton height={10} width={160} />
          <Skeleton height={10} width={200} />
          <Skeleton height={10} width={100} />
          <Skeleton height={10} width={120} />
        </Group>
      ))}
    </Stack>
  );
}

/** /contacts/table/:pipelineID? — every contact as a table, filtered and sorted by the URL. */
export function TableView() {
  const { teamUID } = useCurrentTeam();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const { pipelineID } = useParams();
  const query = useMemo(
    () => queryFromUrl(pipelineID, location.search),
    [pipelineID, location.search],
  );
  const pipelineUID = query.filter.pipelineUID ?? null;

  const go = useCallback(
    (next: TableQuery, replace = false) => void navigate(urlForQuery(next), { replace }),
    [navigate],
  );

  // Search box: typed text reaches the URL (and the search) after a pause.
  const [text, setText] = useState(query.filter.text ?? '');
  const [debounced] = useDebouncedValue(text, 250);
  const urlText = query.filter.text ?? '';
  const lastUrlText = useRef(urlText);
  useEffect(() => {
    // The URL changed by itself (back, a saved view): the box follows it.
    if (urlText !== lastUrlText.current) {
      lastUrlText.current = urlText;
      setText(urlText);
    }
  }, [urlText]);
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    // Only a new pause in typing writes the URL (not a URL change while the box catches up).
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    const typed = debounced.trim() === '' ? '' : debounced;
    if (typed === lastUrlText.current) return;
    lastUrlText.current = typed;
    const sort = !typed && query.sort?.field === 'relevance' ? null : query.sort;
    go({ filter: compactFilter({ ...query.filter, text: typed }), sort }, true);
  }, [debounced, go, query]);

  const [filtersOpen, setFiltersOpen] = useState(activeFilterCount(query.filter) > 0);
  const [adding, setAdding] = useState(false);

  const [layout, setLayout] = useState<ColumnLayout>(() => loadLayout(storage, user.uid));
  const changeLayout = useCallback(
    (next: ColumnLayout) => {
      setLayout(next);
      saveLayout(storage, user.uid, next);
    },
    [user.uid],
  );
  const columns = useMemo(
    () => visibleColumns(layout, pipelineUID !== null),
    [layout, pipelineUID],
  );
  const exportColumns = useMemo(() => exportColumnsOf(columns), [columns]);

  const pipelines = usePipelines(teamUID);
  const tagSets = useTagSets(teamUID);
  const labels = useStatusLabels(teamUID);
  const detail = usePipelineDetail(teamUID, pipelineUID);

  const lookups = useMemo<Lookups>(
    () => ({
      tags: new Map(
        (tagSets.data ?? []).flatMap((set) =>
          set.tags.map((t) => {
            const color = t.color ?? set.color;
            return [t.tagID, { name: t.name, color, style: tintVars(color) }] as const;
          }),
        ),
      ),
      labels: new Map((labels.data ?? []).map((l) => [l.labelUID, l])),
      stages: new Map((detail.data?.stages ?? []).map((s) => [s.stageUID, s])),
    }),
    [tagSets.data, labels.data, detail.data],
  );
  const options = useMemo<FilterOptions>(
    () => ({
      stages: (detail.data?.stages ?? []).map((s) => ({ value: s.stageUID, label: s.name })),
      tags: (tagSets.data ?? [])
        .filter((set) => set.tags.length > 0)
        .map((set) => ({
          group: set.name,
          items: set.tags.map((t) => ({ value: t.tagID, label: t.name })),
        })),
      labels: (labels.data ?? []).map((l) => ({ value: l.labelUID, label: l.display })),
    }),
    [detail.data, tagSets.data, labels.data],
  );

  const search = useTableSearch(teamUID, query);
  const fetchNext = search.fetchNextPage;
  const fetchNextPage = useCallback(() => void fetchNext(), [fetchNext]);
  // The pages as one list, not copied (tableState `loadedRows`): a page landing costs 200 rows.
  const rows = useMemo(() => loadedRows(search.data?.pages ?? []), [search.data]);
  const total = search.data?.pages[0]?.total ?? null;
  // The loaded rows for callbacks that need them (a shift-click range, a name in a failure
  // summary): read when called, so nothing is rebuilt over every loaded row as pages land.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  // Selection: reset when the filter changes (a new list); kept across sort changes.
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const anchor = useRef<string | null>(null);
  const filterKey = JSON.stringify(query.filter);
  useEffect(() => {
    setSelection(EMPTY_SELECTION);
    anchor.current = null;
  }, [filterKey, teamUID]);
  const nameOf = useCallback((GTID: string) => {
    for (const hit of rowsRef.current) if (hit.GTID === GTID) return hitName(hit);
    return undefined;
  }, []);
  const onToggle = useCallback((GTID: string, on: boolean, shift: boolean) => {
    const ids = shift
      ? rangeOf(
          Array.from(rowsRef.current, (r) => r.GTID),
          anchor.current,
          GTID,
        )
      : [GTID];
    anchor.current = GTID;
    setSelection((s) => setSelected(s, ids, on));
  }, []);
  const onToggleAllLoaded = useCallback((on: boolean) => {
    const ids = Array.from(rowsRef.current, (r) => r.GTID);
    setSelection((s) => setSelected(s, ids, on));
  }, []);
  const onSelectAllMatching = useCallback(
    () => setSelection({ mode: 'all', except: new Set() }),
    [],
  );
  const onClearSelection = useCallback(() => setSelection(EMPTY_SELECTION), []);

  const onSortClick = useCallback(
    (column: ColumnId) => {
      const field = COLUMN_SORT[column];
      if (field) go({ ...query, sort: nextSort(query.sort, field) });
    },
    [go, query],
  );
  const setFilter = useCallback(
    (filter: SearchFilter) => {
      const f = compactFilter(filter);
      const sort = query.sort?.field === 'stage' && !f.pipelineUID ? null : query.sort;
      go({ filter: f, sort }, true);
    },
    [go, query],
  );
  const onPipelineChange = useCallback(
    (v: string | null) =>
      setFilter({ ...query.filter, pipelineUID: v || undefined, stageUIDs: undefined }),
    [setFilter, query.filter],
  );
  const onApplySaved = useCallback(
    (q: TableQuery, l: ColumnLayout | null) => {
      if (l) changeLayout(l);
      go(q);
    },
    [changeLayout, go],
  );
  const onToggleFilters = useCallback(() => setFiltersOpen((o) => !o), []);
  const onCloseFilters = useCallback(() => setFiltersOpen(false), []);
  const onAdd = useCallback(() => setAdding(true), []);
  const onCloseAdd = useCallback(() => setAdding(false), []);

  const pipelineOptions = useMemo(
    () => [
      { value: '', label: 'All contacts' },
      ...(pipelines.data ?? []).map((p) => ({ value: p.groupUID, label: p.nickName })),
    ],
    [pipelines.data],
  );
  const filterCount = activeFilterCount(query.filter);
  const anyCondition = filterCount > 0 || (query.filter.text ?? '') !== '';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <TableToolbar
        teamUID={teamUID}
        query={query}
        pipelineOptions={pipelineOptions}
        onPipelineChange={onPipelineChange}
        text={text}
        onTextChange={setText}
        searching={search.isFetching && !search.isFetchingNextPage}
        filtersOpen={filtersOpen}
        filterCount={filterCount}
        onToggleFilters={onToggleFilters}
        layout={layout}
        onLayoutChange={changeLayout}
        onApplySaved={onApplySaved}
        total={total}
        exportColumns={exportColumns}
        onAdd={onAdd}
      />
      <MemoNewContactModal
        opened={adding}
        onClose={onCloseAdd}
        teamUID={teamUID}
        pipelineUID={pipelineUID}
        stageUID={null}
      />
      <div style={{ display: 'flex', flex: 1, minHeight: 0, position: 'relative' }}>
        {filtersOpen && (
          <MemoFilterPanel
            filter={query.filter}
            onChange={setFilter}
            options={options}
            onClose={onCloseFilters}
          />
        )}
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <BulkBar
            teamUID={teamUID}
            selection={selection}
            total={total}
            loadedCount={rows.length}
            filter={query.filter}
            pipelineUID={pipelineUID}
            nameOf={nameOf}
            onSelectAllMatching={onSelectAllMatching}
            onClear={onClearSelection}
          />
          <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
            <LiveChanges teamUID={teamUID} query={query} />
            {search.isPending ? (
              <TableSkeleton />
            ) : search.isError && rows.length === 0 ? (
              <StateMessage
                icon={<IconAlertTriangle size={24} />}
                color="red"
                title="Couldn't load your contacts"
                action={
                  <Button
                    variant="light"
                    onClick={() => void search.refetch()}
                    loading={search.isRefetching}
                  >
                    Try again
                  </Button>
                }
              >
                {search.error?.message}
              </StateMessage>
            ) : rows.length === 0 ? (
              anyCondition ? (
                <StateMessage
                  icon={<IconSearch size={24} />}
                  title="No contacts match"
                  action={
                    <Button
                      variant="light"
                      onClick={() => {
                        setText('');
                        go({
                          filter: compactFilter({ pipelineUID: query.filter.pipelineUID }),
                          sort: query.sort?.field === 'relevance' ? null : query.sort,
                        });
                      }}
                    >
                      Clear search and filters
                    </Button>
                  }
                >
                  Nothing matches this search and these filters. Loosen a filter or clear them.
                </StateMessage>
              ) : (
                <StateMessage
                  icon={<IconUsers size={24} />}
                  title="No contacts yet"
                  action={
                    <Button variant="light" onClick={onAdd}>
                      Add a contact
                    </Button>
                  }
                >
                  Contacts you add, or that the browser extension saves, show up here.
                </StateMessage>
              )
            ) : (
              <ContactsTable
                rows={rows}
                hasNextPage={search.hasNextPage}
                isFetchingNextPage={search.isFetchingNextPage}
                fetchNextPage={fetchNextPage}
                columns={columns}
                layout={layout}
                onLayoutChange={changeLayout}
                sort={query.sort}
                onSortClick={onSortClick}
                lookups={lookups}
                pipelineUID={pipelineUID}
                selection={selection}
                onToggle={onToggle}
                onToggleAllLoaded={onToggleAllLoaded}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
