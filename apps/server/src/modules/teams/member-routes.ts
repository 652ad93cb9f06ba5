import { createRoute } from '@hono/zod-openapi';
import {
  memberAnswer,
  memberPatchBody,
  memberRemovedAnswer,
  membersAnswer,
  pathParam,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { getMembers, removeMember, updateMember } from './members';

const tags = ['teams'];
const teamParams = z.object({ teamUID: pathParam });
const memberParams = teamParams.extend({ uid: pathParam });

/** Team members (roles: README.md in this folder). */
export function memberRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/members',
    tags,
    summary: 'The team’s members, open invitations and seats.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(membersAnswer, 'Members, invitations and seats') },
  });
  openRoute(app, list, async (c) => c.json(await getMembers(database, c.get('scope'))));

  const update = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/members/{uid}',
    tags,
    summary: 'Changes a member’s role or the pipelines they may see.',
    request: { params: memberParams, body: jsonRequest(memberPatchBody) },
    responses: { 200: jsonResponse(memberAnswer, 'The member as they now are') },
  });
  openRoute(app, update, async (c) => {
    const { uid } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await updateMember(database, c.get('scope'), uid, body));
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/members/{uid}',
    tags,
    summary: 'Removes a member from the team.',
    request: { params: memberParams },
    responses: { 200: jsonResponse(memberRemovedAnswer, 'The removed member’s uid') },
  });
  openRoute(app, remove, async (c) => {
    const { uid } = c.req.valid('param');
    return c.json(await removeMember(database, c.get('scope'), uid));
  });

  return app;
}
