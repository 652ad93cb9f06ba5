import { decideNavigation, matchRoute, TERMS_VERSION } from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import type { Me } from '../features/session/me';
import type { ValidationInfo } from '../features/session/validationInfo';
import { assembleGuardInput, type GuardSources } from './guardState';

const me: Me = {
  uid: 'u1',
  name: 'Dana',
  email: 'dana@example.com',
  photoURL: null,
  teamUID: 't1',
  teams: [{ teamUID: 't1', teamOwner: 'u1', name: 'Team 1', role: 'owner' }],
  currentTeam: { teamUID: 't1', teamOwner: 'u1', name: 'Team 1', role: 'owner' },
  passwordSet: true,
  termsVersion: TERMS_VERSION,
  defaultContactView: 'table',
  groupAccess: {},
  timeZone: null,
  isSuper: false,
};

const info = (status: string | null): ValidationInfo => ({
  members: [{ uid: 'u1', role: 'owner' }],
  contactCount: 0,
  pipelines: {},
  subscription: status === null ? null : { status },
});

function sources(path: string, overrides: Partial<GuardSources> = {}): GuardSources {
  const [pathname = '/', query] = path.split('?');
  return {
    pathname,
    search: query ? `?${query}` : '',
    route: matchRoute(pathname),
    me: { status: 'success', data: me },
    validationInfo: { status: 'success', data: info('active') },
    teamUID: 't1',
    pendingInviteCode: null,
    isExtension: false,
    ...overrides,
  };
}

/** Where the guard sends `sources`: 'wait', 'stay', or the redirect target. */
function guard(s: GuardSources): string {
  const input = assembleGuardInput(s);
  if (input.kind === 'wait') return 'wait';
  if (input.kind === 'skip') return 'stay';
  return decideNavigation(input.state)?.to ?? 'stay';
}

describe('assembleGuardInput', () => {
  it('waits for the user on auth routes, not on open ones', () => {
    expect(guard(sources('/tasks', { me: { status: 'pending' } }))).toBe('wait');
    expect(guard(sources('/authorize', { me: { status: 'pending' } }))).toBe('wait');
    expect(guard(sources('/tasks', { me: { status: 'error', error: new Error('x') } }))).toBe(
      'wait',
    );
    expect(guard(sources('/login', { me: { status: 'pending' } }))).toBe('stay');
    expect(guard(sources('/password-reset', { me: { status: 'pending' } }))).toBe('stay');
  });

  it('waits for base data only where the route needs it', () => {
    const pending = { validationInfo: { status: 'pending' } as const };
    expect(guard(sources('/tasks', pending))).toBe('wait');
    expect(guard(sources('/accept-terms', pending))).toBe('wait');
    // /authorize and the extension layouts need no base data.
    expect(guard(sources('/authorize', { validationInfo: null }))).toBe('stay');
    expect(guard(sources('/bex/test', { validationInfo: null }))).toBe('stay');
    // A failed load keeps the loader (SPEC §8).
    expect(
      guard(sources('/tasks', { validationInfo: { status: 'error', error: new Error('x') } })),
    ).toBe('wait');
  });

  it('does not wait in the extension', () => {
    expect(
      guard(sources('/tasks', { isExtension: true, validationInfo: { status: 'pending' } })),
    ).toBe('stay');
  });

  it('step 1: password not set', () => {
    const user = { ...me, passwordSet: false };
    expect(guard(sources('/tasks', { me: { status: 'success', data: user } }))).toBe(
      '/password-reset?initial=true&next=%2Ftasks',
    );
    expect(
      guard(sources('/password-reset?initial=true', { me: { status: 'success', data: user } })),
    ).toBe('stay');
  });

  it('step 2: terms not accepted', () => {
    const user = { ...me, termsVersion: '0.9' };
    expect(guard(sources('/tasks?x=1', { me: { status: 'success', data: user } }))).toBe(
      '/accept-terms?next=%2Ftasks%3Fx%3D1',
    );
    expect(
      guard(sources('/accept-terms?next=%2Ftasks', { me: { status: 'success', data: user } })),
    ).toBe('stay');
  });

  it('step 3: maintenance while signed in', () => {
    expect(guard(sources('/maintenance'))).toBe('/contacts/pipeline');
    expect(guard(sources('/maintenance', { me: { status: 'success', data: null } }))).toBe('stay');
  });

  it('step 4: auth routes without a session go to /login with next', () => {
    expect(guard(sources('/tasks?x=1', { me: { status: 'success', data: null } }))).toBe(
      '/login?next=%2Ftasks%3Fx%3D1',
    );
    expect(
      guard(sources('/authorize?next=%2Ftasks', { me: { status: 'success', data: null } })),
    ).toBe('/login?next=%2Fauthorize%3Fnext%3D%252Ftasks');
  });

  it('step 5: a lapsed subscription opens only the profile', () => {
    const lapsed = { validationInfo: { status: 'success', data: info('canceled') } as const };
    expect(guard(sources('/tasks', lapsed))).toBe('/profile/billing');
    expect(guard(sources('/profile/team', lapsed))).toBe('stay');
    // No subscription counts as canceled (SPEC §4), and so does having no team at all.
    const none = { validationInfo: { status: 'success', data: info(null) } as const };
    expect(guard(sources('/tasks', none))).toBe('/profile/billing');
    const teamless = { ...me, teams: [], currentTeam: null, teamUID: null };
    expect(
      guard(
        sources('/tasks', {
          me: { status: 'success', data: teamless },
          teamUID: null,
          validationInfo: null,
        }),
      ),
    ).toBe('/profile/billing');
    // Trialing and past_due allow use.
    for (const status of ['trialing', 'past_due']) {
      const ok = { validationInfo: { status: 'success', data: info(status) } as const };
      expect(guard(sources('/tasks', ok))).toBe('stay');
    }
    // Routes without base data do not know the subscription: step 5 cannot apply there.
    expect(guard(sources('/authorize', { validationInfo: null }))).toBe('stay');
  });

  it('step 5: a pending invite code goes to the team tab and is cleared', () => {
    const input = assembleGuardInput(
      sources('/tasks', {
        validationInfo: { status: 'success', data: info('canceled') },
        pendingInviteCode: 'inv-1',
      }),
    );
    expect(input.kind).toBe('decide');
    if (input.kind !== 'decide') return;
    expect(decideNavigation(input.state)).toEqual({
      to: '/profile/team?inviteCode=inv-1',
      reason: 'pending-invite',
      clearInviteCode: true,
    });
  });

  it('step 6: "/" goes to the default view', () => {
    expect(guard(sources('/'))).toBe('/contacts/table');
  });

  it('never keeps anyone from /logout', () => {
    const stuck = { ...me, passwordSet: false, termsVersion: null };
    expect(guard(sources('/logout', { me: { status: 'success', data: stuck } }))).toBe('stay');
    expect(guard(sources('/logout', { me: { status: 'pending' } }))).toBe('stay');
  });
});
