import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { createTabSlot, type TabSlot } from '../../lib/tabStorage';
import type { Me, TeamMembership } from './me';

/** sessionStorage key of this tab's current team. */
export const TAB_TEAM_KEY = 'leadloom.tabTeam';

/** This tab's current team (DESIGN §4). Module-level: one per tab. */
export const tabTeamSlot: TabSlot = createTabSlot(TAB_TEAM_KEY);

type TeamsOf = Pick<Me, 'teams' | 'currentTeam'>;

/**
 * The team this tab works in: the one stored for the tab while the user is still a member of
 * it, else the account's current team (where new tabs start), else the first membership;
 * null for a user without any team.
 */
export function resolveTabTeam(
  stored: string | null,
  me: TeamsOf | null | undefined,
): string | null {
  if (!me) return null;
  const isMember = (uid: string | null | undefined) =>
    !!uid && me.teams.some((team) => team.teamUID === uid);
  if (isMember(stored)) return stored;
  if (isMember(me.currentTeam?.teamUID)) return me.currentTeam?.teamUID ?? null;
  return me.teams[0]?.teamUID ?? null;
}

/**
 * This tab's team for `me`. The resolved value is written back to the tab's storage at once,
 * so a later change of the account's current team (made in another tab) does not move this
 * tab.
 */
export function useTabTeamUID(me: TeamsOf | null | undefined, slot: TabSlot = tabTeamSlot) {
  const stored = useSyncExternalStore(slot.subscribe, slot.get, slot.get);
  const teamUID = resolveTabTeam(stored, me);
  useEffect(() => {
    if (me && teamUID !== stored) slot.set(teamUID);
  }, [me, teamUID, stored, slot]);
  return teamUID;
}

export interface CurrentTeam {
  /** The team every team-scoped call of this tab goes to. */
  teamUID: string;
  /** This tab's team as a membership (name, role, owner). */
  team: TeamMembership;
  /** Every team of the user. */
  teams: TeamMembership[];
  /** Switches this tab (only this tab) to another of the user's teams. */
  switchTeam: (teamUID: string) => void;
}

/** `useCurrentTeam` for a known user; null when the user belongs to no team. */
export function useCurrentTeamOf(me: TeamsOf, slot: TabSlot = tabTeamSlot): CurrentTeam | null {
  const teamUID = useTabTeamUID(me, slot);
  const switchTeam = useCallback((next: string) => slot.set(next), [slot]);
  const team = me.teams.find((t) => t.teamUID === teamUID);
  if (!teamUID || !team) return null;
  return { teamUID, team, teams: me.teams, switchTeam };
}
