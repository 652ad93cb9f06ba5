import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GTID_ADJECTIVES, GTID_ANIMALS, isGtid, newGtid, parseGtid } from './gtid';

describe('GTID', () => {
  it('has lower-case, letter-only, distinct word lists', () => {
    for (const list of [GTID_ADJECTIVES, GTID_ANIMALS]) {
      expect(list.length).toBeGreaterThanOrEqual(50);
      expect(new Set(list).size).toBe(list.length);
      for (const word of list) expect(word).toMatch(/^[a-z]+$/);
    }
  });

  it('is adjective-animal-unixSeconds', () => {
    expect(newGtid(1_700_000_000_999, () => 0)).toBe(
      `${GTID_ADJECTIVES[0]}-${GTID_ANIMALS[0]}-1700000000`,
    );
    expect(newGtid(5_000, () => 0.9999)).toBe(`${GTID_ADJECTIVES.at(-1)}-${GTID_ANIMALS.at(-1)}-5`);
    expect(isGtid(newGtid())).toBe(true);
  });

  it('picks the adjective, then the animal', () => {
    const draws = [0, 0.9999];
    expect(newGtid(0, () => draws.shift() ?? 0)).toBe(
      `${GTID_ADJECTIVES[0]}-${GTID_ANIMALS.at(-1)}-0`,
    );
  });

  it('reads the time back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (ms, r) => {
          const parsed = parseGtid(newGtid(ms, () => r));
          expect(parsed?.unixSeconds).toBe(Math.floor(ms / 1000));
          expect(GTID_ADJECTIVES).toContain(parsed?.adjective);
          expect(GTID_ANIMALS).toContain(parsed?.animal);
        },
      ),
    );
  });

  it.each([
    ['bold-fox-1700000000', { adjective: 'bold', animal: 'fox', unixSeconds: 1_700_000_000 }],
    ['purple-unicorn-0', { adjective: 'purple', animal: 'unicorn', unixSeconds: 0 }],
    ['Bold-fox-1', null],
    ['bold-fox', null],
    ['bold-fox-', null],
    ['bold-red-fox-1', null],
    ['bold-fox-1.5', null],
    ['bold-fox--1', null],
    [' bold-fox-1', null],
    [17, null],
    [null, null],
  ])('parseGtid(%j)', (gtid, parsed) => {
    expect(parseGtid(gtid)).toEqual(parsed);
  });

  it('rejects a bad time', () => {
    expect(() => newGtid(-1)).toThrow(RangeError);
    expect(() => newGtid(NaN)).toThrow(RangeError);
  });
});
