import { Avatar, Badge, Checkbox, Skeleton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SearchHit } from '@leadloom/core';
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
} from 'react';
import { Link } from 'react-router';
import { avatarColor, avatarInitials } from '../contact/avatar';
import classes from './Table.module.css';
import {
  COLUMN_LABELS,
  COLUMN_SORT,
  DEFAULT_WIDTHS,
  MAX_WIDTH,
  MIN_WIDTH,
  moveColumn,
  isSelected,
  type ColumnId,
  type ColumnLayout,
  type Selection,
  type TableSort,
} from './tableState';

export const ROW_HEIGHT = 40;
const CHECK_WIDTH = 40;
/** Rows of skeleton after the loaded ones while more can come. */
const LOADING_ROWS = 8;
/** Fetch the next page when the view gets this close to the last loaded row. */
const PREFETCH_ROWS = 60;

export interface Lookups {
  tags: Map<string, { name: string; color: string }>;
  labels: Map<string, { display: string; color: string }>;
  /** `color` is the stage's background (pale); `fontColor` its text colour (strong). */
  stages: Map<string, { name: string; color: string; fontColor?: string }>;
}

const dateFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat.format(d);
}

const MAX_TAGS = 3;

function cellOf(id: ColumnId, hit: SearchHit, lookups: Lookups, pipelineUID: string | null) {
  switch (id) {
    case 'name': {
      const name = hit.fullName || `${hit.firstName} ${hit.lastName}`.trim() || 'Unnamed';
      return (
        <>
          <Avatar
            src={hit.photoURL}
            size={24}
            radius="xl"
            color={avatarColor(name)}
            variant="light"
            alt=""
            imageProps={{ referrerPolicy: 'no-referrer', loading: 'lazy' }}
          >
            {avatarInitials(name)}
          </Avatar>
          <Link to={`/contact/${encodeURIComponent(hit.GTID)}`} className={classes.nameLink}>
            {name}
          </Link>
        </>
      );
    }
    case 'email':
      return hit.emailAddress ? (
        <span className={classes.truncate} title={hit.emailAddress}>
          {hit.emailAddress}
        </span>
      ) : (
        <span className={classes.dimmed}>—</span>
      );
    case 'phone':
      return hit.phoneNumber ? (
        <span className={classes.truncate}>{hit.phoneNumber}</span>
      ) : (
        <span className={classes.dimmed}>—</span>
      );
    case 'tags': {
      const tags = hit.tagIDs.flatMap((t) => {
        const tag = lookups.tags.get(t);
        return tag ? [{ id: t, ...tag }] : [];
      });
      const rest = tags.length - MAX_TAGS;
      return (
        <>
          {tags.slice(0, MAX_TAGS).map((t) => (
            <Badge
              key={t.id}
              size="sm"
              variant="light"
              color={t.color}
              className={classes.tag}
              title={t.name}
            >
              {t.name}
            </Badge>
          ))}
          {rest > 0 && (
            <Badge
              size="sm"
              variant="default"
              className={classes.tag}
              title={tags
                .slice(MAX_TAGS)
                .map((t) => t.name)
                .join(', ')}
            >
              +{rest}
            </Badge>
          )}
        </>
      );
    }
    case 'statusLabel': {
      const label = hit.statusLabelUID ? lookups.labels.get(hit.statusLabelUID) : undefined;
      if (!label) return <span className={classes.dimmed}>—</span>;
      return (
        <>
          <span
            className={classes.dot}
            style={{ '--dot-color': label.color } as CSSProperties}
            aria-hidden
          />
          <span className={classes.truncate}>{label.display}</span>
        </>
      );
    }
    case 'source':
      return hit.sources.length > 0 ? (
        <span className={classes.truncate} title={hit.sources.join(', ')}>
          {hit.sources.join(', ')}
        </span>
      ) : (
        <span className={classes.dimmed}>—</span>
      );
    case 'createdAt':
      return <span className={classes.truncate}>{formatDate(hit.createdAt)}</span>;
    case 'lastActivityAt':
      return (
        <span className={hit.lastActivityAt ? classes.truncate : classes.dimmed}>
          {hit.lastActivityAt ? formatDate(hit.lastActivityAt) : 'Never'}
        </span>
      );
    case 'stage': {
      const place = hit.pipelines.find((p) => p.pipelineUID === pipelineUID);
      const stage = place ? lookups.stages.get(place.stageUID) : undefined;
      if (!stage) return <span className={classes.dimmed}>—</span>;
      return (
        <>
          <span
            className={classes.dot}
            style={{ '--dot-color': stage.fontColor || stage.color } as CSSProperties}
            aria-hidden
          />
          <span className={classes.truncate}>{stage.name}</span>
        </>
      );
    }
    case 'dealValue': {
      const value = Number(hit.dealValue);
      return value ? (
        <span>{numberFormat.format(value)}</span>
      ) : (
        <span className={classes.dimmed}>—</span>
      );
    }
  }
}

