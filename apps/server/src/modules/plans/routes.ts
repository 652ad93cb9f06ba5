import { createRoute } from '@hono/zod-openapi';
import { billingAnswer, pathParam, validationInfoAnswer } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { membersIncomplete, requestMemberSync } from '../member-sync/service';
import { getBilling, getValidationInfo } from './service';

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

  const validation = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/validation-info',
    tags,
    summary: 'What the app’s load step checks: members, contact count, pipelines, subscription.',
    request: { params: teamParams },
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
