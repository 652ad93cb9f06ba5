import { describe, expect, it } from 'vitest';
import { matchRoute, matchRouteWithParams } from './route-matching';
import { NOT_FOUND_ROUTE, ROUTES } from './routes';

describe('matchRoute', () => {
  it.each([
    ['/', '/'],
    ['/contacts/pipeline', '/contacts/pipeline/:pipelineID?/:stageUID?'],
    ['/contacts/pipeline/p1/s1', '/contacts/pipeline/:pipelineID?/:stageUID?'],
    ['/contacts/table/p1', '/contacts/table/:pipelineID?'],
    ['/contact/bold-fox-1700000000', '/contact/:GTID/:tab?/:pipelineID?'],
    ['/contact/bold-fox-1/notes/p1', '/contact/:GTID/:tab?/:pipelineID?'],
    ['/members/profile/g1', '/members/profile/:GTID'],
    ['/dashboard/home', '/dashboard/home'],
    ['/dashboard/new-kpi', '/dashboard/new-kpi'],
    ['/messages', '/messages/:tab?/:platform?'],
    ['/admin/users', '/admin/:tab?'],
    ['/setup/tasks', '/setup/tasks'],
    ['/setup/queue/facebook', '/setup/queue/:platform?'],
    ['/setup/pipelines-order', '/setup/pipelines-order'],
    ['/setup/pipelines/p1/stages/s1', '/setup/pipelines/:pipelineID?/:tab?/:stageUID?'],
    ['/profile/billing', '/profile/:tab?/:version?'],
    ['/bex/offscreen', '/bex/offscreen'],
    ['/login/invite/abc', '/login/:action?/:inviteCode?'],
    ['/secret-login', '/secret-login/:action?/:inviteCode?'],
    ['/queue/instagram', '/queue/:platform'],
    ['/password-reset', '/password-reset'],
    ['/maintenance', '/maintenance'],
    ['/Tasks', '/tasks'],
    ['/tasks/', '/tasks'],
    ['/tasks?x=1#top', '/tasks'],
  ])('%s → %s', (pathname, pattern) => {
    expect(matchRoute(pathname).path).toBe(pattern);
  });

  it.each(['/nope', '/queue', '/tasks/extra', '/contact', '/contacts/table/a/b', '/dashboard'])(
    '%s is the 404 route',
    (pathname) => {
      expect(matchRoute(pathname)).toBe(NOT_FOUND_ROUTE);
    },
  );

  it('reads params, decoded, leaving out absent optional ones', () => {
    expect(matchRouteWithParams('/contact/g%201/notes').params).toEqual({
      GTID: 'g 1',
      tab: 'notes',
    });
    expect(matchRouteWithParams('/contacts/pipeline').params).toEqual({});
    expect(matchRouteWithParams('/queue/%E0%A4%A').params).toEqual({ platform: '%E0%A4%A' });
  });

  it('matches every route of the table by a sample of its own pattern, and only that route', () => {
    for (const route of ROUTES) {
      const sample = route.path.replace(/\/:[^/]+/g, (part) => (part.endsWith('?') ? '' : '/x'));
      expect(matchRoute(sample)).toBe(route);
      const full = route.path.replace(/:([^/?]+)\??/g, 'x');
      expect(matchRoute(full)).toBe(route);
    }
  });
});
