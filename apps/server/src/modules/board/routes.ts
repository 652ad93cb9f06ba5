import { createRoute } from '@hono/zod-openapi';
import {
  boardPageQuery,
  boardAnswerSchema,
  contactPageAnswerSchema,
  pathParam,
  pipelineSummariesAnswer,
  stageDeletedAnswer,
  stageDeleteQuery,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { getPipelines } from '../pipelines/read';
import { getBoardJson, getStagePage } from './service';
import { deleteStage } from './stage-delete';

const tags = ['pipelines'];
const teamParams = z.object({ teamUID: pathParam });
const pipelineParams = teamParams.extend({ pipelineUID: pathParam });
const stageParams = pipelineParams.extend({ stageUID: pathParam });

/**
 * The pipeline list, the board, a stage's further pages and a stage's deletion (its cards move
 * first, which is the board's to do). The board is the app's most read
 * answer: its JSON text comes from the database as it is sent (repo.boardJson); the check of
 * the answer against its schema runs under test only.
 */
export function boardRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/pipelines',
    tags,
    summary: 'The pipelines the caller sees, in order, with their contact counts.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(pipelineSummariesAnswer, 'The pipelines') },
  });
  openRoute(app, list, async (c) => c.json(await getPipelines(database, c.get('scope'))));

  const board = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/board',
    tags,
    summary: 'A pipeline’s board: its stages with counts, deal totals and first page of cards.',
    request: { params: pipelineParams, query: boardPageQuery },
    responses: { 200: jsonResponse(boardAnswerSchema, 'The board') },
  });
  openRoute(app, board, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    const body = await getBoardJson(database, c.get('scope'), pipelineUID, limit);
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  const stagePage = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/stages/{stageUID}/contacts',
    tags,
    summary: 'A further page of a stage’s cards, after the cursor.',
    request: { params: stageParams, query: boardPageQuery },
    responses: { 200: jsonResponse(contactPageAnswerSchema, 'The page and the next cursor') },
  });
  openRoute(app, stagePage, async (c) => {
    const { pipelineUID, stageUID } = c.req.valid('param');
    const { limit, cursor } = c.req.valid('query');
    const scope = c.get('scope');
    return c.json(await getStagePage(database, scope, pipelineUID, stageUID, cursor, limit));
  });

  const stageDelete = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/stages/{stageUID}',
    tags,
    summary: 'Deletes a stage; its contacts move to `moveTo` (default: the placeholder stage).',
    request: { params: stageParams, query: stageDeleteQuery },
    responses: { 200: jsonResponse(stageDeletedAnswer, 'How many contacts moved') },
  });
  openRoute(app, stageDelete, async (c) => {
    const { pipelineUID, stageUID } = c.req.valid('param');
    const { moveTo } = c.req.valid('query');
    const scope = c.get('scope');
    const write = c.get('write');
    return c.json(await deleteStage(database, scope, pipelineUID, stageUID, moveTo, write));
  });

  return app;
}
