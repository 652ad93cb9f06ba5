import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAVIGATION_CASES } from './navigation-cases';
import { decideNavigation, type NavigationState, type NavigationUser } from './navigation-guard';
import { parseQuery, splitPath } from './query-string';

/** A user who passes every step: password set, terms accepted. */
const okUser: NavigationUser = {
  passwordSet: true,
  termsVersion: '1.0.1',
  defaultContactView: 'table',
};
const ok: NavigationState = {
  user: okUser,
  pathname: '/contacts/table',
  search: '',
  subscriptionStatus: 'active',
  pendingInviteCode: null,
};
const state = (
  patch: Partial<NavigationState>,
  user?: Partial<NavigationUser>,
): NavigationState => ({
  ...ok,
  ...patch,
  user: 'user' in patch ? patch.user : { ...okUser, ...user },
});
const to = (s: NavigationState) => decideNavigation(s)?.to ?? null;
const query = (href: string | null) => parseQuery(splitPath(href ?? '').search);

describe('decideNavigation: the table of cases (shared with e2e/guard.test.ts)', () => {
  it.each(NAVIGATION_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const d = decideNavigation(c.state);
    expect(d && { to: d.to, reason: d.reason }).toEqual(c.expected);
    // Only the pending-invite step hands the code on, and only then must it be forgotten.
    expect(d?.clearInviteCode ?? false).toBe(c.expected?.reason === 'pending-invite');
  });

  it('has unique names and covers every step', () => {
    expect(new Set(NAVIGATION_CASES.map((c) => c.name)).size).toBe(NAVIGATION_CASES.length);
    const reasons = new Set(NAVIGATION_CASES.map((c) => c.expected?.reason ?? 'stay'));
    expect([...reasons].sort()).toEqual(
      [
        'default-view',
        'login-required',
        'maintenance',
        'password-not-set',
        'signed-in',
        'pending-invite',
        'stay',
        'subscription-inactive',
        'terms-not-accepted',
      ].sort(),
    );
  });
});

describe('decideNavigation: inputs beyond the table', () => {
  it('reads the auth requirement from the route table unless given', () => {
    expect(to(state({ user: null, pathname: '/login-admin', requiresAuth: true }))).toBe(
      '/login?next=%2Flogin-admin',
    );
    expect(to(state({ user: null, pathname: '/tasks', requiresAuth: false }))).toBeNull();
  });

  it('keeps /profiles (not the profile) behind the subscription check', () => {
    expect(to(state({ pathname: '/profiles', subscriptionStatus: 'canceled' }))).toBe(
      '/profile/billing',
    );
  });

  it('adds initial=true on /password-reset, keeping the other parameters', () => {
    const href = to(
      state({ pathname: '/password-reset', search: '?next=%2Ftasks' }, { passwordSet: false }),
    );
    expect(query(href)).toEqual({ next: '/tasks', initial: 'true' });
  });
});

describe('properties', () => {
  const arbState = fc.record({
    user: fc.option(
      fc.record({
        passwordSet: fc.constantFrom(true, false, undefined),
        termsVersion: fc.constantFrom('1.0.1', '1.0.0', undefined),
        defaultContactView: fc.constantFrom('table', 'pipeline', 'homeDashboard', 'x'),
      }),
      { nil: null },
    ),
    pathname: fc.constantFrom(
      '/',
      '/tasks',
      '/login',
      '/password-reset',
      '/accept-terms',
      '/maintenance',
      '/profile/billing',
      '/profile/team',
      '/logout',
      '/queue/facebook',
      '/nope',
    ),
    search: fc.constantFrom('', '?next=%2Fshop', '?initial=true', '?a=1'),
    subscriptionStatus: fc.constantFrom('active', 'canceled', null, undefined),
    pendingInviteCode: fc.constantFrom(null, 'code'),
  });

  it('following a redirect reaches a page where the guard stays, within 3 hops', () => {
    fc.assert(
      fc.property(arbState, (start) => {
        let s: NavigationState = start;
        for (let hop = 0; hop < 3; hop++) {
          const d = decideNavigation(s);
          if (!d) return true;
          const { pathname, search } = splitPath(d.to);
          s = {
            ...s,
            pathname,
            search,
            pendingInviteCode: d.clearInviteCode ? null : s.pendingInviteCode,
          };
        }
        return decideNavigation(s) === null;
      }),
    );
  });

  it('never redirects to the page it is on with the same query', () => {
    fc.assert(
      fc.property(arbState, (s) => {
        const d = decideNavigation(s);
        return d === null || d.to !== s.pathname + s.search;
      }),
    );
  });
});
