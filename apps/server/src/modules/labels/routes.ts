import { createRoute } from '@hono/zod-openapi';
import {
  createStatusLabelBody,
  labelAnswer,
  labelDeletedAnswer,
  labelsAnswer,
  labelUID,
  orderStatusLabelsBody,
  pathParam,
  patchStatusLabelBody,
} from '@leadloom/core';
import { z } from 'zod';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const tags = ['status labels'];
const teamParams = z.object({ teamUID: pathParam });
const labelParams = teamParams.extend({ labelUID: pathParam });

/** Status labels (SPEC §3 "message status options"): members read, owners and admins write. */
export function labelRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/status-labels',
    tags,
    summary: "The team's status labels, in order.",
    request: { params: teamParams },
    responses: { 200: jsonResponse(labelsAnswer, 'The labels') },
  });
  openRoute(app, list, async (c) =>
    c.json({ statusLabels: await service.listStatusLabels(database, c.get('scope')) }),
  );

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/status-labels',
    tags,
    summary: 'Adds a status label (owners and admins).',
    request: { params: teamParams, body: jsonRequest(createStatusLabelBody) },
    responses: { 201: jsonResponse(labelAnswer, 'The new label') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const label = await service.createStatusLabel(database, c.get('scope'), body, c.get('write'));
    return c.json({ statusLabel: label }, 201);
  });

  // The id is checked before the body, as it always was: this route reads both itself.
  const patch = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/status-labels/{labelUID}',
    tags,
    summary: "Changes a label's text or colour (owners and admins).",
    request: { params: labelParams, body: jsonRequest(patchStatusLabelBody) },
    responses: { 200: jsonResponse(labelAnswer, 'The label as it now is') },
  });
  documentRoute(app, patch);
  const { request: _request, ...patchAnswered } = patch;
  openRoute(app, { ...patchAnswered, hide: true }, async (c) => {
    const uid = parseWith(labelUID, c.req.param('labelUID'));
    const body = await jsonBody(c, patchStatusLabelBody);
    const scope = c.get('scope');
    const label = await service.updateStatusLabel(database, scope, uid, body, c.get('write'));
    return c.json({ statusLabel: label });
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/status-labels/{labelUID}',
    tags,
    summary: 'Deletes a label; the contacts that had it have none (owners and admins).',
    request: { params: labelParams },
    responses: { 200: jsonResponse(labelDeletedAnswer, 'The label is gone') },
  });
  openRoute(app, remove, async (c) => {
    const uid = parseWith(labelUID, c.req.valid('param').labelUID);
    return c.json(await service.deleteStatusLabel(database, c.get('scope'), uid, c.get('write')));
  });

  const order = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/status-labels-order',
    tags,
    summary: 'Puts the labels in the order given (owners and admins).',
    request: { params: teamParams, body: jsonRequest(orderStatusLabelsBody) },
    responses: { 200: jsonResponse(labelsAnswer, 'The labels, in their new order') },
  });
  openRoute(app, order, async (c) => {
    const { order: uids } = c.req.valid('json');
    const scope = c.get('scope');
    return c.json({
      statusLabels: await service.orderStatusLabels(database, scope, uids, c.get('write')),
    });
  });

  return app;
}