export interface ContactsTableProps {
  rows: SearchHit[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  columns: ColumnId[];
  layout: ColumnLayout;
  onLayoutChange: (layout: ColumnLayout) => void;
  sort: TableSort | null;
  onSortClick: (column: ColumnId) => void;
  lookups: Lookups;
  pipelineUID: string | null;
  selection: Selection;
  onToggle: (GTID: string, on: boolean, shift: boolean) => void;
  /** Ticks or unticks every loaded row. */
  onToggleAllLoaded: (on: boolean) => void;
}

/** The contacts as a virtualised table: only the rows in view (and a few more) are in the DOM. */
export function ContactsTable(props: ContactsTableProps) {
  const { rows, hasNextPage, isFetchingNextPage, fetchNextPage, layout, onLayoutChange } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<ColumnId | null>(null);
  const [dropTarget, setDropTarget] = useState<ColumnId | null>(null);

  const columnDefs = useMemo<ColumnDef<SearchHit>[]>(
    () =>
      props.columns.map((id) => ({
        id,
        header: COLUMN_LABELS[id],
        size: layout.widths[id] ?? DEFAULT_WIDTHS[id],
        minSize: MIN_WIDTH,
        maxSize: MAX_WIDTH,
      })),
    [props.columns, layout.widths],
  );
  const sizing = useMemo<ColumnSizingState>(
    () =>
      Object.fromEntries(props.columns.map((id) => [id, layout.widths[id] ?? DEFAULT_WIDTHS[id]])),
    [props.columns, layout.widths],
  );

  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.GTID,
    manualSorting: true,
    columnResizeMode: 'onChange',
    state: { columnSizing: sizing, columnOrder: props.columns },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => {
      const next = typeof updater === 'function' ? updater(sizing) : updater;
      const widths = { ...layout.widths };
      for (const [id, w] of Object.entries(next)) widths[id as ColumnId] = Math.round(w);
      onLayoutChange({ ...layout, widths });
    },
  });

  const count = rows.length + (hasNextPage ? LOADING_ROWS : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : 0;

  // Infinite paging: the next `/v2` page (searchAfter) once the view nears the loaded end.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const width = CHECK_WIDTH + table.getTotalSize();
  const tableRows = table.getRowModel().rows;
  const loadedIds = rows.map((r) => r.GTID);
  const selectedLoaded = loadedIds.filter((id) => isSelected(props.selection, id)).length;

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="grid"
      aria-rowcount={count + 1}
      aria-colcount={headers.length + 1}
      data-testid="contacts-table"
      data-loaded={rows.length}
      data-complete={hasNextPage ? undefined : true}
    >
      <div className={classes.header} style={{ width }} role="row" aria-rowindex={1}>
        <div className={`${classes.th} ${classes.check}`} style={{ width: CHECK_WIDTH }}>
          <Checkbox
            size="xs"
            aria-label="Select every contact on screen"
            checked={rows.length > 0 && selectedLoaded === rows.length}
            indeterminate={selectedLoaded > 0 && selectedLoaded < rows.length}
            onChange={(e) => props.onToggleAllLoaded(e.currentTarget.checked)}
          />
        </div>
        {headers.map((header) => {
          const id = header.column.id as ColumnId;
          const field = COLUMN_SORT[id];
          const sorted = field && props.sort?.field === field ? props.sort.direction : null;
          return (
            <div
              key={header.id}
              role="columnheader"
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
              className={classes.th}
              style={{ width: header.getSize() }}
              data-sortable={field ? true : undefined}
              data-sorted={sorted ?? undefined}
              data-drop-target={dropTarget === id && dragging !== id ? true : undefined}
              title={field ? `Sort by ${COLUMN_LABELS[id].toLowerCase()}` : undefined}
              draggable={!header.column.getIsResizing()}
              onDragStart={(e) => {
                setDragging(id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', id);
              }}
              onDragOver={(e) => {
                if (!dragging) return;
                e.preventDefault();
                setDropTarget(id);
              }}
              onDragLeave={() => setDropTarget((t) => (t === id ? null : t))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging && dragging !== id) onLayoutChange(moveColumn(layout, dragging, id));
                setDragging(null);
                setDropTarget(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setDropTarget(null);
              }}
              onClick={field ? () => props.onSortClick(id) : undefined}
              onKeyDown={
                field
                  ? (e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        props.onSortClick(id);
                      }
                    }
                  : undefined
              }
              tabIndex={field ? 0 : undefined}
            >
              <span className={classes.truncate}>
                {flexRender(header.column.columnDef.header, header.getContext())}
              </span>
              {sorted === 'asc' && <IconArrowUp size={12} aria-hidden />}
              {sorted === 'desc' && <IconArrowDown size={12} aria-hidden />}
              <div
                className={classes.resizer}
                data-resizing={header.column.getIsResizing() ? true : undefined}
                onMouseDown={header.getResizeHandler()}
                onTouchStart={header.getResizeHandler()}
                onClick={(e) => e.stopPropagation()}
                onDoubleClick={(e) => {
                  e.stopPropagation();
                  const widths = { ...layout.widths };
                  delete widths[id];
                  onLayoutChange({ ...layout, widths });
                }}
                role="separator"
                aria-label={`Resize ${COLUMN_LABELS[id]}`}
              />
            </div>
          );
        })}
      </div>
      <div className={classes.body} style={{ height: virtualizer.getTotalSize(), width }}>
        {items.map((item) => {
          const row = tableRows[item.index];
          if (!row) {
            return (
              <div
                key={`loading-${item.index}`}
                className={classes.row}
                style={{ width, transform: `translateY(${item.start}px)` }}
                aria-hidden
              >
                <div className={classes.td} style={{ width: CHECK_WIDTH }} />
                <div className={classes.td} style={{ width: width - CHECK_WIDTH }}>
                  <Skeleton height={12} width="60%" />
                </div>
              </div>
            );
          }
          return (
            <TableRow
              key={row.id}
              hit={row.original}
              index={item.index}
              start={item.start}
              width={width}
              columns={props.columns}
              widths={headers.map((h) => h.getSize())}
              selected={isSelected(props.selection, row.id)}
              lookups={props.lookups}
              pipelineUID={props.pipelineUID}
              onToggle={props.onToggle}
            />
          );
        })}
      </div>
    </div>
  );
}

