import { describe, expect, it } from 'vitest';
import type { Me } from '../features/session/me';
import { guardRedirect, safeNextPath } from './guard';

const user = { uid: 'u1' } as Me;

describe('guardRedirect', () => {
  it('sends a signed-out visitor of an auth route to /login with next', () => {
    expect(guardRedirect({ path: '/contacts/table?x=1', requiresAuth: true, user: null })).toBe(
      '/login?next=%2Fcontacts%2Ftable%3Fx%3D1',
    );
  });

  it('lets signed-in users and open routes through', () => {
    expect(guardRedirect({ path: '/tasks', requiresAuth: true, user })).toBeNull();
    expect(guardRedirect({ path: '/login', requiresAuth: false, user: null })).toBeNull();
  });
});

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/contacts/table?x=1')).toBe('/contacts/table?x=1');
  });

  it('falls back to / for missing or off-site targets', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(safeNextPath(next)).toBe('/');
    }
  });
});
