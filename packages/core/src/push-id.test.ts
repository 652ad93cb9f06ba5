import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPushId, parsePushId, PUSH_ID_ALPHABET, PUSH_ID_MAX_TIME } from './push-id';

describe('push ids', () => {
  it('uses a 64-character alphabet in ASCII order', () => {
    expect(PUSH_ID_ALPHABET).toHaveLength(64);
    expect([...PUSH_ID_ALPHABET].sort().join('')).toBe(PUSH_ID_ALPHABET);
    expect(new Set(PUSH_ID_ALPHABET).size).toBe(64);
  });

  it('is 8 time characters plus 12 random ones', () => {
    expect(newPushId('', 0, () => 0)).toBe('--------------------');
    expect(newPushId('', 63, () => 0.999)).toBe('-------z' + 'z'.repeat(12));
    expect(newPushId('', 64, () => 0)).toBe('------0-' + '-'.repeat(12));
    expect(newPushId()).toMatch(/^[-0-9A-Za-z_]{20}$/);
  });

  it('takes a prefix', () => {
    const id = newPushId('act', 1_700_000_000_000, () => 0.5);
    expect(id).toMatch(/^act[-0-9A-Za-z_]{20}$/);
    expect(parsePushId(id)).toEqual({
      prefix: 'act',
      time: 1_700_000_000_000,
      random: 'V'.repeat(12),
    });
  });

  it('reads the time back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PUSH_ID_MAX_TIME }),
        fc.constantFrom('', 'act', 'lbl'),
        (t, prefix) => {
          expect(parsePushId(newPushId(prefix, t))).toMatchObject({ prefix, time: t });
        },
      ),
    );
  });

  it('sorts by time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PUSH_ID_MAX_TIME }),
        fc.integer({ min: 0, max: PUSH_ID_MAX_TIME }),
        (a, b) => {
          fc.pre(a !== b);
          const ia = newPushId('lbl', a);
          const ib = newPushId('lbl', b);
          return ia < ib === a < b;
        },
      ),
    );
  });

  it('rejects times it cannot encode', () => {
    for (const t of [-1, 1.5, PUSH_ID_MAX_TIME + 1, NaN])
      expect(() => newPushId('', t)).toThrow(RangeError);
  });

  it('clamps a misbehaving random source', () => {
    expect(newPushId('', 0, () => 1).slice(8)).toBe('z'.repeat(12));
    expect(newPushId('', 0, () => NaN).slice(8)).toBe('-'.repeat(12));
  });

  it.each(['', 'short', 'act!!!!!!!!!!!!!!!!!!!!!', 42])('parsePushId(%j) is null', (id) => {
    expect(parsePushId(id as string)).toBeNull();
  });
});
