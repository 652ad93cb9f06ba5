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
  Fragment,
  isValidElement,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { useNavigate } from 'react-router';
import { avatarColor, avatarInitials } from '../contact/avatar';
import type { LiveMark, TableHit } from './liveTable';
import classes from './Table.module.css';
import {
  answersTitle,
  COLUMN_LABELS,
  COLUMN_SORT,
  DEFAULT_WIDTHS,
  MAX_CELL_ANSWERS,
  MAX_WIDTH,
  MIN_WIDTH,
  moveColumn,
  isSelected,
  type ColumnId,
  type LoadedRows,
  type ColumnLayout,
  type Selection,
  type TableSort,
} from './tableState';
import { safeUrl } from '../../lib/safeUrl';

export const ROW_HEIGHT = 40;
const CHECK_WIDTH = 40;
/** A resize handle moves its column by this much per arrow key (Shift: four times as much). */
const RESIZE_STEP = 16;

/**
 * The row's box and the name column stay in view while the table scrolls sideways (a wide
 * table scrolls rather than cutting columns off): their cells stick to the left edge.
 */
const STICKY_CHECK = `${classes.td} ${classes.check} ${classes.stickyCheck}`;
const STICKY_NAME = `${classes.td} ${classes.stickyName}`;
const STICKY_CHECK_HEAD = `${classes.th} ${classes.check} ${classes.stickyCheck}`;
const STICKY_NAME_HEAD = `${classes.th} ${classes.stickyName}`;
/** Rows of skeleton after the loaded ones while more can come. */
const LOADING_ROWS = 8;
/** Fetch the next page when the view gets this close to the last loaded row. */
const PREFETCH_ROWS = 60;

