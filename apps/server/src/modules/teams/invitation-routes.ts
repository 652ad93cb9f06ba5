import { createRoute } from '@hono/zod-openapi';
import {
  invitationAcceptBody,
  invitationAcceptedAnswer,
  invitationCreateBody,
  invitationCreatedAnswer,
  invitationDetailsAnswer,
  invitationRevokedAnswer,
  pathParam,
} from '@leadloom/core';
import { z } from 'zod';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import { ApiError } from '../../http/errors';
import { parseWith } from '../../http/validate';
import type { Services } from '../../services';
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  revokeInvitation,
} from './invitations';

const tags = ['invitations'];
const codeParams = z.object({ inviteCode: pathParam });
const teamParams = z.object({ teamUID: pathParam });

/** The team's side of invitations: owners and admins invite and revoke. */
export function teamInvitationRoutes(services: Services) {
  const app = contractRouter();

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/invitations',
    tags,
    summary: 'Invites an e-mail address as admin or member, and mails the link (owners, admins).',
    request: { params: teamParams, body: jsonRequest(invitationCreateBody) },
    responses: { 201: jsonResponse(invitationCreatedAnswer, 'The invitation, with its code') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    return c.json(await createInvitation(services, c.get('scope'), body), 201);
  });

  const revoke = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/invitations/{inviteCode}',
    tags,
    summary: 'Revokes an open invitation: its link stops working (owners, admins).',
    request: { params: teamParams.extend({ inviteCode: pathParam }) },
    responses: { 200: jsonResponse(invitationRevokedAnswer, 'The code revoked') },
  });
  openRoute(app, revoke, async (c) => {
    const { inviteCode } = c.req.valid('param');
    return c.json(await revokeInvitation(services, c.get('scope'), inviteCode));
  });

  return app;
}

/** The public side of invitations: the e-mailed link works before the invitee has an account. */
export function invitationRoutes(services: Services) {
  const app = contractRouter();

  const describe = createRoute({
    method: 'get',
    path: '/invitations/{inviteCode}',
    tags,
    security: [],
    summary: 'What the invitation page shows: the team, the inviter, the role and its state.',
    request: { params: codeParams },
    responses: { 200: jsonResponse(invitationDetailsAnswer, 'The invitation') },
  });
  openRoute(app, describe, async (c) =>
    c.json(await describeInvitation(services, c.req.valid('param').inviteCode)),
  );

  // The body may be empty (no name to give), so this route reads it itself.
  const accept = createRoute({
    method: 'post',
    path: '/invitations/{inviteCode}/accept',
    tags,
    security: [{}, { identityToken: [] }],
    summary:
      'Joins the team. Signed in (a Bearer token), as that user; else as a new account for the ' +
      'invited e-mail, signed in by a session cookie.',
    request: {
      params: codeParams,
      body: {
        required: false,
        description: 'Optional: the new account’s name (else the e-mail’s local part).',
        content: { 'application/json': { schema: invitationAcceptBody } },
      },
    },
    responses: { 200: jsonResponse(invitationAcceptedAnswer, 'Who joined which team') },
  });
  documentRoute(app, accept);
  const { request: _request, ...acceptAnswered } = accept;
  openRoute(app, { ...acceptAnswered, request: { params: codeParams }, hide: true }, async (c) => {
    const text = await c.req.text();
    let raw: unknown = {};
    try {
      if (text.trim()) raw = JSON.parse(text);
    } catch {
      throw new ApiError('invalid-argument', 'The request body must be JSON.');
    }
    const body = parseWith(invitationAcceptBody, raw);
    // Optional sign-in: a Bearer token must be valid, and then it decides who joins.
    const header = c.req.header('authorization');
    let caller: { uid: string } | null = null;
    if (header) {
      const match = /^Bearer\s+(.+)$/i.exec(header);
      const identity = match ? await services.verifyToken(match[1]!.trim()) : null;
      if (!identity) throw new ApiError('unauthenticated', 'Unauthorized: Invalid token');
      caller = { uid: identity.uid };
    }
    const { inviteCode } = c.req.valid('param');
    const result = await acceptInvitation(services, inviteCode, caller, body);
    const res = c.json({ uid: result.uid, teamUID: result.teamUID, created: result.created });
    for (const cookie of result.headers?.getSetCookie() ?? [])
      res.headers.append('set-cookie', cookie);
    return res;
  });

  return app;
}
