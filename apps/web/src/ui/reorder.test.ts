import { describe, expect, it } from 'vitest';
import { moveTo, reorderIds } from './reorder';

describe('drag-to-order helpers', () => {
  it('moves items and answers the new order of a drag, or null when nothing moves', () => {
    expect(moveTo(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(reorderIds(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(reorderIds(['a', 'b'], 'a', 'a')).toBeNull();
    expect(reorderIds(['a', 'b'], 'a', 'zzz')).toBeNull();
  });
});
