import type { NavigationState, NavigationUser, NavReason } from './navigation-guard';

/**
 * The one table of navigation-guard cases (SPEC §4). Core's unit tests check `decideNavigation`
 * against every row; the browser suite (e2e/guard.test.ts) builds the state of every row marked
 * `browser` with real users and teams, opens `state.pathname + state.search` in Chromium and
 * asserts it lands on `expected.to` (or stays). One table, so the two cannot drift apart.
 */
export interface NavigationCase {
  name: string;
  state: NavigationState;
  /** The decision: where to go and which step decided; null = stay on the page. */
  expected: { to: string; reason: NavReason } | null;
  /**
   * The browser suite can build this state with real accounts (pending invite codes, unknown
   * statuses and odd path spellings are core-only). The browser reads the user's kind from
   * `state.user` and the team's status from `state.subscriptionStatus`.
   */
  browser?: boolean;
}

/** A user who passes every step: password set, terms accepted, a table default view. */
export const OK_USER: NavigationUser = {
  passwordSet: true,
  termsVersion: '1.0.1',
  defaultContactView: 'table',
};

const base: NavigationState = {
  user: OK_USER,
  pathname: '/contacts/table',
  search: '',
  subscriptionStatus: 'active',
  pendingInviteCode: null,
};

function at(
  pathname: string,
  patch: Partial<NavigationState> = {},
  user?: Partial<NavigationUser> | null,
): NavigationState {
  const u = user === null ? null : { ...OK_USER, ...user };
  return { ...base, pathname, ...patch, user: 'user' in patch ? patch.user : u };
}

const noPassword = { passwordSet: false };
const noTerms = { termsVersion: null };

