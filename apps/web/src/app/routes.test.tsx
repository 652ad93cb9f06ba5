import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoute, NOT_FOUND_ROUTE, ROUTES } from '@leadloom/core';
import { buildRoutes } from './routes';
import { SCREENS } from './screens';
import type { RouteHandle } from './titles';

const tree = buildRoutes();

/** Route ids from the root to the page that `path` opens. */
function chain(path: string): string[] {
  return (matchRoutes(tree, path) ?? []).map((match) => match.route.id ?? '?');
}

function leaf(path: string) {
  const match = matchRoutes(tree, path)?.at(-1);
  return { route: (match?.route.handle as RouteHandle).route, params: match?.params ?? {} };
}

describe('route tree', () => {
  it('holds every route of the table', () => {
    for (const route of ROUTES) {
      const example = route.path.replace(/\/:\w+\?/g, '').replace(/:(\w+)/g, 'x-$1');
      expect(leaf(example).route.path, example).toBe(route.path);
    }
  });

  it('only names built screens that exist in the table', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    for (const path of Object.keys(SCREENS)) expect(paths, path).toContain(path);
  });

  it('puts app screens inside the guard and the main layout', () => {
    expect(chain('/contacts/pipeline/p1/s1')).toEqual([
      'root',
      'auth',
      'layout',
      '/contacts/pipeline/:pipelineID?/:stageUID?',
    ]);
    expect(chain('/')).toEqual(['root', 'auth', 'layout', '/']);
  });

  it('renders bare routes outside the layout, guarded only when they need a user', () => {
    expect(chain('/queue/facebook')).toEqual(['root', 'auth', '/queue/:platform']);
    expect(chain('/login/invite/abc')).toEqual(['root', '/login/:action?/:inviteCode?']);
    expect(chain('/secret-login')).toEqual(['root', '/secret-login/:action?/:inviteCode?']);
    expect(chain('/maintenance')).toEqual(['root', '/maintenance']);
  });

  it('sends any other path to the 404 page', () => {
    expect(chain('/no/such/page')).toEqual(['root', 'optional-layout', 'not-found']);
    expect(chain('/contacts/pipeline/a/b/c')).toEqual(['root', 'optional-layout', 'not-found']);
  });

  it("agrees with core's route matching (used for titles)", () => {
    const paths = ['/', '/contact/g1/notes/p1', '/queue/facebook', '/setup/pipelines-order'];
    for (const path of [...paths, '/setup/pipelines/p/stages/s/extra', '/nope']) {
      const route = matchRoutes(tree, path)?.at(-1)?.route.handle as RouteHandle;
      const core = matchRoute(path);
      expect(route.route.path, path).toBe(core.path);
    }
    expect(matchRoute('/nope')).toBe(NOT_FOUND_ROUTE);
  });
});
