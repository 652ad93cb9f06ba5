/**
 * The table view's pure state (no React): the filter and sort as a URL query string (so a view
 * can be bookmarked and sent), the column layout remembered per user, the selection and the
 * bulk request it becomes, and how a total is worded.
 */
import {
  SEARCH_SORT_FIELDS,
  type ExportColumn,
  bulkRequestSchema,
  searchFilterSchema,
  type BulkAction,
  type BulkRequest,
  type SearchFilter,
  type SearchSortField,
  type SearchTotal,
} from '@leadloom/core';

export interface TableSort {
  field: SearchSortField;
  direction: 'asc' | 'desc';
}

/** What the table shows: the filter (pipeline included) and the sort (null = the default). */
export interface TableQuery {
  filter: SearchFilter;
  sort: TableSort | null;
}

// ---------------------------------------------------------------------------------------------
// Columns

/** Every column, in the default order (the pipeline ones next to the name: they matter most). */
export const COLUMN_IDS = [
  'name',
  'stage',
  'email',
  'phone',
  'tags',
  'statusLabel',
  'dealValue',
  'answers',
  'source',
  'createdAt',
  'lastActivityAt',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export const COLUMN_LABELS: Record<ColumnId, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  tags: 'Tags',
  statusLabel: 'Status',
  source: 'Source',
  createdAt: 'Created',
  lastActivityAt: 'Last activity',
  stage: 'Stage',
  dealValue: 'Deal value',
  answers: 'Answers',
};

/**
 * Columns that only mean something within one pipeline. Answers are one column (every answer
 * of the contact in the pipeline, `Question: answer · …`), not one per question: the team's
 * questions are the team's, answers are kept per pipeline, and an answer may be to a question
 * no longer asked; one column shows them all and keeps layouts and saved views stable.
 */
export const PIPELINE_COLUMNS: readonly ColumnId[] = ['stage', 'dealValue', 'answers'];

/** The CSV export column of each table column (the file holds what the screen shows). */
export const EXPORT_COLUMN_OF: Record<ColumnId, ExportColumn> = {
  name: 'name',
  stage: 'stage',
  email: 'email',
  phone: 'phone',
  tags: 'tags',
  statusLabel: 'statusLabel',
  dealValue: 'dealValue',
  answers: 'answers',
  source: 'sources',
  createdAt: 'createdAt',
  lastActivityAt: 'lastActivityAt',
};

/** The export's columns for the columns shown, in their order (answers: one per question). */
export function exportColumnsOf(shown: readonly ColumnId[]): ExportColumn[] {
  return shown.map((id) => EXPORT_COLUMN_OF[id]);
}

/** The search sort field behind a column header (tags cannot be sorted on). */
export const COLUMN_SORT: Partial<Record<ColumnId, SearchSortField>> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  statusLabel: 'statusLabel',
  source: 'source',
  createdAt: 'createdAt',
  lastActivityAt: 'lastActivityAt',
  stage: 'stage',
  dealValue: 'dealValue',
};

/** A question as the answers cell labels it: `Budget?` as is, `Budget` as `Budget:`. */
export function questionLabel(question: string): string {
  const q = question.trim();
  return /[?:.!]$/.test(q) ? q : `${q}:`;
}

/**
 * The answers cell's tooltip: every answer on its own line with its question (the cell shows
 * the answers alone), as `Question answer`.
 */
export function answersTitle(answers: readonly { question: string; answer: string }[]): string {
  return answers.map((a) => `${questionLabel(a.question)} ${a.answer.trim()}`).join('\n');
}

/** Answers drawn in a cell (the cell truncates long before; the tooltip has them all). */
export const MAX_CELL_ANSWERS = 4;

export const DEFAULT_WIDTHS: Record<ColumnId, number> = {
  name: 240,
  email: 220,
  phone: 140,
  tags: 200,
  statusLabel: 130,
  source: 110,
  createdAt: 120,
  lastActivityAt: 130,
  stage: 150,
  dealValue: 120,
  answers: 280,
};
export const MIN_WIDTH = 70;
export const MAX_WIDTH = 600;

