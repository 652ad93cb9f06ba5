import { addDays, WEEKDAYS, weekdayOf } from '@leadloom/core';
import type { Task } from './api';

/** "Today", "Tomorrow", "Yesterday" or "Mon 23 Nov" (the year when it is not this year's). */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  if (date === addDays(today, -1)) return 'Yesterday';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const label = `${WEEKDAYS[weekdayOf(date)]} ${d} ${MONTHS[m - 1]}`;
  return date.slice(0, 4) === today.slice(0, 4) ? label : `${label} ${y}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Tasks grouped by the day that matters to the view (due day; completion day for done). */
export function groupByDay(
  tasks: readonly Task[],
  done: boolean,
  zoneOf: (t: Task) => string,
): { day: string; tasks: Task[] }[] {
  const groups = new Map<string, Task[]>();
  for (const t of tasks) {
    const day =
      done && t.completedAt
        ? new Date(t.completedAt).toLocaleDateString('en-CA', { timeZone: zoneOf(t) })
        : t.dueDate;
    groups.set(day, [...(groups.get(day) ?? []), t]);
  }
  return [...groups].map(([day, list]) => ({ day, tasks: list }));
}

/** A task's due time as the person wrote it ("09:30"), or nothing for an all-day task. */
export const dueTimeLabel = (t: Pick<Task, 'dueTime'>) => t.dueTime ?? '';

/** The snooze choices: the next day, or the next Monday. */
export function snoozeDates(today: string): { label: string; date: string }[] {
  const weekday = weekdayOf(today);
  const toMonday = (8 - weekday) % 7 || 7;
  return [
    { label: 'Tomorrow', date: addDays(today, 1) },
    { label: 'In 3 days', date: addDays(today, 3) },
    { label: 'Next week', date: addDays(today, toMonday) },
  ];
}

/** A count for a small badge: "999+" past 999, so it never outgrows its place. */
export const shortCount = (n: number) => (n > 999 ? '999+' : String(n));
