import { createContext, useContext, type ReactNode } from 'react';
import type { Me } from './me';

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

/** The team every team-scoped call of this tab goes to (DESIGN §4: explicit teamUID). */
export function useTeamUID(): string {
  return useCurrentUser().currentTeam.teamUID;
}