export interface ColumnLayout {
  /** Every column, in display order. */
  order: ColumnId[];
  hidden: ColumnId[];
  widths: Partial<Record<ColumnId, number>>;
}

export const DEFAULT_LAYOUT: ColumnLayout = { order: [...COLUMN_IDS], hidden: [], widths: {} };

const isColumnId = (v: unknown): v is ColumnId =>
  typeof v === 'string' && (COLUMN_IDS as readonly string[]).includes(v);

/** A stored layout made safe: unknown columns dropped, missing ones appended, widths clamped. */
export function normalizeLayout(raw: unknown): ColumnLayout {
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_LAYOUT, order: [...COLUMN_IDS] };
  const r = raw as Record<string, unknown>;
  const order = Array.isArray(r.order) ? [...new Set(r.order.filter(isColumnId))] : [];
  for (const id of COLUMN_IDS) if (!order.includes(id)) order.push(id);
  // The name column stays (it is the link to the contact).
  const hidden = Array.isArray(r.hidden)
    ? [...new Set(r.hidden.filter(isColumnId))].filter((id) => id !== 'name')
    : [];
  const widths: Partial<Record<ColumnId, number>> = {};
  if (r.widths && typeof r.widths === 'object') {
    for (const [k, v] of Object.entries(r.widths as Record<string, unknown>)) {
      if (isColumnId(k) && typeof v === 'number' && Number.isFinite(v)) {
        widths[k] = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(v)));
      }
    }
  }
  return { order, hidden, widths };
}

/** The columns on screen, in order: pipeline columns only with a pipeline chosen. */
export function visibleColumns(layout: ColumnLayout, hasPipeline: boolean): ColumnId[] {
  return layout.order.filter(
    (id) => !layout.hidden.includes(id) && (hasPipeline || !PIPELINE_COLUMNS.includes(id)),
  );
}

/** Moves `id` to where `before` is (or by `delta` places when `before` is a number). */
export function moveColumn(
  layout: ColumnLayout,
  id: ColumnId,
  to: ColumnId | number,
): ColumnLayout {
  const order = layout.order.filter((c) => c !== id);
  const from = layout.order.indexOf(id);
  let index = typeof to === 'number' ? from + to : order.indexOf(to);
  if (typeof to !== 'number' && layout.order.indexOf(to) > from) index += 1;
  index = Math.max(0, Math.min(order.length, index));
  order.splice(index, 0, id);
  return { ...layout, order };
}

export const layoutStorageKey = (userUID: string) => `leadloom.table.layout.${userUID}`;

export function loadLayout(
  storage: Pick<Storage, 'getItem'> | null,
  userUID: string,
): ColumnLayout {
  try {
    const raw = storage?.getItem(layoutStorageKey(userUID));
    return normalizeLayout(raw ? JSON.parse(raw) : null);
  } catch {
    return normalizeLayout(null);
  }
}

export function saveLayout(
  storage: Pick<Storage, 'setItem'> | null,
  userUID: string,
  layout: ColumnLayout,
): void {
  try {
    storage?.setItem(layoutStorageKey(userUID), JSON.stringify(layout));
  } catch {
    // Storage full or refused: the layout lasts for this page only.
  }
}

// ---------------------------------------------------------------------------------------------
// The URL: `/contacts/table/:pipelineID?` + a query string holding the rest of the filter.

