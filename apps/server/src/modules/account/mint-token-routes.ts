import { createRoute } from '@hono/zod-openapi';
import {
  errorBodySchema,
  MINT_TOKEN_FAILURE_MESSAGE,
  mintTokenAnswer,
  mintTokenBody,
} from '@leadloom/core';
import { systemScope } from '../../db/scope';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import { ApiError } from '../../http/errors';
import type { Services } from '../../services';
import { teamScopeFor } from '../../scope/team-scope';
import { profileExtras, shardOf } from './repo';

const scope = systemScope('mint team token');

/** The team token lives as long as an identity token (DESIGN §4). */
const TEAM_TOKEN_SECONDS = 15 * 60;

/**
 * A JWT for one team on its shard (`aud` = shard, SPEC §6). Every reason it cannot be made
 * (bad token, other user, not a member, unknown team) is one 401 with the spec's text, so the
 * answer tells a prober nothing about which teams exist.
 */
export async function mintTeamToken(services: Services, raw: unknown): Promise<string> {
  const body = mintTokenBody.safeParse(raw);
  if (!body.success) throw mintFailure();
  const identity = await services.verifyToken(body.data.token);
  if (!identity || identity.uid !== body.data.uid) throw mintFailure();
  const teamUID =
    body.data.teamUID ??
    (await profileExtras(scope, services.database.db, identity.uid)).currentTeamUID;
  if (!teamUID) throw mintFailure();
  try {
    await teamScopeFor(services.database, identity.uid, teamUID);
  } catch {
    throw mintFailure();
  }
  const shard = await shardOf(scope, services.database.db, teamUID);
  if (!shard) throw mintFailure();
  const { token } = await services.auth.api.signJWT({
    body: {
      payload: {
        sub: identity.uid,
        teamUID,
        aud: shard,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + TEAM_TOKEN_SECONDS,
      },
    },
  });
  return token;
}

const mintFailure = () => new ApiError('unauthenticated', MINT_TOKEN_FAILURE_MESSAGE);

/** Public route: the identity token travels in the body (SPEC §6 "token-mint call"). */
export function mintTokenRoutes(services: Services) {
  const app = contractRouter();
  const mint = createRoute({
    method: 'post',
    path: '/v2-auth-mintAuthToken',
    tags: ['account'],
    security: [],
    summary: 'A token for one team on its shard, from an identity token in the body.',
    request: { body: jsonRequest(mintTokenBody) },
    responses: {
      200: jsonResponse(mintTokenAnswer, 'The team token'),
      401: jsonResponse(errorBodySchema, 'The token cannot be made, whatever the reason'),
    },
  });
  // Any body that is not a good one (malformed, off the schema) is the one 401, never a 400.
  documentRoute(app, mint);
  const { request: _request, ...mintAnswered } = mint;
  openRoute(app, { ...mintAnswered, hide: true }, async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    return c.json({ data: { token: await mintTeamToken(services, raw) } });
  });
  return app;
}
