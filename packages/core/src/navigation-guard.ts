import { defaultViewPath, PIPELINE_PATH } from './default-view';
import { TERMS_VERSION } from './product';
import { buildQuery, parseQuery } from './query-string';
import { matchRoute } from './route-matching';
import { safeNextPath } from './route-redirects';
import { isAllowedSubscriptionStatus } from './subscription-status';

/** What the guard needs to know about the signed-in user (null/undefined: nobody is signed in). */
export interface NavigationUser {
  /** False when the user has not set a password yet. Unknown (undefined) is not "false". */
  passwordSet?: boolean | null;
  termsVersion?: string | null;
  defaultContactView?: unknown;
}

export interface NavigationState {
  user: NavigationUser | null | undefined;
  /** Current pathname, e.g. "/contacts/table". */
  pathname: string;
  /** Current query string ("?a=1", leading "?" optional). */
  search?: string;
  /** Whether the route requires a signed-in user; defaults to the route table (SPEC §2 "Auth"). */
  requiresAuth?: boolean;
  /**
   * Base subscription status (see `subscriptionStatus`). `null` means the team has no
   * subscription and counts as "canceled"; `undefined` means it is not known yet (the route
   * needs no base data, or the app runs as the extension), and then step 5 cannot apply.
   */
  subscriptionStatus?: string | null;
  /** An invite code the user arrived with and has not used yet. */
  pendingInviteCode?: string | null;
  /**
   * A sign-in made on this screen is finishing: the screen goes to its `next` itself, after
   * SPEC §4's delay, and the guard decides where it lands then. Until then no step moves it:
   * a redirect now (say, step 1 from an accepted invitation) would be followed by the
   * screen's own one a moment later, which remounts the page under a user already typing.
   */
  signingIn?: boolean;
}

export type NavReason =
  | 'password-not-set'
  | 'terms-not-accepted'
  | 'maintenance'
  | 'login-required'
  | 'signed-in'
  | 'subscription-inactive'
  | 'pending-invite'
  | 'default-view';

export interface NavDecision {
  /** Where to go: pathname plus query string. */
  to: string;
  /** Which guard step decided. */
  reason: NavReason;
  /** True when the caller must forget the pending invite code (it is now in `to`). */
  clearInviteCode: boolean;
}

export const PASSWORD_RESET_PATH = '/password-reset';
export const ACCEPT_TERMS_PATH = '/accept-terms';
export const MAINTENANCE_PATH = '/maintenance';
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const PROFILE_BILLING_PATH = '/profile/billing';
export const PROFILE_TEAM_PATH = '/profile/team';

/**
 * The sign-in screen itself (not its sign-up, confirmation or invitation screens, which speak
 * to a signed-in user themselves), and /signin, which only leads to it.
 */
const SIGN_IN_PAGES = new Set([LOGIN_PATH, '/secret-login', '/signin']);

/** Pages the guard itself sends people to; a `next` already on them is carried over, not nested. */
const GUARD_PAGES = new Set([PASSWORD_RESET_PATH, ACCEPT_TERMS_PATH, LOGIN_PATH, '/secret-login']);

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function isOn(pathname: string, page: string): boolean {
  return pathname === page || pathname.startsWith(`${page}/`);
}

function decision(to: string, reason: NavReason, clearInviteCode = false): NavDecision {
  return { to, reason, clearInviteCode };
}

/** The `next` to hand on: the current location, or the `next` a guard page already carries. */
function nextFor(pathname: string, search: string, query: Record<string, string>): string | null {
  const onGuardPage = [...GUARD_PAGES].some((page) => isOn(pathname, page));
  if (onGuardPage) return query.next ?? null;
  return (
    pathname + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '')
  );
}