export interface Lookups {
  /** `style`: the tag's colours for both schemes (`tintVars`), worked out once per tag. */
  tags: Map<string, { name: string; color: string; style: CSSProperties }>;
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

const MAX_TAGS = 3;

/**
 * Formatted dates by local day: Intl formatting costs some 10 µs a call, two date columns on
 * every row entering the view; timestamps differ per contact but days repeat.
 */
const dateCache = new Map<number, string>();
function formatDateCached(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const t = d.getTime();
  if (Number.isNaN(t)) return '—';
  const day = d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate();
  let out = dateCache.get(day);
  if (out === undefined) {
    out = dateFormat.format(d);
    if (dateCache.size > 5_000) dateCache.clear();
    dateCache.set(day, out);
  }
  return out;
}

/**
 * A cell that is one line of text. The cell element shows it itself (and truncates it): a row
 * enters and leaves the DOM whole as the table scrolls, and every element less in a row is
 * less to create, style, lay out, remove and collect, some 40 rows a frame.
 */
interface TextCell {
  text: string;
  title?: string;
  dimmed?: boolean;
  /** A coloured dot before the text (a label's or a stage's colour), drawn by the cell's CSS. */
  dot?: string;
}

const DASH: TextCell = { text: '—', dimmed: true };

/**
 * A contact's picture in a row: its initials on its colour, with the photo over them when
 * there is one (a photo that fails to load hides itself and the initials show). Plain elements:
 * a Mantine Avatar per row was a large part of rendering a screenful of rows.
 */
function RowAvatar({ name, photoURL }: { name: string; photoURL: string | null }) {
  const color = avatarColor(name);
  return (
    <span
      className={classes.avatar}
      style={
        {
          '--avatar-bg': `var(--mantine-color-${color}-light)`,
          '--avatar-fg': `var(--mantine-color-${color}-light-color)`,
        } as CSSProperties
      }
      aria-hidden
    >
      {avatarInitials(name)}
      {photoURL && (
        <img
          key={photoURL}
          src={photoURL}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={(e) => {
            e.currentTarget.hidden = true;
          }}
        />
      )}
    </span>
  );
}

export function hitName(hit: SearchHit): string {
  return hit.fullName || `${hit.firstName} ${hit.lastName}`.trim() || 'Unnamed';
}

const isTextCell = (cell: TextCell | ReactElement | null): cell is TextCell =>
  cell !== null && !isValidElement(cell);

function textCellClass(id: ColumnId, cell: TextCell): string {
  let name = `${classes.td} ${classes.textCell}`;
  if (id === 'dealValue') name += ` ${classes.num}`;
  if (cell.dimmed) name += ` ${classes.dimmed}`;
  if (cell.dot) name += ` ${classes.dotted}`;
  return name;
}

/** What a cell shows: a line of text (`TextCell`) or elements (a name, tags, answers). */
function cellOf(
  id: ColumnId,
  hit: SearchHit,
  lookups: Lookups,
  pipelineUID: string | null,
): TextCell | ReactElement | null {
  switch (id) {
    case 'name': {
      const name = hitName(hit);
      return (
        <>
          <RowAvatar name={name} photoURL={safeUrl(hit.photoURL) ?? null} />
          {/* A plain link, followed in the app by the table's one click handler
              (`followContactLink`): a router Link per row cost hooks, effects and a
              JSON round trip of the route matches on every row entering the view. */}
          <a
            href={`/contact/${encodeURIComponent(hit.GTID)}`}
            className={classes.nameLink}
            data-contact-link
          >
            {name}
          </a>
        </>
      );
    }
    case 'email':
      return hit.emailAddress ? { text: hit.emailAddress, title: hit.emailAddress } : DASH;
    case 'phone':
      return hit.phoneNumber ? { text: hit.phoneNumber } : DASH;
    case 'tags': {
      if (hit.tagIDs.length === 0) return null;
      const tags = hit.tagIDs.flatMap((t) => {
        const tag = lookups.tags.get(t);
        return tag ? [{ id: t, ...tag }] : [];
      });
      const rest = tags.length - MAX_TAGS;
      return (
        <>
          {tags.slice(0, MAX_TAGS).map((t) => (
            <span key={t.id} className={classes.tag} style={t.style} title={t.name}>
              {t.name}
            </span>
          ))}
          {rest > 0 && (
            <span
              className={`${classes.tag} ${classes.tagMore}`}
              title={tags
                .slice(MAX_TAGS)
                .map((t) => t.name)
                .join(', ')}
            >
              +{rest}
            </span>
          )}
        </>
      );
    }
    case 'statusLabel': {
      const label = hit.statusLabelUID ? lookups.labels.get(hit.statusLabelUID) : undefined;
      return label ? { text: label.display, dot: label.color } : DASH;
    }
    case 'source': {
      if (hit.sources.length === 0) return DASH;
      const sources = hit.sources.join(', ');
      return { text: sources, title: sources };
    }
    case 'createdAt':
      return { text: formatDateCached(hit.createdAt) };
    case 'lastActivityAt':
      return hit.lastActivityAt
        ? { text: formatDateCached(hit.lastActivityAt) }
        : { text: 'Never', dimmed: true };
    case 'stage': {
      const place = hit.pipelines.find((p) => p.pipelineUID === pipelineUID);
      const stage = place ? lookups.stages.get(place.stageUID) : undefined;
      return stage ? { text: stage.name, dot: stage.fontColor || stage.color } : DASH;
    }
    case 'dealValue': {
      const value = Number(hit.dealValue);
      return value ? { text: numberFormat.format(value) } : DASH;
    }
    case 'answers': {
      // The answers alone (the questions repeat on every row and would fill the cell); the
      // tooltip pairs each with its question. Built only for the rows in view (memoised row).
      const answers = hit.answers;
      if (answers.length === 0) return DASH;
      return (
        <span className={classes.truncate} title={answersTitle(answers)}>
          {answers.slice(0, MAX_CELL_ANSWERS).map((a, i) => (
            <Fragment key={i}>
              {i > 0 && <span className={classes.dimmed}> · </span>}
              {a.answer}
            </Fragment>
          ))}
        </span>
      );
    }
  }
}

export interface ContactsTableProps {
  /** The loaded rows, read through their pages (never one array of every row). */
  rows: LoadedRows<SearchHit>;
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

/** TanStack Table holds the columns only (order, sizes, resizing): the rows never go through it. */
const NO_ROWS: SearchHit[] = [];

/**
 * The contacts as a virtualised table: only the rows in view (and a few more) are in the DOM.
 *
 * Scrolling re-renders this component (the virtualizer's range) and nothing above it; a row
 * is memoised on its contact, so a scroll step renders only the rows coming into view, and a
 * page landing renders none of the rows already shown. Rows are keyed by contact, not by their
 * slot in the window: slot keys reuse elements but rotate the children's order on every step,
 * and React then moves the DOM nodes (measured: no less DOM work, and a jumbled tab order). The loaded rows never go through
 * TanStack Table's row models (40,000 Row objects rebuilt on every page): it holds the columns.
 */
export function ContactsTable(props: ContactsTableProps) {
  const { rows, hasNextPage, isFetchingNextPage, fetchNextPage, columns, layout } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  // A contact's name opens its page inside the app, as a router Link would: a plain click only
  // (a modified or middle click keeps the browser's own handling: a new tab, a download...).
  const followContactLink = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      if (e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element).closest('a[data-contact-link]');
      const href = link?.getAttribute('href');
      if (!href) return;
      e.preventDefault();
      void navigate(href);
    },
    [navigate],
  );