const list = (v: string | null) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (a local day) → the ISO instant of its local midnight, `endOfDay` the next one. */
export function dayToISO(day: string, endOfDay = false): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  // `2026-13-99` would roll over into another day: refuse it.
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d)
    return undefined;
  if (endOfDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** The local day of an ISO instant (`endOfDay`: the day before, for exclusive ends). */
export function isoToDay(iso: string | undefined, endOfDay = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (endOfDay) date.setDate(date.getDate() - 1);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

const bool = (v: string | null) => (v === '1' ? true : v === '0' ? false : undefined);
const num = (v: string | null) => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

function range(params: URLSearchParams, prefix: string) {
  const from = dayToISO(params.get(`${prefix}From`) ?? '');
  const to = dayToISO(params.get(`${prefix}To`) ?? '', true);
  const includeEmpty = params.get(`${prefix}Empty`) === '1' ? true : undefined;
  if (!from && !to && !includeEmpty) return undefined;
  return { from, to, includeEmpty };
}

/** Drops undefined fields and empty lists/objects, so equal filters compare equal. */
export function compactFilter(filter: SearchFilter): SearchFilter {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) out[k] = v;
      continue;
    }
    if (typeof v === 'object') {
      const inner = compactFilter(v as SearchFilter) as Record<string, unknown>;
      if (Object.keys(inner).length > 0) out[k] = inner;
      continue;
    }
    out[k] = v;
  }
  return out as SearchFilter;
}

/** Reads the table's filter and sort from its address. Anything off the schema is dropped. */
export function queryFromUrl(pipelineID: string | undefined, search: string): TableQuery {
  const params = new URLSearchParams(search);
  const labels = list(params.get('label')).map((l) => (l === 'none' ? null : l));
  const candidate = compactFilter({
    text: params.get('q') ?? undefined,
    pipelineUID: pipelineID || undefined,
    stageUIDs: pipelineID ? list(params.get('stage')) : undefined,
    tags: {
      any: list(params.get('tagsAny')),
      all: list(params.get('tagsAll')),
      none: list(params.get('tagsNone')),
    },
    statusLabels: labels,
    sources: list(params.get('source')),
    createdAt: range(params, 'created'),
    lastActivityAt: range(params, 'active'),
    hasEmail: bool(params.get('hasEmail')),
    hasPhone: bool(params.get('hasPhone')),
    dealValue: { min: num(params.get('dealMin')), max: num(params.get('dealMax')) },
  });
  // Field by field, so one bad value does not drop the whole filter.
  const filter: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(candidate)) {
    const one = searchFilterSchema.safeParse({ [k]: v });
    if (one.success) filter[k] = v;
  }
  const field = params.get('sort');
  const dir = params.get('dir');
  const sort: TableSort | null =
    field && (SEARCH_SORT_FIELDS as readonly string[]).includes(field)
      ? { field: field as SearchSortField, direction: dir === 'desc' ? 'desc' : 'asc' }
      : null;
  // Stage order exists only within one pipeline; relevance only with free text.
  const usable =
    sort &&
    !(sort.field === 'stage' && !filter.pipelineUID) &&
    !(sort.field === 'relevance' && !filter.text)
      ? sort
      : null;
  return { filter: filter as SearchFilter, sort: usable };
}

