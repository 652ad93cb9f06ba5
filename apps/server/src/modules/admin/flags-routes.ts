import { createRoute } from '@hono/zod-openapi';
import { flagOverviewAnswer } from '@leadloom/core';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { flagOverview } from './flags';

/** GET /api/admin/flags — the feature flags of every team (super only; others get 404). */
export function adminFlagRoutes(services: Services) {
  const app = contractRouter();
  const overview = createRoute({
    method: 'get',
    path: '/admin/flags',
    tags: ['admin'],
    summary: 'Every feature flag and the teams that have it set (super admins only).',
    middleware: [requireSuper],
    responses: { 200: jsonResponse(flagOverviewAnswer, 'The flags') },
  });
  openRoute(app, overview, async (c) => c.json({ flags: await flagOverview(services) }));
  return app;
}
