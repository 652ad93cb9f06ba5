import { describe, expect, it } from 'vitest';
import type { Task } from './api';
import { dayLabel, groupByDay, shortCount, snoozeDates } from './tasksView';

const task = (over: Partial<Task>): Task => ({
  taskUID: 't',
  GTID: null,
  contactName: null,
  name: 'x',
  notes: '',
  assigneeUID: 'u',
  dueDate: '2026-11-21',
  dueTime: null,
  timeZone: 'UTC',
  actualDueDate: '2026-11-21T00:00:00.000Z',
  status: 'open',
  repeat: null,
  createdBy: 'u',
  createdAt: '2026-11-01T00:00:00.000Z',
  completedAt: null,
  completedBy: null,
  ...over,
});

describe('tasks view', () => {
  it('labels days relative to the person’s today', () => {
    expect(dayLabel('2026-11-21', '2026-11-21')).toBe('Today');
    expect(dayLabel('2026-11-22', '2026-11-21')).toBe('Tomorrow');
    expect(dayLabel('2026-11-20', '2026-11-21')).toBe('Yesterday');
    expect(dayLabel('2026-11-24', '2026-11-21')).toBe('Tue 24 Nov');
    expect(dayLabel('2027-01-05', '2026-11-21')).toBe('Tue 5 Jan 2027');
  });

  it('groups open tasks by due day and done ones by the day they were done in the zone', () => {
    const groups = groupByDay(
      [
        task({ taskUID: 'a', dueDate: '2026-11-20' }),
        task({ taskUID: 'b', dueDate: '2026-11-20' }),
        task({ taskUID: 'c', dueDate: '2026-11-21' }),
      ],
      false,
      () => 'UTC',
    );
    expect(groups.map((g) => [g.day, g.tasks.map((t) => t.taskUID)])).toEqual([
      ['2026-11-20', ['a', 'b']],
      ['2026-11-21', ['c']],
    ]);
    // Done at 02:00 UTC on the 21st is still the 20th in New York.
    const done = groupByDay(
      [task({ completedAt: '2026-11-21T02:00:00.000Z', status: 'done' })],
      true,
      () => 'America/New_York',
    );
    expect(done[0]!.day).toBe('2026-11-20');
  });

  it('snoozes to tomorrow, in three days or next Monday', () => {
    expect(snoozeDates('2026-11-21').map((s) => s.date)).toEqual([
      '2026-11-22',
      '2026-11-24',
      '2026-11-23',
    ]);
    expect(snoozeDates('2026-11-23')[2]!.date).toBe('2026-11-30');
  });
});

describe('shortCount', () => {
  it('keeps a badge short: up to 999 as is, then 999+', () => {
    expect([0, 9, 999, 1000, 1680].map(shortCount)).toEqual(['0', '9', '999', '999+', '999+']);
  });
});