interface TableRowProps {
  hit: SearchHit;
  index: number;
  start: number;
  width: number;
  columns: ColumnId[];
  widths: number[];
  selected: boolean;
  lookups: Lookups;
  pipelineUID: string | null;
  onToggle: (GTID: string, on: boolean, shift: boolean) => void;
}

const TableRow = memo(
  function TableRow({
    hit,
    index,
    start,
    width,
    columns,
    widths,
    selected,
    lookups,
    pipelineUID,
    onToggle,
  }: TableRowProps) {
    const name = hit.fullName || `${hit.firstName} ${hit.lastName}`.trim() || 'Unnamed';
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        aria-selected={selected}
        className={classes.row}
        data-selected={selected ? true : undefined}
        data-gtid={hit.GTID}
        style={{ width, transform: `translateY(${start}px)` }}
      >
        <div
          className={`${classes.td} ${classes.check}`}
          style={{ width: CHECK_WIDTH }}
          role="gridcell"
        >
          <Checkbox
            size="xs"
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={() => undefined}
            onClick={(e: MouseEvent<HTMLInputElement>) =>
              onToggle(hit.GTID, e.currentTarget.checked, e.shiftKey)
            }
          />
        </div>
        {columns.map((id, i) => (
          <div
            key={id}
            role="gridcell"
            className={id === 'dealValue' ? `${classes.td} ${classes.num}` : classes.td}
            style={{ width: widths[i] }}
          >
            {cellOf(id, hit, lookups, pipelineUID)}
          </div>
        ))}
      </div>
    );
  },
  (a, b) =>
    a.hit === b.hit &&
    a.start === b.start &&
    a.width === b.width &&
    a.selected === b.selected &&
    a.columns === b.columns &&
    a.lookups === b.lookups &&
    a.pipelineUID === b.pipelineUID &&
    a.onToggle === b.onToggle &&
    a.widths.join() === b.widths.join(),
);