/**
 * The navigation guard of SPEC §4 as one decision: the redirect to perform, or null to stay.
 * The steps run in the spec's order and the first one that holds decides, so a state that
 * matches several steps gets the earliest. A step whose target is the current page ends the
 * guard with null (stay) instead of letting a later step bounce the user away and back.
 *
 * 1. Password not set → /password-reset?initial=true&next=…
 * 2. termsVersion ≠ "1.0.1" → /accept-terms?next=… (not on password-reset or maintenance)
 * 3. On /maintenance while signed in → the pipeline route
 * 4. Route requires auth, nobody signed in → /login?next=…; signed in on the sign-in screen
 *    (/login, /secret-login, /signin) → its `next` when it is a path in the app, else the
 *    default contact view
 * 5. Signed in, not on /profile, base status not active/trialing/past_due → /profile/billing,
 *    or /profile/team?inviteCode=… (and clear the code) when an invite is pending
 * 6. "/" → the default contact view
 *
 * While a sign-in made on the current screen finishes (`signingIn`), no step applies.
 *
 * The caller decides when to run it (see `guardMustWait`).
 */
export function decideNavigation(state: NavigationState): NavDecision | null {
  const pathname = normalise(state.pathname);
  const search = state.search ?? '';
  const query = parseQuery(search);
  const user = state.user ?? null;
  const next = nextFor(pathname, search, query);
  const withNext = (params: Record<string, string>) =>
    next === null ? params : { ...params, next };

  if (user && state.signingIn) return null;

  // 1. No password yet: nothing else is usable until one is set.
  if (user && user.passwordSet === false) {
    if (isOn(pathname, PASSWORD_RESET_PATH)) {
      if (query.initial === 'true') return null;
      // Already there but without the flag the page needs: add it, keep the rest.
      return decision(
        PASSWORD_RESET_PATH + buildQuery({ ...query, initial: 'true' }),
        'password-not-set',
      );
    }
    return decision(
      PASSWORD_RESET_PATH + buildQuery(withNext({ initial: 'true' })),
      'password-not-set',
    );
  }

  // 2. Terms not accepted. Password reset and maintenance are exempt: the first has priority,
  // the second must stay readable during downtime.
  if (user && user.termsVersion !== TERMS_VERSION) {
    if (isOn(pathname, ACCEPT_TERMS_PATH)) return null;
    if (!isOn(pathname, PASSWORD_RESET_PATH) && !isOn(pathname, MAINTENANCE_PATH)) {
      return decision(ACCEPT_TERMS_PATH + buildQuery(withNext({})), 'terms-not-accepted');
    }
  }

  // 3. Signed-in users do not see the downtime notice.
  if (user && isOn(pathname, MAINTENANCE_PATH)) {
    return decision(PIPELINE_PATH, 'maintenance');
  }

  // 4. Auth routes need a user.
  const requiresAuth = state.requiresAuth ?? matchRoute(pathname).auth;
  if (!user && requiresAuth) {
    return decision(LOGIN_PATH + buildQuery(withNext({})), 'login-required');
  }
  if (user && SIGN_IN_PAGES.has(pathname)) {
    return decision(
      safeNextPath(query.next, defaultViewPath(user.defaultContactView)),
      'signed-in',
    );
  }

  // 5. No usable subscription: only the profile (billing, team) is open. Logging out is
  // always allowed, otherwise a lapsed user could never sign out.
  if (
    user &&
    state.subscriptionStatus !== undefined &&
    !isOn(pathname, '/profile') &&
    !isOn(pathname, LOGOUT_PATH) &&
    !isAllowedSubscriptionStatus(state.subscriptionStatus ?? 'canceled')
  ) {
    const inviteCode = state.pendingInviteCode;
    if (inviteCode) {
      return decision(PROFILE_TEAM_PATH + buildQuery({ inviteCode }), 'pending-invite', true);
    }
    return decision(PROFILE_BILLING_PATH, 'subscription-inactive');
  }

  // 6. "/" only redirects.
  if (pathname === '/') {
    return decision(defaultViewPath(user?.defaultContactView), 'default-view');
  }

  return null;
}
