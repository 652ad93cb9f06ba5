/**
 * The navigation guard (SPEC §4). Core's `decideNavigation` holds the whole rule; this issue
 * acts on step 4 only (an auth route without a session goes to /login with `next`). The later
 * guard issue widens `ACTIVE_STEPS` and feeds in the subscription and invite state.
 */
import { decideNavigation, type NavigationState, type NavReason } from '@leadloom/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CurrentUserProvider } from '../features/session/CurrentUser';
import { useMe } from '../features/session/me';
import { FullScreenLoader } from './loader';

const ACTIVE_STEPS: ReadonlySet<NavReason> = new Set<NavReason>(['login-required']);

/** Where the guard sends the user instead, or null to let the page render. */
export function guardRedirect(state: NavigationState): string | null {
  const decision = decideNavigation(state);
  return decision && ACTIVE_STEPS.has(decision.reason) ? decision.to : null;
}

/** Wraps every auth route: waits for the user, redirects when signed out, else renders. */
export function RequireAuth() {
  const me = useMe();
  const { pathname, search } = useLocation();

  useEffect(() => {
    // SPEC §8: a failed user load is only logged, and the user stays on the loader.
    if (me.error) console.error('Loading the signed-in user failed', me.error);
  }, [me.error]);

  if (me.isPending || me.isError) return <FullScreenLoader />;
  const redirect = guardRedirect({ user: me.data, pathname, search, requiresAuth: true });
  if (redirect) return <Navigate to={redirect} replace />;
  if (!me.data) return <Navigate to="/login" replace />;
  return (
    <CurrentUserProvider user={me.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}
