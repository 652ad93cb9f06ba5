import { createRoute } from '@hono/zod-openapi';
import { pathParam, teamDataAnswer, validationInfoAnswer } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { membersIncomplete, requestMemberSync } from '../member-sync/service';
import { getTeamData, getValidationInfo } from './service';

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
  const validation = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/validation-info',
    tags: ['teams'],
    summary: 'What the app’s load step checks: members, contact count, pipelines, subscription.',
    request: { params: z.object({ teamUID: pathParam }) },
    responses: { 200: jsonResponse(validationInfoAnswer, 'The validation info') },
  });
  openRoute(app, validation, async (c) => {
    const scope = c.get('scope');
    const info = await getValidationInfo(database, scope);
    // SPEC §7: a missing members list starts a member-data sync; the answer is not held up.
    if (membersIncomplete(info.members)) await requestMemberSync(services, scope.teamUID);
    return c.json(info);
  });

  return app;
}
