import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

describe('decideNavigation: nothing to do', () => {
  it('stays for a signed-in user in good standing', () => {
    expect(decideNavigation(ok)).toBeNull();
  });

  it('stays for a visitor on an open route', () => {
    expect(decideNavigation(state({ user: null, pathname: '/login' }))).toBeNull();
    expect(decideNavigation(state({ user: undefined, pathname: '/maintenance' }))).toBeNull();
  });
});

describe('step 1: password not set', () => {
  it('goes to /password-reset with initial=true and next', () => {
    const d = decideNavigation(
      state({ pathname: '/tasks', search: '?x=1' }, { passwordSet: false }),
    );
    expect(d).toEqual({
      to: '/password-reset?initial=true&next=%2Ftasks%3Fx%3D1',
      reason: 'password-not-set',
      clearInviteCode: false,
    });
  });

  it('stays when already there with initial=true', () => {
    expect(
      to(state({ pathname: '/password-reset', search: '?initial=true' }, { passwordSet: false })),
    ).toBeNull();
  });

  it('adds initial=true when already there without it, keeping next', () => {
    const href = to(
      state({ pathname: '/password-reset', search: '?next=%2Ftasks' }, { passwordSet: false }),
    );
    expect(href?.startsWith('/password-reset?')).toBe(true);
    expect(query(href)).toEqual({ next: '/tasks', initial: 'true' });
  });

  it('carries the next of a guard page instead of nesting it', () => {
    const href = to(
      state({ pathname: '/accept-terms', search: '?next=%2Fshop' }, { passwordSet: false }),
    );
    expect(query(href)).toEqual({ initial: 'true', next: '/shop' });
    const bare = to(state({ pathname: '/login' }, { passwordSet: false }));
    expect(bare).toBe('/password-reset?initial=true');
  });

  it('treats an unknown passwordSet as set', () => {
    expect(decideNavigation(state({}, { passwordSet: undefined }))).toBeNull();
    expect(decideNavigation(state({}, { passwordSet: null }))).toBeNull();
  });

  it('does not apply without a user', () => {
    expect(to(state({ user: null, pathname: '/password-reset' }))).toBeNull();
  });
});

describe('step 2: terms not accepted', () => {
  it.each(['1.0.0', '', null, undefined, '1.0.1 '])(
    'termsVersion %j → /accept-terms?next=…',
    (v) => {
      const d = decideNavigation(state({ pathname: '/shop' }, { termsVersion: v }));
      expect(d).toEqual({
        to: '/accept-terms?next=%2Fshop',
        reason: 'terms-not-accepted',
        clearInviteCode: false,
      });
    },
  );

  it('stays when already on /accept-terms (even with an inactive subscription)', () => {
    expect(
      to(
        state(
          { pathname: '/accept-terms', subscriptionStatus: 'canceled' },
          { termsVersion: '1.0.0' },
        ),
      ),
    ).toBeNull();
  });

  it('does not interrupt password reset', () => {
    expect(to(state({ pathname: '/password-reset' }, { termsVersion: '1.0.0' }))).toBeNull();
  });

  it('does not redirect from maintenance itself; step 3 then applies', () => {
    expect(
      decideNavigation(state({ pathname: '/maintenance' }, { termsVersion: '0' }))?.reason,
    ).toBe('maintenance');
  });
});

describe('step 3: maintenance while signed in', () => {
  it('goes to the pipeline route', () => {
    expect(decideNavigation(state({ pathname: '/maintenance' }))).toEqual({
      to: '/contacts/pipeline',
      reason: 'maintenance',
      clearInviteCode: false,
    });
  });

  it('lets visitors read the notice', () => {
    expect(to(state({ user: null, pathname: '/maintenance' }))).toBeNull();
  });
});

describe('step 4: auth route without a user', () => {
  it('goes to /login with next', () => {
    expect(
      decideNavigation(
        state({ user: null, pathname: '/contact/bold-fox-1', search: '?tab=notes' }),
      ),
    ).toEqual({
      to: '/login?next=%2Fcontact%2Fbold-fox-1%3Ftab%3Dnotes',
      reason: 'login-required',
      clearInviteCode: false,
    });
  });

  it('reads the auth requirement from the route table unless given', () => {
    expect(to(state({ user: null, pathname: '/queue/facebook' }))).toBe(
      '/login?next=%2Fqueue%2Ffacebook',
    );
    expect(to(state({ user: null, pathname: '/login-admin' }))).toBeNull();
    expect(to(state({ user: null, pathname: '/login-admin', requiresAuth: true }))).toBe(
      '/login?next=%2Flogin-admin',
    );
    expect(to(state({ user: null, pathname: '/tasks', requiresAuth: false }))).toBeNull();
  });

  it('sends "/" to login when nobody is signed in', () => {
    expect(to(state({ user: null, pathname: '/' }))).toBe('/login?next=%2F');
  });
});

