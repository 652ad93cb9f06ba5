import { describe, expect, it } from 'vitest';
import { ROUTES } from '@leadloom/core';
import { matchRoutes } from 'react-router';
import { hasScreen } from '../screens';
import { isActivePath, MAIN_NAV, PROFILE_NAV, SETUP_NAV } from './navigation';

describe('navigation', () => {
  it('marks sub-paths active but not look-alike siblings', () => {
    expect(isActivePath('/setup/pipelines', '/setup/pipelines')).toBe(true);
    expect(isActivePath('/setup/pipelines/abc/stages', '/setup/pipelines')).toBe(true);
    expect(isActivePath('/setup/pipelines-order', '/setup/pipelines')).toBe(false);
  });

  it('links only to routes that exist', () => {
    const routes = ROUTES.map((route) => ({ path: route.path }));
    for (const item of [...MAIN_NAV, ...SETUP_NAV.items, PROFILE_NAV]) {
      expect(matchRoutes(routes, item.to), item.to).not.toBeNull();
    }
  });

  it('knows which items open a built screen and which are still to come', () => {
    expect(hasScreen('/contacts/pipeline')).toBe(true);
    expect(hasScreen('/setup/tags')).toBe(true);
    expect(hasScreen('/workflows')).toBe(true);
    expect(hasScreen('/workflows/wf-1')).toBe(true);
    // Not built yet: the navigation shows these with a "Soon" badge instead of a link.
    expect(hasScreen('/setup/connections')).toBe(false);
  });
});
