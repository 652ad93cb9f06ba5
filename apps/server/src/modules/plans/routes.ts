import { createRoute } from '@hono/zod-openapi';
import { billingAnswer, pathParam } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { getBilling } from './service';

const tags = ['teams'];
const teamParams = z.object({ teamUID: pathParam });

export function planRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const billing = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/billing',
    tags,
    summary: 'The team’s plan, limits, usage, features and flags (owners and admins).',
    request: { params: teamParams },
    responses: { 200: jsonResponse(billingAnswer, 'The plan') },
  });
  openRoute(app, billing, async (c) => c.json(await getBilling(database, c.get('scope'))));

  return app;
}
