import { describe, expect, it } from 'vitest';
import { BoundedSet, isOwnChange, newChangeId } from './changeId';

describe('own change ids', () => {
  it('knows the ids this tab made, and no others', () => {
    const id = newChangeId();
    expect(isOwnChange(id)).toBe(true);
    expect(isOwnChange('someone-else')).toBe(false);
    expect(isOwnChange(null)).toBe(false);
    expect(isOwnChange(undefined)).toBe(false);
  });

  it('keeps only the most recent ids', () => {
    const first = newChangeId();
    for (let i = 0; i < 500; i++) newChangeId();
    expect(isOwnChange(first)).toBe(false);
  });

  it('BoundedSet drops the oldest value beyond its limit; re-adding refreshes a value', () => {
    const set = new BoundedSet(2);
    set.add('a');
    set.add('b');
    set.add('a');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c'), set.size]).toEqual([true, false, true, 2]);
  });
});
