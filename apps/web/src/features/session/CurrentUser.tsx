import { createContext, useContext, type ReactNode } from 'react';
import { api } from '../../lib/api';
import type { Me } from './me';
import { useCurrentTeamOf, type CurrentTeam } from './tabTeam';

/** Null outside the guard; prefer `useCurrentUser()` below it. */
export const CurrentUserContext = createContext<Me | null>(null);

/** Set by the guard once the user has loaded, so screens below it never see "no user". */
export function CurrentUserProvider({ user, children }: { user: Me; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): Me {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser() is only available below the auth guard');
  return user;
}

/**
 * This tab's team, or null for a user who belongs to no team (DESIGN §4: each tab keeps its
 * own team in sessionStorage; switching calls PUT /api/me/current-team so new tabs start there).
 */
export function useOptionalCurrentTeam(): CurrentTeam | null {
  const user = useCurrentUser();
  const current = useCurrentTeamOf(user);
  if (!current) return null;
  return {
    ...current,
    switchTeam: (teamUID: string) => {
      current.switchTeam(teamUID);
      api.put('/api/me/current-team', { teamUID }).catch((error: unknown) => {
        // The tab has switched already; only new tabs would start in the old team.
        console.error('Saving the current team failed', error);
      });
    },
  };
}

/**
 * This tab's team: every team-scoped API call takes its `teamUID` from here. Only for screens
 * behind the guard, which sends users without a team to the profile.
 */
export function useCurrentTeam(): CurrentTeam {
  const current = useOptionalCurrentTeam();
  if (!current) throw new Error('The signed-in user belongs to no team');
  return current;
}