  const widths = useMemo(
    () => columns.map((id) => layout.widths[id] ?? DEFAULT_WIDTHS[id]),
    [columns, layout.widths],
  );
  const width = CHECK_WIDTH + widths.reduce((a, w) => a + w, 0);

  const count = rows.length + (hasNextPage ? LOADING_ROWS : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : 0;

  // Infinite paging: the next `/v2` page (searchAfter) once the view nears the loaded end.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  // How many loaded rows are ticked: once per page or selection change, never per scroll step.
  const selectedLoaded = useMemo(() => {
    const sel = props.selection;
    if (sel.mode === 'some' && sel.ids.size === 0) return 0;
    if (sel.mode === 'all' && sel.except.size === 0) return rows.length;
    let n = 0;
    for (const r of rows) if (isSelected(sel, r.GTID)) n++;
    return n;
  }, [rows, props.selection]);
  const allState =
    rows.length > 0 && selectedLoaded === rows.length
      ? 'all'
      : selectedLoaded > 0
        ? 'some'
        : 'none';

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="grid"
      aria-rowcount={count + 1}
      aria-colcount={columns.length + 1}
      data-testid="contacts-table"
      data-loaded={rows.length}
      data-complete={hasNextPage ? undefined : true}
    >
      <TableHeader
        columns={columns}
        widths={widths}
        width={width}
        layout={layout}
        onLayoutChange={props.onLayoutChange}
        sort={props.sort}
        onSortClick={props.onSortClick}
        allState={allState}
        onToggleAllLoaded={props.onToggleAllLoaded}
      />
      <div
        className={classes.body}
        style={{ height: virtualizer.getTotalSize(), width }}
        onClick={followContactLink}
      >
        {items.map((item) => {
          const hit = rows.at(item.index);
          if (!hit) {
            return (
              <div
                key={`loading-${item.index}`}
                className={classes.row}
                style={{ width, transform: `translateY(${item.start}px)` }}
                aria-hidden
              >
                <div className={classes.td} style={{ width: CHECK_WIDTH }} />
                <div className={classes.td} style={{ width: width - CHECK_WIDTH }}>
                  <span className={classes.loadingBar} />
                </div>
              </div>
            );
          }
          return (
            <TableRow
              key={hit.GTID}
              hit={hit}
              index={item.index}
              start={item.start}
              width={width}
              columns={columns}
              widths={widths}
              selected={isSelected(props.selection, hit.GTID)}
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

/** A native checkbox (a Mantine one per row costs more than the rest of the row). */
function RowCheckbox({
  label,
  checked,
  indeterminate,
  onChange,
  onClick,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  onClick?: (e: MouseEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      type="checkbox"
      className={classes.checkbox}
      aria-label={label}
      checked={checked}
      // Only the header's box can be half ticked: a row's box has no ref to attach and detach.
      ref={
        indeterminate === undefined
          ? undefined
          : (el) => {
              if (el) el.indeterminate = indeterminate;
            }
      }
      onChange={onChange ?? (() => undefined)}
      onClick={onClick}
    />
  );
}

interface TableHeaderProps {
  columns: ColumnId[];
  widths: number[];
  width: number;
  layout: ColumnLayout;
  onLayoutChange: (layout: ColumnLayout) => void;
  sort: TableSort | null;
  onSortClick: (column: ColumnId) => void;
  allState: 'all' | 'some' | 'none';
  onToggleAllLoaded: (on: boolean) => void;
}

/** The sticky header: sort, drag to reorder, resize. Memoised: scrolling does not touch it. */
const TableHeader = memo(function TableHeader({
  columns,
  widths,
  width,
  layout,
  onLayoutChange,
  sort,
  onSortClick,
  allState,
  onToggleAllLoaded,
}: TableHeaderProps) {
  const [dragging, setDragging] = useState<ColumnId | null>(null);
  const [dropTarget, setDropTarget] = useState<ColumnId | null>(null);

  const columnDefs = useMemo<ColumnDef<SearchHit>[]>(
    () =>
      columns.map((id, i) => ({
        id,
        header: COLUMN_LABELS[id],
        size: widths[i],
        minSize: MIN_WIDTH,
        maxSize: MAX_WIDTH,
      })),
    [columns, widths],
  );
  const sizing = useMemo<ColumnSizingState>(
    () => Object.fromEntries(columns.map((id, i) => [id, widths[i]!])),
    [columns, widths],
  );

  const table = useReactTable({
    data: NO_ROWS,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    columnResizeMode: 'onChange',
    state: { columnSizing: sizing, columnOrder: columns },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => {
      const next = typeof updater === 'function' ? updater(sizing) : updater;
      const w = { ...layout.widths };
      for (const [id, size] of Object.entries(next)) w[id as ColumnId] = Math.round(size);
      onLayoutChange({ ...layout, widths: w });
    },
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div className={classes.header} style={{ width }} role="row" aria-rowindex={1}>
      <div className={STICKY_CHECK_HEAD} style={{ width: CHECK_WIDTH }}>
        <RowCheckbox
          label="Select every contact on screen"
          checked={allState === 'all'}
          indeterminate={allState === 'some'}
          onChange={(e) => onToggleAllLoaded(e.currentTarget.checked)}
        />
      </div>
      {headers.map((header) => {
        const id = header.column.id as ColumnId;
        const field = COLUMN_SORT[id];
        const sorted = field && sort?.field === field ? sort.direction : null;
        return (
          <div
            key={header.id}
            role="columnheader"
            aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
            className={id === 'name' ? STICKY_NAME_HEAD : classes.th}
            style={{ width: header.getSize() }}
            data-column={id}
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
            onClick={field ? () => onSortClick(id) : undefined}
            onKeyDown={
              field
                ? (e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onSortClick(id);
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
                const w = { ...layout.widths };
                delete w[id];
                onLayoutChange({ ...layout, widths: w });
              }}
              onKeyDown={(e) => {
                const step = e.shiftKey ? RESIZE_STEP * 4 : RESIZE_STEP;
                const by = e.key === 'ArrowRight' ? step : e.key === 'ArrowLeft' ? -step : 0;
                if (by === 0) return;
                e.preventDefault();
                e.stopPropagation();
                const next = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, header.getSize() + by));
                onLayoutChange({ ...layout, widths: { ...layout.widths, [id]: next } });
              }}
              // Not a drag source: dragging the handle resizes, it does not move the column.
              draggable
              onDragStart={(e) => {
                e.preventDefault();
                e.stopPropagation();
              }}
              tabIndex={0}
              role="separator"
              aria-orientation="vertical"
              aria-valuenow={header.getSize()}
              aria-valuemin={MIN_WIDTH}
              aria-valuemax={MAX_WIDTH}
              aria-label={`Resize ${COLUMN_LABELS[id]}`}
              title="Drag or use the arrow keys to resize; double-click to reset"
            />
          </div>
        );
      })}
    </div>
  );
});

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

/** One contact's row: plain elements with the module's classes, memoised on its props. */
/** A row a teammate changed so that it no longer belongs here (liveTable): it stays, marked. */
const LIVE_TITLES: Record<LiveMark, string> = {
  deleted: 'A teammate deleted this contact. Refresh to update the list.',
  left: 'Changed by a teammate: no longer matches this view. Refresh to update the list.',
};

const TableRow = memo(function TableRow({
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
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={classes.row}
      data-selected={selected ? true : undefined}
      data-gtid={hit.GTID}
      data-live={(hit as TableHit).live}
      title={(hit as TableHit).live ? LIVE_TITLES[(hit as TableHit).live!] : undefined}
      style={{ width, transform: `translateY(${start}px)` }}
    >
      <div className={STICKY_CHECK} style={{ width: CHECK_WIDTH }} role="gridcell">
        <RowCheckbox
          label={`Select ${hitName(hit)}`}
          checked={selected}
          onClick={(e) => onToggle(hit.GTID, e.currentTarget.checked, e.shiftKey)}
        />
      </div>
      {columns.map((id, i) => {
        const cell = cellOf(id, hit, lookups, pipelineUID);
        if (isTextCell(cell)) {
          return (
            <div
              key={id}
              role="gridcell"
              className={textCellClass(id, cell)}
              style={
                cell.dot
                  ? ({ width: widths[i], '--dot-color': cell.dot } as CSSProperties)
                  : { width: widths[i] }
              }
              title={cell.title}
            >
              {cell.text}
            </div>
          );
        }
        return (
          <div
            key={id}
            role="gridcell"
            className={id === 'name' ? STICKY_NAME : classes.td}
            style={{ width: widths[i] }}
          >
            {cell}
          </div>
        );
      })}
    </div>
  );
});
