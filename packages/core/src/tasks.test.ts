import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  describeRepeat,
  isTimeZone,
  localToday,
  nextDueDate,
  repeatDataSchema,
  type RepeatData,
  taskBucket,
  weekdayOf,
  zonedInstant,
  zonedParts,
} from './tasks';

const iso = (ms: number) => new Date(ms).toISOString();

describe('zones', () => {
  it('turns a local date and time into the instant, either side of a change', () => {
    // New York: EST (-5) before 2026-03-08 02:00, EDT (-4) after.
    expect(iso(zonedInstant('2026-03-07', '23:30', 'America/New_York'))).toBe(
      '2026-03-08T04:30:00.000Z',
    );
    expect(iso(zonedInstant('2026-03-08', '23:30', 'America/New_York'))).toBe(
      '2026-03-09T03:30:00.000Z',
    );
    // Berlin: CEST (+2) until 2026-10-25 03:00, then CET (+1).
    expect(iso(zonedInstant('2026-10-24', '23:30', 'Europe/Berlin'))).toBe(
      '2026-10-24T21:30:00.000Z',
    );
    expect(iso(zonedInstant('2026-10-25', '23:30', 'Europe/Berlin'))).toBe(
      '2026-10-25T22:30:00.000Z',
    );
  });

  it('moves a skipped time forward and takes the first of a doubled one', () => {
    // Berlin 2026-03-29: 02:00 → 03:00; 02:30 does not exist.
    expect(
      zonedParts(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin'), 'Europe/Berlin'),
    ).toEqual({
      date: '2026-03-29',
      time: '03:30',
    });
    // Berlin 2026-10-25: 02:30 happens twice; the first is still summer time (UTC 00:30).
    expect(iso(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin'))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // Lord Howe shifts by 30 minutes.
    const lh = 'Australia/Lord_Howe';
    expect(zonedParts(zonedInstant('2026-10-04', '09:00', lh), lh)).toEqual({
      date: '2026-10-04',
      time: '09:00',
    });
  });

  it('a local time that exists reads back the same in its zone (property)', () => {
    const zones = [
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Auckland',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 3 * 366 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, dayOffset, h, m) => {
          const date = addDays('2025-01-01', dayOffset);
          const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const back = zonedParts(zonedInstant(date, time, zone), zone);
          // Either the same wall time, or (skipped by a spring-forward) a later time that day.
          if (back.date !== date || back.time !== time) {
            expect(back.date).toBe(date);
            expect(back.time > time).toBe(true);
          }
        },
      ),
    );
  });

  it('knows real zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('today and overdue', () => {
  it('a daily 23:30 task is "today" for its assignee on every day across a daylight-saving change', () => {
    const zone = 'America/New_York';
    let due = '2026-10-30';
    for (let k = 0; k < 5; k++) {
      const dueAt = zonedInstant(due, '23:30', zone);
      expect(zonedParts(dueAt, zone)).toEqual({ date: due, time: '23:30' });
      // An hour before, and a minute before, the task is today's; the next morning it is overdue.
      expect(taskBucket(due, dueAt - 3_600_000, zone)).toBe('today');
      expect(taskBucket(due, dueAt - 60_000, zone)).toBe('today');
      expect(taskBucket(due, dueAt + 9 * 3_600_000, zone)).toBe('overdue');
      // In UTC the same instant is already tomorrow: zone matters.
      expect(localToday(dueAt, 'UTC')).toBe(addDays(due, 1));
      due = nextDueDate({ kind: 'daily' }, due, due);
    }
    expect(due).toBe('2026-11-04');
  });

  it('is upcoming after today', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(taskBucket('2026-11-22', now, 'Europe/Berlin')).toBe('upcoming');
    expect(taskBucket('2026-11-22', now, 'Pacific/Kiritimati')).toBe('today'); // UTC+14
  });
});

describe('repeats', () => {
  it('daily: tomorrow when done on time, today when done late', () => {
    expect(nextDueDate({ kind: 'daily' }, '2026-11-21', '2026-11-21')).toBe('2026-11-22');
    expect(nextDueDate({ kind: 'daily' }, '2026-11-18', '2026-11-21')).toBe('2026-11-21');
    expect(nextDueDate({ kind: 'daily' }, '2026-11-21', '2026-11-19')).toBe('2026-11-22');
  });

  it('weekly on days', () => {
    const monWed: RepeatData = { kind: 'weekly', days: [1, 3] };
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(nextDueDate(monWed, '2026-11-23', '2026-11-23')).toBe('2026-11-25');
    expect(nextDueDate(monWed, '2026-11-25', '2026-11-25')).toBe('2026-11-30');
    expect(nextDueDate(monWed, '2026-11-23', '2026-11-26')).toBe('2026-11-30');
  });

  it('monthly keeps the day, or the last day of a shorter month', () => {
    expect(nextDueDate({ kind: 'monthly' }, '2026-01-31', '2026-01-31')).toBe('2026-02-28');
    expect(nextDueDate({ kind: 'monthly' }, '2026-01-31', '2026-03-05')).toBe('2026-03-31');
    expect(nextDueDate({ kind: 'monthly' }, '2028-01-30', '2028-01-30')).toBe('2028-02-29');
    expect(nextDueDate({ kind: 'monthly' }, '2026-12-15', '2026-12-15')).toBe('2027-01-15');
  });

  it('every N days stays on the rhythm of the first due date', () => {
    expect(nextDueDate({ kind: 'interval', days: 3 }, '2026-11-01', '2026-11-01')).toBe(
      '2026-11-04',
    );
    expect(nextDueDate({ kind: 'interval', days: 3 }, '2026-11-01', '2026-11-09')).toBe(
      '2026-11-10',
    );
  });

  it('the next due date is after the due date and not before completion (property)', () => {
    const repeat = fc.oneof(
      fc.constant({ kind: 'daily' as const }),
      fc.constant({ kind: 'monthly' as const }),
      fc.integer({ min: 1, max: 40 }).map((days) => ({ kind: 'interval' as const, days })),
      fc
        .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
        .map((days) => ({ kind: 'weekly' as const, days })),
    );
    fc.assert(
      fc.property(
        repeat,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: -30, max: 90 }),
        (r, d, late) => {
          const due = addDays('2024-01-01', d);
          const done = addDays(due, late);
          const next = nextDueDate(r, due, done);
          expect(next > due).toBe(true);
          expect(next >= done).toBe(true);
          if (r.kind === 'weekly') expect(r.days).toContain(weekdayOf(next));
        },
      ),
    );
  });

  it('validates and describes repeat data', () => {
    expect(repeatDataSchema.safeParse({ kind: 'weekly', days: [] }).error?.issues[0]?.message).toBe(
      'Pick at least one day of the week.',
    );
    expect(repeatDataSchema.safeParse({ kind: 'interval', days: 0 }).success).toBe(false);
    expect(describeRepeat({ kind: 'weekly', days: [0, 3, 1] })).toBe('Every Mon, Wed, Sun');
    expect(describeRepeat({ kind: 'monthly' }, '2026-01-31')).toBe(
      'Every month on the 31st (or the last day)',
    );
    expect(describeRepeat({ kind: 'monthly' }, '2026-01-02')).toBe('Every month on the 2nd');
    expect(describeRepeat({ kind: 'interval', days: 3 })).toBe('Every 3 days');
  });
});
