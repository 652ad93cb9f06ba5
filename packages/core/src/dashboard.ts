import { addDays, weekdayOf } from './tasks';

/**
 * The home dashboard's rules (SPEC §3 streakDatesMap; issue 8): which activities make a day
 * "active", the streak of active days, and the week, all on the person's own calendar.
 */

/** A day counts when the person moved a contact, logged a message or completed a task. */
export const STREAK_ACTIVITY = [
  { type: 'stage', action: null },
  { type: 'message', action: null },
  { type: 'task', action: 'completed' },
] as const;

/** Monday of the week a local date is in (weeks start on Monday). */
export function weekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The streak of consecutive active days ending today — or yesterday, when today has nothing yet
 * (a streak is not broken before the day is over) — and the longest run among `days`.
 * `days` are local dates (YYYY-MM-DD) in any order, duplicates allowed.
 */
export function activeStreak(
  days: readonly string[],
  today: string,
): { current: number; best: number } {
  const set = new Set(days.filter((d) => d <= today));
  let current = 0;
  let day = set.has(today) ? today : addDays(today, -1);
  while (set.has(day)) {
    current++;
    day = addDays(day, -1);
  }
  let best = 0;
  for (const d of set) {
    if (set.has(addDays(d, -1))) continue; // not the start of a run
    let run = 0;
    for (let x = d; set.has(x); x = addDays(x, 1)) run++;
    best = Math.max(best, run);
  }
  return { current, best };
}