/** The address of a table query: `/contacts/table/<pipeline>?…`. */
export function urlForQuery(query: TableQuery): string {
  const f = compactFilter(query.filter);
  const params = new URLSearchParams();
  const set = (k: string, v: string | undefined) => {
    if (v !== undefined && v !== '') params.set(k, v);
  };
  set('q', f.text);
  if (f.pipelineUID) set('stage', f.stageUIDs?.join(','));
  set('tagsAny', f.tags?.any?.join(','));
  set('tagsAll', f.tags?.all?.join(','));
  set('tagsNone', f.tags?.none?.join(','));
  set('label', f.statusLabels?.map((l) => l ?? 'none').join(','));
  set('source', f.sources?.join(','));
  set('createdFrom', isoToDay(f.createdAt?.from));
  set('createdTo', isoToDay(f.createdAt?.to, true));
  if (f.createdAt?.includeEmpty) set('createdEmpty', '1');
  set('activeFrom', isoToDay(f.lastActivityAt?.from));
  set('activeTo', isoToDay(f.lastActivityAt?.to, true));
  if (f.lastActivityAt?.includeEmpty) set('activeEmpty', '1');
  if (f.hasEmail !== undefined) set('hasEmail', f.hasEmail ? '1' : '0');
  if (f.hasPhone !== undefined) set('hasPhone', f.hasPhone ? '1' : '0');
  if (f.dealValue?.min !== undefined) set('dealMin', String(f.dealValue.min));
  if (f.dealValue?.max !== undefined) set('dealMax', String(f.dealValue.max));
  if (query.sort) {
    set('sort', query.sort.field);
    set('dir', query.sort.direction);
  }
  const path = f.pipelineUID
    ? `/contacts/table/${encodeURIComponent(f.pipelineUID)}`
    : '/contacts/table';
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** How many filter conditions are set (the search text and pipeline aside). */
export function activeFilterCount(filter: SearchFilter): number {
  const f = compactFilter(filter);
  let n = 0;
  if (f.stageUIDs) n++;
  if (f.tags?.any) n++;
  if (f.tags?.all) n++;
  if (f.tags?.none) n++;
  if (f.statusLabels) n++;
  if (f.sources) n++;
  if (f.createdAt) n++;
  if (f.lastActivityAt) n++;
  if (f.hasEmail !== undefined) n++;
  if (f.hasPhone !== undefined) n++;
  if (f.dealValue) n++;
  return n;
}

/** "1,234 contacts", "10,000+ contacts" for a bound, "1 contact". */
export function formatTotal(total: SearchTotal): string {
  const n = total.value.toLocaleString('en-US');
  if (total.relation === 'gte') return `${n}+ contacts`;
  return `${n} ${total.value === 1 ? 'contact' : 'contacts'}`;
}

/** The next sort when a header is clicked: ascending, descending, then back to the default. */
export function nextSort(current: TableSort | null, field: SearchSortField): TableSort | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Selection

/** Contacts picked one by one, or every contact matching the filter less those unticked. */
export type Selection =
  { mode: 'some'; ids: ReadonlySet<string> } | { mode: 'all'; except: ReadonlySet<string> };

export const EMPTY_SELECTION: Selection = { mode: 'some', ids: new Set() };

export function isSelected(selection: Selection, GTID: string): boolean {
  return selection.mode === 'some' ? selection.ids.has(GTID) : !selection.except.has(GTID);
}

/** Ticks or unticks several contacts at once (one, or a shift-click range). */
export function setSelected(selection: Selection, GTIDs: string[], on: boolean): Selection {
  if (selection.mode === 'some') {
    const ids = new Set(selection.ids);
    for (const id of GTIDs) {
      if (on) ids.add(id);
      else ids.delete(id);
    }
    return { mode: 'some', ids };
  }
  const except = new Set(selection.except);
  for (const id of GTIDs) {
    if (on) except.delete(id);
    else except.add(id);
  }
  return { mode: 'all', except };
}

/** The GTIDs between the last clicked row and this one (both included), in screen order. */
export function rangeOf(rows: readonly string[], anchor: string | null, target: string): string[] {
  const to = rows.indexOf(target);
  const from = anchor === null ? -1 : rows.indexOf(anchor);
  if (to < 0) return [];
  if (from < 0) return [target];
  return rows.slice(Math.min(from, to), Math.max(from, to) + 1);
}

// ---------------------------------------------------------------------------------------------
// Loaded rows

/**
 * The loaded rows as one list read through the `/v2` pages as they came, never copied into one
 * array: a flat copy of every loaded row per page landing made a new array of up to 40,000
 * entries 200 times over a scroll (some 60 MB of large-object garbage, each one in the old
 * generation at once), and the major collections it brought landed in scroll frames as long
 * tasks (issue 7). Building one costs a number per page; `at` a binary search over the pages.
 */
export interface LoadedRows<T> extends Iterable<T> {
  readonly length: number;
  /** The row at `index` (0-based), undefined outside the loaded ones. */
  at(index: number): T | undefined;
}

export function loadedRows<T>(pages: readonly { readonly hits: readonly T[] }[]): LoadedRows<T> {
  // ends[p]: the rows in pages 0..p (a page may hold any number of rows, none included).
  const ends: number[] = [];
  let length = 0;
  for (const page of pages) {
    length += page.hits.length;
    ends.push(length);
  }
  return {
    length,
    at(index: number) {
      if (!(index >= 0 && index < length)) return undefined;
      let lo = 0;
      let hi = ends.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ends[mid]! > index) hi = mid;
        else lo = mid + 1;
      }
      return pages[lo]!.hits[index - (lo === 0 ? 0 : ends[lo - 1]!)];
    },
    *[Symbol.iterator]() {
      for (const page of pages) yield* page.hits;
    },
  };
}

