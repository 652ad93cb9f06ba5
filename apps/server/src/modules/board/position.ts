import type { StageEnd } from '@leadloom/core';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Card order within a stage (DESIGN §5): a fractional-index key between the neighbours' keys,
 * compared byte-wise (`COLLATE "C"`). Keys written outside this module (old imports, fixtures)
 * may not be valid fractional-indexing keys; placing a card after such a key still works by
 * extending it, which sorts right after it and before anything that does not start with it.
 */
export function keyBetween(lower: string | null, upper: string | null): string {
  try {
    return generateKeyBetween(lower, upper);
  } catch (error) {
    if (lower !== null && (upper === null || `${lower}V` < upper)) return `${lower}V`;
    if (lower === null && upper !== null) {
      const before = generateKeyBetween(null, 'a0');
      if (before < upper) return before;
    }
    throw error;
  }
}

/**
 * `n` keys in order after `lower` (the end of a stage), for cards appended at once. After a key
 * that is not a valid fractional-indexing key, the keys extend it (see `keyBetween`).
 */
export function keysAfter(lower: string | null, n: number): string[] {
  if (n === 0) return [];
  try {
    return generateNKeysBetween(lower, null, n);
  } catch (error) {
    if (lower === null) throw error;
    return generateNKeysBetween(null, null, n).map((k) => `${lower}V${k}`);
  }
}

/**
 * `n` keys in order before `upper` (the start of a stage), for cards put first at once. Before a
 * key that is not a valid fractional-indexing key, the keys come before the first valid key
 * "a0" when that still sorts before it (the keys old imports and fixtures wrote start with "a").
 */
export function keysBefore(upper: string | null, n: number): string[] {
  if (n === 0) return [];
  try {
    return generateNKeysBetween(null, upper, n);
  } catch (error) {
    if (upper === null) throw error;
    const keys = generateNKeysBetween(null, 'a0', n);
    if (keys[n - 1]! < upper) return keys;
    throw error;
  }
}

/**
 * `n` keys in order at one end of a stage whose card at that end has key `edge` (null when the
 * stage is empty): before it for the first place, after it for the last (core's
 * `stageEntryPlace` says which end).
 */
export function keysAtEnd(end: StageEnd, edge: string | null, n: number): string[] {
  return end === 'first' ? keysBefore(edge, n) : keysAfter(edge, n);
}
