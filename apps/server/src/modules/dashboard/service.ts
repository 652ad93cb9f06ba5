import { activeStreak, addDays, localToday, weekStart } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import type { Services } from '../../services';
import { getSetting } from '../settings/service';
import { myDueCounts, zoneOfMember } from '../tasks/service';
import * as repo from './repo';

/** How far back the streak looks (a longer streak shows as "365+"). */
export const STREAK_WINDOW_DAYS = 366;

/**
 * /dashboard/home (issue 8): the signed-in person's day in their own time zone — tasks due and
 * overdue, what they did this week (Monday on), their streak of active days (core's rule:
 * moved, messaged or completed a task), the active days of the last five weeks for the
 * calendar, and the service's announcements and training videos. The numbers are sums of the
 * KPI daily rollups (core HOME_WEEK_KINDS, STREAK_KINDS), whose days are the actor's own.
 */
export async function homeDashboard(
  services: Services,
  scope: TeamScope,
  now: () => number = Date.now,
) {
  const { database } = services;
  const at = now();
  const [zone, due] = await Promise.all([
    zoneOfMember(database, scope, scope.uid),
    myDueCounts(database, scope, () => at),
  ]);
  const today = localToday(at, zone);
  const monday = weekStart(today);
  const [week, days, dashboardData, trainingVideos] = await Promise.all([
    repo.weekCounts(scope, database.db, scope.uid, monday),
    repo.activeDays(scope, database.db, scope.uid, addDays(today, -STREAK_WINDOW_DAYS)),
    getSetting(services, 'dashboardData'),
    getSetting(services, 'trainingVideos'),
  ]);
  return {
    today,
    timeZone: zone,
    weekStart: monday,
    tasks: { today: due.today, overdue: due.overdue },
    week,
    streak: { ...activeStreak(days, today), days: days.slice(-35) },
    announcements: dashboardData.announcements,
    trainingVideos,
  };
}
