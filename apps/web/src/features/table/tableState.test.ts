import { describe, expect, it } from 'vitest';
import {
  COLUMN_IDS,
  COLUMN_LABELS,
  COLUMN_SORT,
  answersTitle,
  questionLabel,
  bulkBody,
  dayToISO,
  EMPTY_SELECTION,
  formatTotal,
  isSameQuery,
  loadedRows,
  layoutWithColumns,
  queryOfSaved,
  loadLayout,
  moveColumn,
  nextSort,
  normalizeLayout,
  queryFromUrl,
  rangeOf,
  selectedCount,
  selectionWords,
  setSelected,
  urlForQuery,
  visibleColumns,
  type TableQuery,
} from './tableState';

describe('the table URL', () => {
  it('round-trips a full filter and sort', () => {
    const query: TableQuery = {
      filter: {
        text: 'ann lee',
        pipelineUID: 'p1',
        stageUIDs: ['s1', 's2'],
        tags: { any: ['t1'], all: ['t2', 't3'], none: ['t4'] },
        statusLabels: ['l1', null],
        sources: ['facebook'],
        createdAt: { from: dayToISO('2026-01-01'), to: dayToISO('2026-01-31', true) },
        lastActivityAt: { to: dayToISO('2026-02-10', true), includeEmpty: true },
        hasEmail: true,
        hasPhone: false,
        dealValue: { min: 100, max: 2500.5 },
      },
      sort: { field: 'stage', direction: 'desc' },
    };
    const url = urlForQuery(query);
    expect(url.startsWith('/contacts/table/p1?')).toBe(true);
    const [path, qs] = url.split('?') as [string, string];
    expect(queryFromUrl(path.split('/').pop(), qs)).toEqual(query);
  });

  it('drops what is off the schema and keeps the rest', () => {
    const q = queryFromUrl(
      undefined,
      'q=x&dealMin=abc&hasEmail=maybe&sort=bogus&createdFrom=2026-13-99',
    );
    expect(q).toEqual({ filter: { text: 'x' }, sort: null });
  });

  it('ignores a stage sort or stage filter without a pipeline, and relevance without text', () => {
    expect(queryFromUrl(undefined, 'sort=stage&stage=s1')).toEqual({ filter: {}, sort: null });
    expect(queryFromUrl(undefined, 'sort=relevance')).toEqual({ filter: {}, sort: null });
    expect(queryFromUrl(undefined, 'q=a&sort=relevance&dir=desc').sort).toEqual({
      field: 'relevance',
      direction: 'desc',
    });
  });

  it('is the bare path for no filter', () => {
    expect(urlForQuery({ filter: {}, sort: null })).toBe('/contacts/table');
  });
});

describe('columns', () => {
  it('repairs a stored layout', () => {
    const layout = normalizeLayout({
      order: ['email', 'bogus', 'email'],
      hidden: ['name', 'phone'],
      widths: { email: 5, tags: 9999, x: 3 },
    });
    expect(layout.order[0]).toBe('email');
    expect(layout.order).toHaveLength(COLUMN_IDS.length);
    expect(layout.hidden).toEqual(['phone']);
    expect(layout.widths).toEqual({ email: 70, tags: 600 });
    expect(loadLayout({ getItem: () => '{not json' }, 'u').order).toHaveLength(COLUMN_IDS.length);
  });

  it('shows pipeline columns (stage, deal value, answers) only with a pipeline', () => {
    const layout = normalizeLayout(null);
    expect(visibleColumns(layout, false)).not.toContain('stage');
    expect(visibleColumns(layout, false)).not.toContain('answers');
    expect(visibleColumns(layout, true)).toContain('dealValue');
    // Answers by default next to the deal value, the other pipeline column on the right.
    const shown = visibleColumns(layout, true);
    expect(shown.indexOf('answers')).toBe(shown.indexOf('dealValue') + 1);
    expect(COLUMN_LABELS.answers).toBe('Answers');
    expect(COLUMN_SORT.answers).toBeUndefined();
  });

  it('labels questions and lists every answer in the tooltip', () => {
    expect(questionLabel('Budget?')).toBe('Budget?');
    expect(questionLabel(' Budget ')).toBe('Budget:');
    expect(
      answersTitle([
        { question: 'Budget?', answer: '5k ' },
        { question: 'Team size', answer: '12' },
      ]),
    ).toBe('Budget? 5k\nTeam size: 12');
  });

  it('adds the answers column to a layout stored before it existed, and lets it be hidden', () => {
    const before = COLUMN_IDS.filter((id) => id !== 'answers');
    const stored = normalizeLayout({ order: before, hidden: ['phone'], widths: { email: 300 } });
    expect(stored.order).toEqual([...before, 'answers']);
    expect(stored.widths).toEqual({ email: 300 });
    expect(visibleColumns(stored, true)).toContain('answers');
    const hidden = normalizeLayout({ ...stored, hidden: ['answers'] });
    expect(visibleColumns(hidden, true)).not.toContain('answers');
    // A saved view naming it shows it, in the view's order.
    const view = layoutWithColumns(hidden, ['name', 'answers', 'stage']);
    expect(visibleColumns(view, true)).toEqual(['name', 'answers', 'stage']);
    expect(visibleColumns(view, false)).toEqual(['name']);
  });

  it('moves a column before another or by steps', () => {
    const layout = normalizeLayout({ order: ['name', 'email', 'phone', 'tags'] });
    expect(moveColumn(layout, 'tags', 'email').order.slice(0, 4)).toEqual([
      'name',
      'tags',
      'email',
      'phone',
    ]);
    expect(moveColumn(layout, 'name', 'phone').order.slice(0, 4)).toEqual([
      'email',
      'phone',
      'name',
      'tags',
    ]);
    expect(moveColumn(layout, 'email', -5).order[0]).toBe('email');
  });
});

