import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeSearchCursor,
  effectiveSort,
  encodeSearchCursor,
  phoneDigits,
  profileHandle,
  SEARCH_MAX_SIZE,
  SEARCH_MAX_WINDOW,
  searchDocument,
  searchRequestJsonSchema,
  searchRequestSchema,
  searchTokens,
  tokenParts,
} from './search';

describe('search request schema (SPEC §7, DESIGN §6)', () => {
  it('fills the defaults of a bare body', () => {
    expect(searchRequestSchema.parse({ teamUID: 't1' })).toEqual({
      teamUID: 't1',
      paging: { from: 0, size: 50 },
      objectToFilter: 'contacts',
      searchObj: {},
      isPipelineInitial: false,
      options: { total: 'auto' },
    });
  });

  it('holds the paging limits: size ≤ 200, from + size ≤ 10,000, searchAfter with from 0', () => {
    const ok = (paging: object) => searchRequestSchema.safeParse({ teamUID: 't', paging }).success;
    expect(ok({ from: 0, size: SEARCH_MAX_SIZE })).toBe(true);
    expect(ok({ from: 0, size: SEARCH_MAX_SIZE + 1 })).toBe(false);
    expect(ok({ from: SEARCH_MAX_WINDOW - 200, size: 200 })).toBe(true);
    expect(ok({ from: SEARCH_MAX_WINDOW - 199, size: 200 })).toBe(false);
    expect(ok({ from: 0, size: 10, searchAfter: 'abc' })).toBe(true);
    expect(ok({ from: 10, size: 10, searchAfter: 'abc' })).toBe(false);
  });

  it('refuses unknown fields and a stage sort without a pipeline', () => {
    expect(searchRequestSchema.safeParse({ teamUID: 't', extra: 1 }).success).toBe(false);
    const stage = { teamUID: 't', sort: { field: 'stage' } };
    expect(searchRequestSchema.safeParse(stage).success).toBe(false);
    expect(
      searchRequestSchema.safeParse({ ...stage, searchObj: { pipelineUID: 'p' } }).success,
    ).toBe(true);
  });

  it('sorts by relevance with text, else newest first', () => {
    const req = (text?: string) => searchRequestSchema.parse({ teamUID: 't', searchObj: { text } });
    expect(effectiveSort(req('ann'))).toEqual({ field: 'relevance', direction: 'desc' });
    expect(effectiveSort(req('   '))).toEqual({ field: 'createdAt', direction: 'desc' });
  });

  it('publishes a JSON Schema with every body field', () => {
    const schema = searchRequestJsonSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties).sort()).toEqual(
      [
        'currentTab',
        'isPipelineInitial',
        'objectToFilter',
        'options',
        'paging',
        'searchObj',
        'sort',
        'teamUID',
      ].sort(),
    );
  });
});

describe('search text rules', () => {
  it('splits free text into lower-case tokens, dropping control characters', () => {
    expect(searchTokens('  Ann  LEE\u0000x ')).toEqual(['ann', 'lee', 'x']);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(tokenParts('ex.io')).toEqual(['ex', 'io']);
    expect(tokenParts('ann')).toEqual([]);
    expect(phoneDigits('(555)')).toBe('555');
    expect(phoneDigits('ann')).toBeNull();
    expect(phoneDigits('--')).toBeNull();
  });

  it('builds the searchable words of a contact', () => {
    const doc = searchDocument({
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
      fullName: '',
      emailAddress: 'MJ.Oneil@Example.com',
      phoneNumber: '+1 (555) 010-2030',
      profiles: { instagram: 'https://instagram.com/mj_oneil/?hl=en' },
    });
    for (const word of [
      'mary-jane',
      'jane',
      "o'neil",
      'neil',
      'mj.oneil@example.com',
      'example',
      '15550102030',
      'mj_oneil',
      'oneil',
    ]) {
      expect(doc.includes(` ${word}`), word).toBe(true);
    }
    expect(profileHandle('https://x.com/ann.lee/')).toBe('ann.lee');
  });

  it('round-trips a cursor and refuses anything else', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(fc.string(), fc.integer()),
        fc.string({ minLength: 1 }),
        (s, v, g) => {
          expect(decodeSearchCursor(encodeSearchCursor({ s, v, g }))).toEqual({ s, v, g });
        },
      ),
    );
    expect(decodeSearchCursor('garbage')).toBeNull();
    expect(decodeSearchCursor('')).toBeNull();
  });
});
