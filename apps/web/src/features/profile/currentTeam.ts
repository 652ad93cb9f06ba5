import { useOptionalCurrentTeam } from '../session/CurrentUser';
import type { TeamMembership } from '../session/me';

/** This tab's team (features/session `useCurrentTeam`), or null for a user without a team. */
export function useProfileTeamUID(): string | null {
  return useOptionalCurrentTeam()?.teamUID ?? null;
}

/** This tab's team as a membership (name, role), or null. */
export function useProfileTeam(): TeamMembership | null {
  return useOptionalCurrentTeam()?.team ?? null;
}
