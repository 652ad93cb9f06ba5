import { createRoute } from '@hono/zod-openapi';
import { homeDashboardAnswer, pathParam } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { homeDashboard } from './service';

/** The dashboards (docs/api.md "Dashboards"). */
export function dashboardRoutes(services: Services) {
  const app = contractRouter();
  const home = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/dashboard/home',
    tags: ['kpis'],
    summary: 'The caller’s day: tasks due, this week’s work, streak, announcements, videos.',
    request: { params: z.object({ teamUID: pathParam }) },
    responses: { 200: jsonResponse(homeDashboardAnswer, 'The home dashboard') },
  });
  openRoute(app, home, async (c) =>
    c.json(await homeDashboard(services, c.get('scope'), services.clock.now)),
  );
  return app;
}