export const NAVIGATION_CASES: readonly NavigationCase[] = [
  // Nothing to do.
  {
    name: 'a user in good standing stays',
    state: at('/contacts/table'),
    expected: null,
    browser: true,
  },
  {
    name: 'a visitor on /login stays',
    state: at('/login', {}, null),
    expected: null,
    browser: true,
  },
  {
    name: 'a visitor reads /maintenance',
    state: at('/maintenance', {}, null),
    expected: null,
    browser: true,
  },

  // Step 1: no password yet.
  {
    name: 'password not set → /password-reset with initial and next',
    state: at('/tasks', { search: '?x=1' }, noPassword),
    expected: {
      to: '/password-reset?initial=true&next=%2Ftasks%3Fx%3D1',
      reason: 'password-not-set',
    },
    browser: true,
  },
  {
    name: 'password not set, already on /password-reset?initial=true → stay',
    state: at('/password-reset', { search: '?initial=true' }, noPassword),
    expected: null,
    browser: true,
  },
  {
    name: 'password not set while the invitation screen signs in → stay (the screen goes on itself)',
    state: at('/login/invite/abc', { signingIn: true }, noPassword),
    expected: null,
  },
  {
    name: 'terms not accepted while a sign-in on /login finishes → stay',
    state: at('/login', { signingIn: true }, noTerms),
    expected: null,
  },
  {
    name: 'password not set on /password-reset without initial → the flag is added',
    state: at('/password-reset', { search: '?next=%2Ftasks' }, noPassword),
    expected: { to: '/password-reset?next=%2Ftasks&initial=true', reason: 'password-not-set' },
  },
  {
    name: 'password not set on a guard page → its next is carried over',
    state: at('/accept-terms', { search: '?next=%2Fshop' }, noPassword),
    expected: { to: '/password-reset?initial=true&next=%2Fshop', reason: 'password-not-set' },
  },
  {
    name: 'password not set beats terms, maintenance, subscription and "/"',
    state: at('/', { subscriptionStatus: 'canceled' }, { ...noPassword, ...noTerms }),
    expected: { to: '/password-reset?initial=true&next=%2F', reason: 'password-not-set' },
  },
  {
    name: 'unknown passwordSet counts as set',
    state: at('/contacts/table', {}, { passwordSet: undefined }),
    expected: null,
  },

  // Step 2: terms.
  {
    name: 'terms not accepted → /accept-terms with next',
    state: at('/shop', {}, noTerms),
    expected: { to: '/accept-terms?next=%2Fshop', reason: 'terms-not-accepted' },
    browser: true,
  },
  {
    name: 'an older terms version → /accept-terms',
    state: at('/tasks', {}, { termsVersion: '1.0.0' }),
    expected: { to: '/accept-terms?next=%2Ftasks', reason: 'terms-not-accepted' },
  },
  {
    name: 'terms not accepted, on /accept-terms → stay (even with a lapsed plan)',
    state: at('/accept-terms', { subscriptionStatus: 'canceled' }, noTerms),
    expected: null,
  },
  {
    name: 'terms do not interrupt password reset',
    state: at('/password-reset', {}, noTerms),
    expected: null,
  },
  {
    name: 'terms beat a lapsed subscription',
    state: at('/tasks', { subscriptionStatus: 'canceled' }, noTerms),
    expected: { to: '/accept-terms?next=%2Ftasks', reason: 'terms-not-accepted' },
  },
  {
    name: 'terms beat "/"',
    state: at('/', {}, noTerms),
    expected: { to: '/accept-terms?next=%2F', reason: 'terms-not-accepted' },
  },

  // Step 3: maintenance.
  {
    name: 'signed in on /maintenance → the pipeline route',
    state: at('/maintenance'),
    expected: { to: '/contacts/pipeline', reason: 'maintenance' },
    browser: true,
  },
  {
    name: 'maintenance is exempt from terms; step 3 then applies',
    state: at('/maintenance', {}, noTerms),
    expected: { to: '/contacts/pipeline', reason: 'maintenance' },
  },
  {
    name: 'maintenance beats a lapsed subscription',
    state: at('/maintenance', { subscriptionStatus: 'canceled' }),
    expected: { to: '/contacts/pipeline', reason: 'maintenance' },
  },

  // Step 4: a signed-in user on the sign-in screen goes on to the app.
  {
    name: 'signed in on /login → the default view',
    state: at('/login'),
    expected: { to: '/contacts/table', reason: 'signed-in' },
    browser: true,
  },
  {
    name: 'signed in on /signin → the default view, as /login',
    state: at('/signin'),
    expected: { to: '/contacts/table', reason: 'signed-in' },
    browser: true,
  },
  {
    name: 'signed in on /login with next → next',
    state: at('/login', { search: '?next=%2Ftasks' }),
    expected: { to: '/tasks', reason: 'signed-in' },
  },
  {
    name: 'signed in on /secret-login → the default view',
    state: at('/secret-login', {}, { defaultContactView: 'pipeline' }),
    expected: { to: '/contacts/pipeline', reason: 'signed-in' },
  },
  {
    name: 'signed in on /login with an outside next → the default view, not the outside page',
    state: at('/login', { search: '?next=https%3A%2F%2Fevil.example' }),
    expected: { to: '/contacts/table', reason: 'signed-in' },
  },
  {
    name: 'signed in on /login while its own sign-in finishes stays (the screen goes on after 1 s)',
    state: at('/login', { signingIn: true }),
    expected: null,
  },
  {
    name: 'signed in on an invitation stays (the screen speaks to a signed-in user)',
    state: at('/login/invite/abc'),
    expected: null,
  },
  {
    name: 'terms beat the sign-in screen',
    state: at('/login', {}, noTerms),
    expected: { to: '/accept-terms', reason: 'terms-not-accepted' },
  },

  // Step 4: auth routes.
  {
    name: 'a visitor on an auth route → /login with next',
    state: at('/contact/bold-fox-1', { search: '?tab=notes' }, null),
    expected: { to: '/login?next=%2Fcontact%2Fbold-fox-1%3Ftab%3Dnotes', reason: 'login-required' },
    browser: true,
  },
  {
    name: 'a visitor on a queue processor → /login',
    state: at('/queue/facebook', {}, null),
    expected: { to: '/login?next=%2Fqueue%2Ffacebook', reason: 'login-required' },
    browser: true,
  },
  {
    name: 'a visitor on "/" → /login',
    state: at('/', {}, null),
    expected: { to: '/login?next=%2F', reason: 'login-required' },
    browser: true,
  },
  {
    name: 'a visitor on /login-admin (open) stays',
    state: at('/login-admin', {}, null),
    expected: null,
    browser: true,
  },

  // Step 5: subscription.
  {
    name: 'a canceled subscription → billing',
    state: at('/tasks', { subscriptionStatus: 'canceled' }),
    expected: { to: '/profile/billing', reason: 'subscription-inactive' },
    browser: true,
  },
  {
    name: 'no subscription (null) → billing',
    state: at('/tasks', { subscriptionStatus: null }),
    expected: { to: '/profile/billing', reason: 'subscription-inactive' },
  },
  {
    name: 'unpaid → billing',
    state: at('/tasks', { subscriptionStatus: 'unpaid' }),
    expected: { to: '/profile/billing', reason: 'subscription-inactive' },
  },
  {
    name: 'trialing stays',
    state: at('/tasks', { subscriptionStatus: 'trialing' }),
    expected: null,
    browser: true,
  },
  {
    name: 'past_due stays',
    state: at('/tasks', { subscriptionStatus: 'past_due' }),
    expected: null,
  },
  {
    name: 'a lapsed plan may open the profile',
    state: at('/profile/team', { subscriptionStatus: 'canceled' }),
    expected: null,
    browser: true,
  },
  {
    name: 'a lapsed plan may sign out',
    state: at('/logout', { subscriptionStatus: 'canceled' }),
    expected: null,
  },
  {
    name: 'a pending invite goes to the team tab',
    state: at('/tasks', { subscriptionStatus: 'canceled', pendingInviteCode: 'inv 42' }),
    expected: { to: '/profile/team?inviteCode=inv%2042', reason: 'pending-invite' },
  },
  {
    name: 'an unknown status does not redirect',
    state: at('/tasks', { subscriptionStatus: undefined }),
    expected: null,
  },
  {
    name: 'a lapsed subscription beats "/"',
    state: at('/', { subscriptionStatus: 'canceled' }),
    expected: { to: '/profile/billing', reason: 'subscription-inactive' },
    browser: true,
  },

  // Step 6: "/" by default view (SPEC §2).
  {
    name: '"/" with view table → /contacts/table',
    state: at('/', {}, { defaultContactView: 'table' }),
    expected: { to: '/contacts/table', reason: 'default-view' },
    browser: true,
  },
  {
    name: '"/" with view pipeline → /contacts/pipeline',
    state: at('/', {}, { defaultContactView: 'pipeline' }),
    expected: { to: '/contacts/pipeline', reason: 'default-view' },
    browser: true,
  },
  {
    name: '"/" with view homeDashboard → /dashboard/home',
    state: at('/', {}, { defaultContactView: 'homeDashboard' }),
    expected: { to: '/dashboard/home', reason: 'default-view' },
    browser: true,
  },
  {
    name: '"/" with any other view → /contacts/pipeline',
    state: at('/', {}, { defaultContactView: 'other' }),
    expected: { to: '/contacts/pipeline', reason: 'default-view' },
    browser: true,
  },
  {
    name: '"//" counts as "/"',
    state: at('//'),
    expected: { to: '/contacts/table', reason: 'default-view' },
  },
];
