import { describe, expect, it } from 'vitest';
import { pageFetch } from './repo';
import { MAX_PAGE } from './service';

describe('the board statement’s page read', () => {
  it('reads one card past every page size the API takes, from a few statement texts', () => {
    const sizes = new Set<number>();
    for (let limit = 1; limit <= MAX_PAGE; limit++) {
      const fetch = pageFetch(limit);
      // One past the page tells whether more follow; never more than twice the page and one.
      expect(fetch, `limit ${limit}`).toBeGreaterThan(limit);
      expect(fetch, `limit ${limit}`).toBeLessThanOrEqual(Math.max(2 * limit, 25) + 1);
      sizes.add(fetch);
    }
    // Each size is its own named statement on every connection (db/prepared.ts names at most 100).
    expect(sizes.size).toBeLessThanOrEqual(4);
    expect(pageFetch(50)).toBe(51); // the web's page: no card read for nothing
  });
});
