import { createRoute } from '@hono/zod-openapi';
import { pathParam, teamDataAnswer } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { getTeamData } from './service';

export function bootRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();
  const teamData = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/team-data',
    tags: ['teams'],
    summary: 'The "full" half of the app’s boot: labels, global tag sets, pipelines, phases.',
    request: { params: z.object({ teamUID: pathParam }) },
    responses: { 200: jsonResponse(teamDataAnswer, 'The team data') },
  });
  openRoute(app, teamData, async (c) => c.json(await getTeamData(database, c.get('scope'))));
  return app;
}
