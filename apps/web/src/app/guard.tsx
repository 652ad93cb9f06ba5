/**
 * The navigation guard (SPEC §4). This issue implements step 4 only: an auth route without a
 * session goes to /login with `next`. The remaining steps (password, terms, maintenance,
 * subscription, invite) belong here too, as further cases of `guardRedirect`.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CurrentUserProvider } from '../features/session/CurrentUser';
import { useMe, type Me } from '../features/session/me';
import { FullScreenLoader } from './loader';

export interface GuardInput {
  /** Path plus query string of the requested page. */
  path: string;
  requiresAuth: boolean;
  user: Me | null;
}

/** Where the guard sends the user instead, or null to let the page render. */
export function guardRedirect({ path, requiresAuth, user }: GuardInput): string | null {
  if (requiresAuth && !user) return `/login?next=${encodeURIComponent(path)}`;
  return null;
}

/**
 * Only same-site paths are honoured as `next`, so a crafted link cannot send a user who just
 * signed in to another site.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** Wraps every auth route: waits for the user, redirects when signed out, else renders. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();

  useEffect(() => {
    // SPEC §8: a failed user load is only logged, and the user stays on the loader.
    if (me.error) console.error('Loading the signed-in user failed', me.error);
  }, [me.error]);

  if (me.isPending || me.isError) return <FullScreenLoader />;
  const redirect = guardRedirect({
    path: location.pathname + location.search,
    requiresAuth: true,
    user: me.data,
  });
  if (redirect || !me.data) return <Navigate to={redirect ?? '/login'} replace />;
  return (
    <CurrentUserProvider user={me.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}
