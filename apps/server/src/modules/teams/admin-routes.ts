import { createRoute } from '@hono/zod-openapi';
import {
  adminFlagsAnswer,
  adminFlagsBody,
  adminSubscriptionAnswer,
  adminSubscriptionBody,
  adminTeamDetailAnswer,
  adminTeamsAnswer,
  adminTeamsQuery,
  pathParam,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import { requireSuper } from '../../http/require-super';
import type { Services } from '../../services';
import { listTeams, setFlags, setSubscription, teamDetail } from './admin';

const teamParams = z.object({ teamUID: pathParam });
const admin = { tags: ['admin'], middleware: [requireSuper] };

/**
 * Super-admin team endpoints. requireSuper sits on each route (not `use('*')`): this router is
 * mounted at the API root, where a wildcard middleware would cover every other module too.
 */
export function adminTeamRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const teams = createRoute({
    method: 'get',
    path: '/admin/teams',
    ...admin,
    summary: 'Teams by name, id or owner e-mail, newest first (super admins only).',
    request: { query: adminTeamsQuery },
    responses: { 200: jsonResponse(adminTeamsAnswer, 'The first 100 teams found') },
  });
  openRoute(app, teams, async (c) => c.json(await listTeams(database, c.req.valid('query').q)));

  const detail = createRoute({
    method: 'get',
    path: '/admin/teams/{teamUID}',
    ...admin,
    summary: 'A team with its members, open invitations and plan (super admins only).',
    request: { params: teamParams },
    responses: { 200: jsonResponse(adminTeamDetailAnswer, 'The team') },
  });
  openRoute(app, detail, async (c) =>
    c.json(await teamDetail(database, c.req.valid('param').teamUID)),
  );

  const subscription = createRoute({
    method: 'put',
    path: '/admin/teams/{teamUID}/subscription',
    ...admin,
    summary: 'Replaces a team’s subscription (super admins only).',
    request: { params: teamParams, body: jsonRequest(adminSubscriptionBody) },
    responses: { 200: jsonResponse(adminSubscriptionAnswer, 'The subscription as stored') },
  });
  openRoute(app, subscription, async (c) => {
    const body = c.req.valid('json');
    return c.json(await setSubscription(database, c.req.valid('param').teamUID, body));
  });

  const flags = createRoute({
    method: 'put',
    path: '/admin/teams/{teamUID}/flags',
    ...admin,
    summary: 'Replaces a team’s feature flags (super admins only).',
    request: { params: teamParams, body: jsonRequest(adminFlagsBody) },
    responses: { 200: jsonResponse(adminFlagsAnswer, 'The flags as stored') },
  });
  openRoute(app, flags, async (c) => {
    const { flags: set } = c.req.valid('json');
    return c.json(await setFlags(database, c.req.valid('param').teamUID, set));
  });

  return app;
}