/** How many contacts the selection holds (`total` = the search's count). */
export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'some'
    ? selection.ids.size
    : Math.max(0, total - selection.except.size);
}

const contacts = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

/**
 * How a bulk action names what it acts on. `long` for a sentence ("Delete … ?"), `short` for a
 * button or a title. A count when it is known; with every match selected and only a bound on
 * the total ("10,000+"), every match is included, so the words say so instead of a number.
 */
export function selectionWords(
  selection: Selection,
  total: SearchTotal | null,
): { long: string; short: string } {
  if (selection.mode === 'all' && total?.relation === 'gte') {
    const bound = `${total.value.toLocaleString('en-US')}+`;
    const except =
      selection.except.size > 0 ? ` except ${selection.except.size.toLocaleString('en-US')}` : '';
    return {
      long: `all contacts matching this filter (${bound})${except}`,
      short: `all matching (${bound})${except}`,
    };
  }
  const n = contacts(selectedCount(selection, total?.value ?? 0));
  return { long: n, short: n };
}

/** The body of `POST /api/teams/:teamUID/bulk-jobs` (core `bulkRequestSchema`). */
export function bulkBody(
  action: BulkAction,
  selection: Selection,
  filter: SearchFilter,
): BulkRequest {
  const body =
    selection.mode === 'some'
      ? { action, GTIDs: [...selection.ids] }
      : {
          action,
          filter: compactFilter(filter),
          ...(selection.except.size > 0 ? { exceptGTIDs: [...selection.except] } : {}),
        };
  return bulkRequestSchema.parse(body);
}

// ---------------------------------------------------------------------------------------------
// Saved views

/** A saved view's query, cleaned as an address would be (it goes through the URL anyway). */
export function queryOfSaved(saved: { filter: unknown; sort: unknown }): TableQuery {
  const parsed = searchFilterSchema.safeParse(saved.filter);
  const filter = parsed.success ? compactFilter(parsed.data) : {};
  const url = urlForQuery({ filter, sort: (saved.sort as TableSort | null) ?? null });
  const [path = '', qs = ''] = url.split('?');
  const pipelineID = /^\/contacts\/table\/(.+)$/.exec(path)?.[1];
  return queryFromUrl(pipelineID ? decodeURIComponent(pipelineID) : undefined, qs);
}

/** Whether the table shows exactly this saved view's filter and sort. */
export function isSameQuery(a: TableQuery, b: TableQuery): boolean {
  return urlForQuery(a) === urlForQuery(b);
}

/** The layout with a saved view's columns shown, in its order (widths kept). */
export function layoutWithColumns(layout: ColumnLayout, columns: readonly string[]): ColumnLayout {
  const shown = columns.filter(isColumnId);
  if (shown.length === 0) return layout;
  const rest = layout.order.filter((id) => !shown.includes(id));
  return normalizeLayout({
    order: [...shown, ...rest],
    hidden: rest,
    widths: layout.widths,
  });
}
