import { createRoute } from '@hono/zod-openapi';
import { answersAnswer, pathParam, replaceAnswersBody } from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { replaceAnswers } from './service';

/** A contact's answers to the team's questions, per pipeline (docs/api.md "Contacts"). */
export function answerRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const replace = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/contacts/{GTID}/pipelines/{groupUID}/answers',
    tags: ['contacts'],
    summary: "Replaces the answers on the contact's card in a pipeline.",
    request: {
      params: z.object({ teamUID: pathParam, GTID: pathParam, groupUID: pathParam }),
      body: jsonRequest(replaceAnswersBody),
    },
    responses: { 200: jsonResponse(answersAnswer, 'The answers as they now are') },
  });
  openRoute(app, replace, async (c) => {
    const { answers } = c.req.valid('json');
    const { GTID, groupUID: pipelineUID } = c.req.valid('param');
    const opts = c.get('write');
    return c.json(await replaceAnswers(database, c.get('scope'), GTID, pipelineUID, answers, opts));
  });

  return app;
}
