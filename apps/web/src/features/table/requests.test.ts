import { describe, expect, it } from 'vitest';
import { searchBody, TABLE_FIRST_PAGE_SIZE, TABLE_PAGE_SIZE } from './requests';
import { queryFromUrl } from './tableState';

describe('the table’s /v2 bodies', () => {
  it('asks for the total with the first page only (the toolbar shows that one)', () => {
    const first = searchBody('T1', queryFromUrl(undefined, ''), null);
    expect(first.paging).toEqual({ from: 0, size: TABLE_FIRST_PAGE_SIZE });
    expect(first.options).toBeUndefined();
    const later = searchBody('T1', queryFromUrl(undefined, ''), 'cursor');
    expect(later.paging).toEqual({ from: 0, size: TABLE_PAGE_SIZE, searchAfter: 'cursor' });
    expect(later.options).toEqual({ total: 'none' });
  });
});
