import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeStreak, weekStart } from './dashboard';
import { addDays } from './tasks';

describe('home dashboard rules', () => {
  it('weeks start on Monday', () => {
    expect(weekStart('2026-11-21')).toBe('2026-11-16'); // a Saturday
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // Sunday ends the week
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('counts the run ending today, or yesterday while today is still empty', () => {
    const today = '2026-11-21';
    expect(activeStreak([], today)).toEqual({ current: 0, best: 0 });
    expect(activeStreak(['2026-11-21', '2026-11-20', '2026-11-19'], today)).toEqual({
      current: 3,
      best: 3,
    });
    expect(activeStreak(['2026-11-20', '2026-11-19'], today)).toEqual({ current: 2, best: 2 });
    expect(activeStreak(['2026-11-19', '2026-11-18'], today)).toEqual({ current: 0, best: 2 });
    expect(
      activeStreak(['2026-11-21', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-12'], today),
    ).toEqual({
      current: 1,
      best: 3,
    });
    // Days after today (another zone's tomorrow) do not count.
    expect(activeStreak(['2026-11-22', '2026-11-21'], today)).toEqual({ current: 1, best: 1 });
  });

  it('the current streak is never longer than the best, and a full run of n days is n (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }), (offsets) => {
        const today = '2026-11-21';
        const days = offsets.map((o) => addDays(today, -o));
        const { current, best } = activeStreak(days, today);
        expect(current).toBeLessThanOrEqual(best);
        expect(best).toBeLessThanOrEqual(days.length);
      }),
    );
    const run = Array.from({ length: 9 }, (_, k) => addDays('2026-11-21', -k));
    expect(activeStreak(run, '2026-11-21')).toEqual({ current: 9, best: 9 });
  });
});
