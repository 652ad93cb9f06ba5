import { createRoute } from '@hono/zod-openapi';
import {
  connectionAnswer,
  connectionCreateBody,
  connectionDeletedAnswer,
  connectionPatchBody,
  connectionsAnswer,
  pathParam,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import * as service from './service';

/** docs/api.md "Connections, minimum". */

const tags = ['connections'];
const teamParams = z.object({ teamUID: pathParam });
const connectionParams = teamParams.extend({ connectionUID: pathParam });

export function connectionRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/connections',
    tags,
    summary: 'The team’s connections.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(connectionsAnswer, 'The connections') },
  });
  openRoute(app, list, async (c) =>
    c.json(await service.listConnections(database, c.get('scope'))),
  );

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/connections',
    tags,
    summary: 'Adds a connection.',
    request: { params: teamParams, body: jsonRequest(connectionCreateBody) },
    responses: { 201: jsonResponse(connectionAnswer, 'The new connection') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const answer = await service.createConnection(database, c.get('scope'), body, c.get('write'));
    return c.json(answer, 201);
  });

  const update = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/connections/{connectionUID}',
    tags,
    summary: 'Changes a connection, its pipelines or its tag sets.',
    request: { params: connectionParams, body: jsonRequest(connectionPatchBody) },
    responses: { 200: jsonResponse(connectionAnswer, 'The connection as it now is') },
  });
  openRoute(app, update, async (c) => {
    const { connectionUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(
      await service.updateConnection(database, scope, connectionUID, body, c.get('write')),
    );
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/connections/{connectionUID}',
    tags,
    summary: 'Deletes a connection.',
    request: { params: connectionParams },
    responses: { 200: jsonResponse(connectionDeletedAnswer, 'Deleted') },
  });
  openRoute(app, remove, async (c) => {
    const { connectionUID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(await service.deleteConnection(database, scope, connectionUID, c.get('write')));
  });

  return app;
}
