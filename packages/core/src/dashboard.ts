import type { KpiEvent } from './kpi';
import { addDays, weekdayOf } from './tasks';

/**
 * The home dashboard's rules (SPEC §3 streakDatesMap; issue 8): which activities make a day
 * "active", the streak of active days, and the week, all on the person's own calendar.
 */

/**
 * What the home dashboard counts, as KPI event kinds (core `kpiEventOf`), so that the home
 * dashboard and the KPIs read the same daily rollups and agree: "added" is a contact created,
 * "moved" a contact entering a stage (a stage change, or being put into a pipeline at a stage:
 * each writes a stage-history entry; deleting a history entry is a correction, not a move),
 * "messages" a message sent or logged, "tasks done" a task completed.
 */
export const HOME_WEEK_KINDS = {
  added: 'added',
  moved: 'stage',
  messages: 'message',
  tasksDone: 'task',
} as const satisfies Record<string, KpiEvent>;

/** A day counts toward the streak when the person moved a contact, messaged or completed a task. */
export const STREAK_KINDS = [
  HOME_WEEK_KINDS.moved,
  HOME_WEEK_KINDS.messages,
  HOME_WEEK_KINDS.tasksDone,
] as const satisfies readonly KpiEvent[];

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
