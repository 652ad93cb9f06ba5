/**
 * The navigation guard (SPEC §4), around every route. Core's `decideNavigation` holds the
 * whole rule (the six steps, in order); `assembleGuardInput` decides when it may run and with
 * what; `useGuardInputs` is the one place that gathers the inputs (the boot issue plugs its
 * load states in here).
 */
import { decideNavigation, matchRoute, type NavDecision, type RouteDef } from '@leadloom/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { AppVersionWatcher } from '../features/notices/AppVersionWatcher';
import { CurrentUserProvider } from '../features/session/CurrentUser';
import { isUserDataMissing, useMe, type Me } from '../features/session/me';
import { pendingInviteSlot } from '../features/session/pendingInvite';
import { signingInSlot } from '../features/session/signingIn';
import { useTabTeamUID } from '../features/session/tabTeam';
import { useValidationInfo } from '../features/session/validationInfo';
import { signOutToLogin, useBoot } from './boot/useBoot';
import { isExtension } from './boot/platform';
import { assembleGuardInput, type GuardInput, type Loadable } from './guardState';
import { FullScreenLoader } from './loader';
import type { RouteHandle } from './titles';

function loadable<T>(query: UseQueryResult<T>): Loadable<T> {
  if (query.status === 'success') return { status: 'success', data: query.data };
  if (query.status === 'error') return { status: 'error', error: query.error };
  return { status: 'pending' };
}

/** The route table row of the page being opened (from the route tree, else core's matcher). */
function useCurrentRoute(pathname: string): RouteDef {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  return handle?.route ?? matchRoute(pathname);
}

/** Every input of the guard, in one hook. */
export function useGuardInputs(): { input: GuardInput; me: UseQueryResult<Me | null> } {
  const { pathname, search } = useLocation();
  const route = useCurrentRoute(pathname);
  const me = useMe();
  const user = me.data ?? null;
  const teamUID = useTabTeamUID(user);
  const wantsBaseData = user !== null && route.needsBaseData;
  const validationInfo = useValidationInfo(wantsBaseData ? teamUID : null);
  // The boot's load state (SPEC §4): while it is "none" the base data counts as not arrived.
  const loadState = useBoot(user, teamUID);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userMissing = isUserDataMissing(me.error);
  const pendingInviteCode = useSyncExternalStore(
    pendingInviteSlot.subscribe,
    pendingInviteSlot.get,
    pendingInviteSlot.get,
  );
  const signingIn = useSyncExternalStore(
    signingInSlot.subscribe,
    signingInSlot.get,
    signingInSlot.get,
  );

  useEffect(() => {
    // SPEC §8: a failed load of user data or validation info is only logged; the user stays
    // on the loader.
    if (me.error) console.error('Loading the signed-in user failed', me.error);
    if (validationInfo.error) console.error('Loading validation info failed', validationInfo.error);
  }, [me.error, validationInfo.error]);

  useEffect(() => {
    // SPEC §7, §8: a session whose user data is gone signs out and goes to /login.
    if (userMissing)
      void signOutToLogin(queryClient, () => void navigate('/login', { replace: true }));
  }, [userMissing, queryClient, navigate]);

  const input = assembleGuardInput({
    pathname,
    search,
    route,
    me: loadable(me),
    validationInfo:
      wantsBaseData && teamUID !== null
        ? loadState === 'none'
          ? { status: 'pending' }
          : loadable(validationInfo)
        : null,
    teamUID,
    pendingInviteCode,
    signingIn,
    isExtension: isExtension(),
  });
  return { input, me };
}

/** Performs a guard decision: redirects, and arranges to forget an invite code it passed on. */
function GuardRedirect({
  decision,
  clearInviteAt,
}: {
  decision: NavDecision;
  clearInviteAt: RefObject<string | null>;
}) {
  const navigate = useNavigate();
  const { to, clearInviteCode } = decision;
  useEffect(() => {
    // The code is forgotten once the target page is current (see NavigationGuard): forgetting
    // it now would re-run the guard on this page without it (→ billing, not the team tab).
    if (clearInviteCode) clearInviteAt.current = to;
    void navigate(to, { replace: true });
  }, [to, clearInviteCode, clearInviteAt, navigate]);
  return <FullScreenLoader />;
}

/** Around every route: waits, redirects or renders the page. */
export function NavigationGuard() {
  const { input } = useGuardInputs();
  const { pathname, search } = useLocation();
  const clearInviteAt = useRef<string | null>(null);
  useEffect(() => {
    if (clearInviteAt.current !== null && clearInviteAt.current === pathname + search) {
      clearInviteAt.current = null;
      pendingInviteSlot.set(null);
    }
  }, [pathname, search]);

  if (input.kind === 'wait') return <FullScreenLoader />;
  if (input.kind === 'decide') {
    const decision = decideNavigation(input.state);
    if (decision) return <GuardRedirect decision={decision} clearInviteAt={clearInviteAt} />;
  }
  return <Outlet />;
}

/** Wraps every auth route: the guard has made sure there is a user; hand it to the screens. */
export function RequireAuth() {
  const me = useMe();
  if (me.isPending || me.isError) return <FullScreenLoader />;
  if (!me.data) return <Navigate to="/login" replace />;
  return (
    <CurrentUserProvider user={me.data}>
      <AppVersionWatcher />
      <Outlet />
    </CurrentUserProvider>
  );
}
