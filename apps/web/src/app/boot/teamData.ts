import type { TeamDataAnswer } from '@leadloom/core';
import { api } from '../../lib/api';
import { teamKeys } from '../../lib/teamKeys';

/** GET /api/teams/:teamUID/team-data: the "full" half of the boot (SPEC §4, §7; core's contract). */
export type TeamData = TeamDataAnswer;

export const teamDataKey = (teamUID: string) => teamKeys.of(teamUID, 'team-data');

export function fetchTeamData(teamUID: string) {
  return api.get<TeamData>(`/api/teams/${encodeURIComponent(teamUID)}/team-data`);
}

export const unseenNotificationsKey = ['notifications', 'unseen'] as const;

/** The user's unseen notifications for the web app (SPEC §7), part of the "full" load. */
export async function fetchUnseenNotifications(): Promise<unknown[]> {
  const { notifications } = await api.get<{ count: number; notifications: unknown[] }>(
    '/api/notifications/unseen?platform=web',
  );
  return notifications;
}