describe('step 5: subscription', () => {
  it.each(['canceled', 'unpaid', 'incomplete', 'paused', '', null])(
    'status %j → billing',
    (status) => {
      expect(decideNavigation(state({ subscriptionStatus: status }))).toEqual({
        to: '/profile/billing',
        reason: 'subscription-inactive',
        clearInviteCode: false,
      });
    },
  );

  it.each(['active', 'trialing', 'past_due'])('status %s → stay', (status) => {
    expect(to(state({ subscriptionStatus: status }))).toBeNull();
  });

  it('sends a pending invite to the team tab and asks to clear it', () => {
    expect(
      decideNavigation(state({ subscriptionStatus: 'canceled', pendingInviteCode: 'inv 42' })),
    ).toEqual({
      to: '/profile/team?inviteCode=inv%2042',
      reason: 'pending-invite',
      clearInviteCode: true,
    });
  });

  it('leaves the profile (and logout) open', () => {
    expect(to(state({ pathname: '/profile', subscriptionStatus: 'canceled' }))).toBeNull();
    expect(
      to(
        state({
          pathname: '/profile/team',
          subscriptionStatus: 'canceled',
          pendingInviteCode: 'x',
        }),
      ),
    ).toBeNull();
    expect(to(state({ pathname: '/logout', subscriptionStatus: 'canceled' }))).toBeNull();
    expect(to(state({ pathname: '/profiles', subscriptionStatus: 'canceled' }))).toBe(
      '/profile/billing',
    );
  });

  it('waits when the status is not known yet', () => {
    expect(to(state({ subscriptionStatus: undefined }))).toBeNull();
  });

  it('does not apply to visitors', () => {
    expect(
      to(state({ user: null, pathname: '/login', subscriptionStatus: 'canceled' })),
    ).toBeNull();
  });
});

describe('step 6: "/"', () => {
  it.each([
    ['table', '/contacts/table'],
    ['pipeline', '/contacts/pipeline'],
    ['homeDashboard', '/dashboard/home'],
    ['other', '/contacts/pipeline'],
    [undefined, '/contacts/pipeline'],
  ])('view %j → %s', (view, path) => {
    expect(decideNavigation(state({ pathname: '/' }, { defaultContactView: view }))).toEqual({
      to: path,
      reason: 'default-view',
      clearInviteCode: false,
    });
  });

  it('treats "" and trailing slashes as "/"', () => {
    expect(to(state({ pathname: '' }))).toBe('/contacts/table');
    expect(to(state({ pathname: '//' }))).toBe('/contacts/table');
  });
});

describe('order: the earliest matching step wins', () => {
  const bad: Partial<NavigationUser> = { passwordSet: false, termsVersion: '0' };
  it.each([
    ['password beats terms', state({ pathname: '/shop' }, bad), 'password-not-set'],
    ['password beats maintenance', state({ pathname: '/maintenance' }, bad), 'password-not-set'],
    [
      'password beats subscription',
      state({ subscriptionStatus: 'canceled' }, { passwordSet: false }),
      'password-not-set',
    ],
    ['password beats "/"', state({ pathname: '/' }, { passwordSet: false }), 'password-not-set'],
    [
      'terms beat subscription',
      state({ subscriptionStatus: 'canceled' }, { termsVersion: '0' }),
      'terms-not-accepted',
    ],
    ['terms beat "/"', state({ pathname: '/' }, { termsVersion: '0' }), 'terms-not-accepted'],
    [
      'maintenance beats subscription',
      state({ pathname: '/maintenance', subscriptionStatus: 'canceled' }),
      'maintenance',
    ],
    [
      'subscription beats "/"',
      state({ pathname: '/', subscriptionStatus: 'canceled' }),
      'subscription-inactive',
    ],
    [
      'invite beats "/"',
      state({ pathname: '/', subscriptionStatus: null, pendingInviteCode: 'c' }),
      'pending-invite',
    ],
  ])('%s', (_name, s, reason) => {
    expect(decideNavigation(s)?.reason).toBe(reason);
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
