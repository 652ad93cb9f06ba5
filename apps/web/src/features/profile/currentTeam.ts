import { useCurrentUser } from '../session/CurrentUser';
import type { Me } from '../session/me';

/**
 * The team the profile screens work on. Reads `me.currentTeam.teamUID` until the per-tab
 * `useCurrentTeam()` of features/session lands; swap the body then (one place).
 */
export function useProfileTeamUID(): string | null {
  const me = useCurrentUser() as Me & { currentTeam: Me['currentTeam'] | null };
  return me.currentTeam?.teamUID ?? null;
}
