/**
 * Assembles the navigation guard's input (SPEC §4) from what the app has loaded. Pure, so the
 * waiting rules are tested without a browser; `useGuardInputs` (guard.tsx) feeds it.
 */
import {
  guardMustWait,
  loadStateOf,
  LOGOUT_PATH,
  subscriptionStatus,
  type NavigationState,
  type RouteDef,
} from '@leadloom/core';
import type { Me } from '../features/session/me';
import type { ValidationInfo } from '../features/session/validationInfo';

/** A query's state, reduced to what the guard needs. */
export type Loadable<T> =
  { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

export interface GuardSources {
  pathname: string;
  search: string;
  /** The route table row of the page being opened. */
  route: Pick<RouteDef, 'path' | 'auth' | 'needsBaseData'>;
  /** GET /api/me; `null` data = no session. */
  me: Loadable<Me | null>;
  /**
   * GET /api/teams/:teamUID/validation-info of this tab's team; null when it is not asked for
   * (nobody signed in, the route needs no base data, or the user belongs to no team).
   */
  validationInfo: Loadable<ValidationInfo> | null;
  /** This tab's team (null: the user belongs to no team). */
  teamUID: string | null;
  pendingInviteCode: string | null;
  /** A sign-in made in this tab is finishing (the sign-in screen goes on by itself). */
  signingIn?: boolean;
  /** The app runs as the extension, which has its own boot (SPEC §4). */
  isExtension: boolean;
}

export type GuardInput =
  /** The guard does not apply: signing out must always be possible. */
  | { kind: 'skip' }
  /** Show the loader: the user (auth routes) or the base data has not arrived. */
  | { kind: 'wait'; waitingFor: 'user' | 'base-data' }
  /** Ask `decideNavigation`. */
  | { kind: 'decide'; state: NavigationState };

export function assembleGuardInput(sources: GuardSources): GuardInput {
  const { route, me, pathname, search, pendingInviteCode } = sources;
  // /logout ends the session; no guard step may keep a user from it (core already exempts it
  // from step 5; a user without a password or terms must be able to leave too).
  if (route.path === LOGOUT_PATH) return { kind: 'skip' };

  if (me.status !== 'success') {
    // Auth routes cannot decide "signed in or not" before the user has loaded (SPEC §8: a
    // failed load keeps the loader). Open routes render meanwhile, as a visitor.
    if (route.auth) return { kind: 'wait', waitingFor: 'user' };
    return {
      kind: 'decide',
      state: { user: undefined, pathname, search, requiresAuth: false, pendingInviteCode },
    };
  }

  const user = me.data;
  const base = {
    pathname,
    search,
    requiresAuth: route.auth,
    pendingInviteCode,
    signingIn: sources.signingIn ?? false,
  };
  if (!user) return { kind: 'decide', state: { ...base, user: null } };

  // SPEC §4 load state: min = user, members and subscription. A user with no team has no
  // members or subscription to wait for: that is "no subscription" (canceled).
  const noTeam = sources.teamUID === null;
  const info = sources.validationInfo;
  const infoLoaded = noTeam || info?.status === 'success';
  const loadState = loadStateOf({ user: true, members: infoLoaded, subscription: infoLoaded });
  if (guardMustWait({ loadState, route, isExtension: sources.isExtension })) {
    return { kind: 'wait', waitingFor: 'base-data' };
  }

  // Step 5 only applies where the subscription is known: on routes that need no base data it
  // is `undefined` (core: "not known yet").
  let status: string | null | undefined;
  if (route.needsBaseData && !sources.isExtension) {
    status =
      info?.status === 'success'
        ? subscriptionStatus(info.data.subscription)
        : noTeam
          ? null
          : undefined;
  }
  return { kind: 'decide', state: { ...base, user, subscriptionStatus: status } };
}
