import { createRoute } from '@hono/zod-openapi';
import {
  createDealBody,
  dealAnswer,
  dealDeletedAnswer,
  editDealBody,
  pathParam,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { createDeal, deleteDeal, editDeal } from './service';

const tags = ['deals'];
const dealParams = z.object({ teamUID: pathParam, GTID: pathParam, dealUID: pathParam });

/** Deals of a contact in a pipeline (docs/api.md "Contacts"). */
export function dealRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/contacts/{GTID}/pipelines/{groupUID}/deals',
    tags,
    summary: "Adds a deal to the contact's card in a pipeline.",
    request: {
      params: z.object({ teamUID: pathParam, GTID: pathParam, groupUID: pathParam }),
      body: jsonRequest(createDealBody),
    },
    responses: { 201: jsonResponse(dealAnswer, 'The new deal') },
  });
  openRoute(app, create, async (c) => {
    const { GTID, groupUID: pipelineUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const opts = c.get('write');
    return c.json(await createDeal(database, c.get('scope'), GTID, pipelineUID, body, opts), 201);
  });

  const edit = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/contacts/{GTID}/deals/{dealUID}',
    tags,
    summary: 'Changes a deal (name, value, currency or status).',
    request: { params: dealParams, body: jsonRequest(editDealBody) },
    responses: { 200: jsonResponse(dealAnswer, 'The deal as it now is') },
  });
  openRoute(app, edit, async (c) => {
    const { GTID, dealUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const opts = c.get('write');
    return c.json(await editDeal(database, c.get('scope'), GTID, dealUID, change, opts));
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/contacts/{GTID}/deals/{dealUID}',
    tags,
    summary: 'Deletes a deal.',
    request: { params: dealParams },
    responses: { 200: jsonResponse(dealDeletedAnswer, 'The deal is gone') },
  });
  openRoute(app, remove, async (c) => {
    const { GTID, dealUID } = c.req.valid('param');
    return c.json(await deleteDeal(database, c.get('scope'), GTID, dealUID, c.get('write')));
  });

  return app;
}
