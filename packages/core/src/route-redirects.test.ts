import { describe, expect, it } from 'vitest';
import { adminRedirect, hasSuperPermission, redirectFor, safeNextPath } from './route-redirects';
import { ROUTES } from './routes';

describe('redirectFor', () => {
  it.each([
    ['/', 'table', '/contacts/table'],
    ['/', 'homeDashboard', '/dashboard/home'],
    ['/', undefined, '/contacts/pipeline'],
    ['/members/profile/bold-fox-1', undefined, '/contact/bold-fox-1'],
    ['/signin', undefined, '/login'],
    ['/tasks', 'table', null],
  ])('%s (view %s) → %s', (pathname, view, to) => {
    expect(redirectFor(pathname, view)).toBe(to);
  });

  it('has a target for every redirect-only route', () => {
    for (const route of ROUTES.filter((r) => r.redirect)) {
      expect(redirectFor(route.path.replace(':GTID', 'g'))).not.toBeNull();
    }
  });
});

describe('admin area', () => {
  it.each([
    [['super'], true],
    [['admin', 'super'], true],
    ['super', true],
    ['billing, super', true],
    [{ super: true }, true],
    [{ super: 'yes' }, false],
    [['superuser'], false],
    ['superuser', false],
    [null, false],
    [undefined, false],
    [42, false],
  ])('hasSuperPermission(%j) = %s', (permissions, expected) => {
    expect(hasSuperPermission(permissions)).toBe(expected);
  });

  it('sends non-super users from /admin to the pipeline', () => {
    expect(adminRedirect('/admin/users', [])).toBe('/contacts/pipeline');
    expect(adminRedirect('/admin', ['super'])).toBeNull();
    expect(adminRedirect('/tasks', [])).toBeNull();
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/contacts/table?x=1', '/contacts/table?x=1'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['relative', '/'],
    [undefined, '/'],
    [7, '/'],
  ])('safeNextPath(%j) = %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(safeNextPath('http://x', '/dashboard/home')).toBe('/dashboard/home');
  });
});
