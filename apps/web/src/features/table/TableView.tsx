import {
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconFilter,
  IconSearch,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { SearchFilter } from '@leadloom/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NewContactModal } from '../contact/NewContactModal';
import { usePipelines } from '../pipeline/api';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { usePipelineDetail } from '../setup-pipelines/api';
import { useStatusLabels, useTagSets } from '../setup-tags/api';
import { StateMessage } from '../../ui/StateMessage';
import { useTableSearch } from './api';
import { BulkBar } from './BulkBar';
import { ColumnsMenu } from './ColumnsMenu';
import { ContactsTable, ROW_HEIGHT, type Lookups } from './ContactsTable';
import { FilterPanel, type FilterOptions } from './FilterPanel';
import { SavedViews } from './SavedViews';
import {
  COLUMN_SORT,
  EMPTY_SELECTION,
  activeFilterCount,
  compactFilter,
  formatTotal,
  loadLayout,
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

const storage = typeof window === 'undefined' ? null : window.localStorage;

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

  const pipelines = usePipelines(teamUID);
  const tagSets = useTagSets(teamUID);
  const labels = useStatusLabels(teamUID);
  const detail = usePipelineDetail(teamUID, pipelineUID);

  const lookups = useMemo<Lookups>(
    () => ({
      tags: new Map(
        (tagSets.data ?? []).flatMap((set) =>
          set.tags.map((t) => [t.tagID, { name: t.name, color: t.color ?? set.color }] as const),
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
  const rows = useMemo(() => search.data?.pages.flatMap((p) => p.hits) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total ?? null;

  // Selection: reset when the filter changes (a new list); kept across sort changes.
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const anchor = useRef<string | null>(null);
  const filterKey = JSON.stringify(query.filter);
  useEffect(() => {
    setSelection(EMPTY_SELECTION);
    anchor.current = null;
  }, [filterKey, teamUID]);
  const names = useMemo(
    () => new Map(rows.map((r) => [r.GTID, r.fullName || `${r.firstName} ${r.lastName}`.trim()])),
    [rows],
  );
  const rowIds = useMemo(() => rows.map((r) => r.GTID), [rows]);
  const rowIdsRef = useRef(rowIds);
  rowIdsRef.current = rowIds;
  const onToggle = useCallback((GTID: string, on: boolean, shift: boolean) => {
    const ids = shift ? rangeOf(rowIdsRef.current, anchor.current, GTID) : [GTID];
    anchor.current = GTID;
    setSelection((s) => setSelected(s, ids, on));
  }, []);

  const onSortClick = useCallback(
    (column: ColumnId) => {
      const field = COLUMN_SORT[column];
      if (field) go({ ...query, sort: nextSort(query.sort, field) });
    },
    [go, query],
  );
  const setFilter = (filter: SearchFilter) => {
    const f = compactFilter(filter);
    const sort = query.sort?.field === 'stage' && !f.pipelineUID ? null : query.sort;
    go({ filter: f, sort }, true);
  };

  const pipelineOptions = [
    { value: '', label: 'All contacts' },
    ...(pipelines.data ?? []).map((p) => ({ value: p.groupUID, label: p.nickName })),
  ];
  const filterCount = activeFilterCount(query.filter);
  const anyCondition = filterCount > 0 || (query.filter.text ?? '') !== '';

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Group
        justify="space-between"
        px="md"
        py="sm"
        wrap="nowrap"
        gap="sm"
        style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <Title order={1} size="h3">
            Contacts
          </Title>
          <Select
            size="xs"
            w={200}
            aria-label="Pipeline"
            data={pipelineOptions}
            value={pipelineUID ?? ''}
            allowDeselect={false}
            onChange={(v) =>
              setFilter({ ...query.filter, pipelineUID: v || undefined, stageUIDs: undefined })
            }
          />
          <TextInput
            size="xs"
            w={260}
            aria-label="Search contacts"
            placeholder="Search name, e-mail, phone, handle"
            leftSection={<IconSearch size={14} stroke={1.6} />}
            rightSection={
              search.isFetching && !search.isFetchingNextPage ? <Loader size={12} /> : null
            }
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setText('');
            }}
          />
          <Button
            size="xs"
            variant={filtersOpen ? 'light' : 'default'}
            leftSection={<IconFilter size={14} stroke={1.6} />}
            rightSection={
              filterCount > 0 ? (
                <Badge size="xs" circle>
                  {filterCount}
                </Badge>
              ) : null
            }
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
          >
            Filters
          </Button>
          <SavedViews
            teamUID={teamUID}
            query={query}
            layout={layout}
            onApply={(q, l) => {
              if (l) changeLayout(l);
              go(q);
            }}
          />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" data-testid="table-total" aria-live="polite">
            {total ? formatTotal(total) : ''}
          </Text>
          <ColumnsMenu layout={layout} onChange={changeLayout} hasPipeline={pipelineUID !== null} />
          <Button
            size="xs"
            leftSection={<IconUserPlus size={16} stroke={1.6} />}
            onClick={() => setAdding(true)}
          >
            New contact
          </Button>
        </Group>
      </Group>
      <NewContactModal
        opened={adding}
        onClose={() => setAdding(false)}
        teamUID={teamUID}
        pipelineUID={pipelineUID}
        stageUID={null}
      />
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {filtersOpen && (
          <FilterPanel
            filter={query.filter}
            onChange={setFilter}
            options={options}
            onClose={() => setFiltersOpen(false)}
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
            names={names}
            onSelectAllMatching={() => setSelection({ mode: 'all', except: new Set() })}
            onClear={() => setSelection(EMPTY_SELECTION)}
          />
          <div style={{ flex: 1, minHeight: 0 }}>
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
                    <Button variant="light" onClick={() => setAdding(true)}>
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
                onToggleAllLoaded={(on) => setSelection((s) => setSelected(s, rowIds, on))}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