describe('sorting and totals', () => {
  it('cycles asc, desc, default', () => {
    const a = nextSort(null, 'name');
    expect(a).toEqual({ field: 'name', direction: 'asc' });
    const d = nextSort(a, 'name');
    expect(d).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(d, 'name')).toBeNull();
    expect(nextSort(d, 'email')).toEqual({ field: 'email', direction: 'asc' });
  });

  it('words a total', () => {
    expect(formatTotal({ value: 1234, relation: 'eq' })).toBe('1,234 contacts');
    expect(formatTotal({ value: 10000, relation: 'gte' })).toBe('10,000+ contacts');
    expect(formatTotal({ value: 1, relation: 'eq' })).toBe('1 contact');
  });
});

describe('selection', () => {
  it('selects a range in screen order', () => {
    const rows = ['a', 'b', 'c', 'd'];
    expect(rangeOf(rows, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeOf(rows, null, 'c')).toEqual(['c']);
  });

  it('sends GTIDs for picked contacts', () => {
    const s = setSelected(EMPTY_SELECTION, ['a', 'b'], true);
    expect(selectedCount(s, 100)).toBe(2);
    expect(bulkBody({ type: 'delete' }, s, { text: 'x' })).toEqual({
      action: { type: 'delete' },
      GTIDs: ['a', 'b'],
    });
  });

  it('sends the filter less the unticked ones for "all matching"', () => {
    const s = setSelected({ mode: 'all', except: new Set() }, ['z'], false);
    expect(selectedCount(s, 100)).toBe(99);
    expect(bulkBody({ type: 'tags-add', tagIDs: ['t'] }, s, { text: 'x', stageUIDs: [] })).toEqual({
      action: { type: 'tags-add', tagIDs: ['t'] },
      filter: { text: 'x' },
      exceptGTIDs: ['z'],
    });
  });

  it('words a bulk action: a count when known, every match when the total is only a bound', () => {
    const some = setSelected(EMPTY_SELECTION, ['a', 'b'], true);
    expect(selectionWords(some, { value: 10_000, relation: 'gte' })).toEqual({
      long: '2 contacts',
      short: '2 contacts',
    });
    const all = { mode: 'all' as const, except: new Set<string>() };
    expect(selectionWords(all, { value: 1_234, relation: 'eq' }).long).toBe('1,234 contacts');
    // "Delete 10,000 contacts" would be untrue: every one of the 10,000 or more is deleted.
    expect(selectionWords(all, { value: 10_000, relation: 'gte' })).toEqual({
      long: 'all contacts matching this filter (10,000+)',
      short: 'all matching (10,000+)',
    });
    expect(
      selectionWords(setSelected(all, ['z'], false), { value: 10_000, relation: 'gte' }).long,
    ).toBe('all contacts matching this filter (10,000+) except 1');
  });
});

describe('saved views', () => {
  it('applies a saved filter, sort and columns', () => {
    const q = queryOfSaved({
      filter: { pipelineUID: 'p 1', hasEmail: true, bogus: 1 },
      sort: { field: 'name', direction: 'desc' },
    });
    // A filter off the schema is dropped whole (it was validated when saved).
    expect(q).toEqual({ filter: {}, sort: { field: 'name', direction: 'desc' } });
    const ok = queryOfSaved({ filter: { pipelineUID: 'p 1', hasEmail: true }, sort: null });
    expect(ok).toEqual({ filter: { pipelineUID: 'p 1', hasEmail: true }, sort: null });
    expect(isSameQuery(ok, { filter: { hasEmail: true, pipelineUID: 'p 1' }, sort: null })).toBe(
      true,
    );
    const layout = layoutWithColumns(normalizeLayout({ widths: { email: 300 } }), [
      'email',
      'name',
      'nope',
    ]);
    expect(visibleColumns(layout, true)).toEqual(['email', 'name']);
    expect(layout.widths.email).toBe(300);
  });
});

describe('loadedRows', () => {
  const pages = [{ hits: ['a', 'b', 'c'] }, { hits: [] }, { hits: ['d'] }, { hits: ['e', 'f'] }];

  it('reads the pages as one list in their order, empty pages included', () => {
    const rows = loadedRows(pages);
    expect(rows.length).toBe(6);
    expect(Array.from({ length: 6 }, (_, i) => rows.at(i))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect([...rows]).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('has nothing outside the loaded rows', () => {
    const rows = loadedRows(pages);
    expect(rows.at(-1)).toBeUndefined();
    expect(rows.at(6)).toBeUndefined();
    expect(rows.at(1.5)).toBeUndefined();
    expect(loadedRows([]).length).toBe(0);
    expect(loadedRows([]).at(0)).toBeUndefined();
    expect([...loadedRows([{ hits: [] }])]).toEqual([]);
  });

  it("agrees with a flat copy on pages of the table's sizes", () => {
    const sized = [60, 200, 200, 137].map((n, p) => ({
      hits: Array.from({ length: n }, (_, i) => `${p}:${i}`),
    }));
    const flat = sized.flatMap((p) => p.hits);
    const rows = loadedRows(sized);
    expect(rows.length).toBe(flat.length);
    for (let i = 0; i < flat.length; i++) expect(rows.at(i)).toBe(flat[i]);
  });
});
