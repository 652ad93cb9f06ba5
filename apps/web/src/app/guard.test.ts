import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard';

const user = { passwordSet: true, termsVersion: '1.0.1', defaultContactView: 'table' };

describe('guardRedirect', () => {
  it('sends a signed-out visitor of an auth route to /login with next', () => {
    expect(
      guardRedirect({
        user: null,
        pathname: '/contacts/table',
        search: '?x=1',
        requiresAuth: true,
      }),
    ).toBe('/login?next=%2Fcontacts%2Ftable%3Fx%3D1');
  });

  it('lets signed-in users and open routes through', () => {
    expect(guardRedirect({ user, pathname: '/tasks', requiresAuth: true })).toBeNull();
    expect(guardRedirect({ user: null, pathname: '/login', requiresAuth: false })).toBeNull();
  });

  it('does not apply the later guard steps yet', () => {
    const termsPending = { ...user, termsVersion: '0.9' };
    expect(
      guardRedirect({ user: termsPending, pathname: '/tasks', requiresAuth: true }),
    ).toBeNull();
  });
});
