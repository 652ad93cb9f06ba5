import { api } from '../../lib/api';

/** GET /api/teams/:teamUID/team-data: the "full" half of the boot (SPEC §4, §7). */
export interface TeamData {
  aiContext: Record<string, unknown> | null;
  statusLabels: unknown[];
  templateCategories: unknown[];
  templateTypes: unknown[];
  globalTagSets: unknown[];
  /** The pipeline summary, sorted by order. */
  pipelines: { groupUID: string; order: number }[];
  phases: unknown[];
  orphanedTags: unknown[];
}

export const teamDataKey = (teamUID: string) => ['teams', teamUID, 'team-data'] as const;

export function fetchTeamData(teamUID: string) {
  return api.get<TeamData>(`/api/teams/${encodeURIComponent(teamUID)}/team-data`);
}

export const unseenNotificationsKey = ['notifications', 'unseen'] as const;

/**
 * The user's unseen notifications (SPEC §7). The notifications module's
 * GET /api/notifications/unseen is not merged yet: until it is, this is the one line to swap.
 */
export function fetchUnseenNotifications(): Promise<unknown[]> {
  return Promise.resolve([]);
}
