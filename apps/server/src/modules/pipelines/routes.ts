import { colorSchema, httpUrlSchema } from '@leadloom/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

/** docs/api.md "Pipelines, stages, phases, questions". */

const name = (what: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, `Enter a ${what}`)
    .max(max, `Keep the ${what} under ${max + 1} characters`);
const uid = z.string().min(1).max(200);
const url = httpUrlSchema('Facebook group URL', { max: 2000, allowBlank: true }).transform((v) =>
  v === '' ? null : v,
);
const remoteID = z
  .union([z.string().trim().max(200), z.number()])
  .nullable()
  .transform((v) => (v === null || v === '' ? null : String(v)));

const newPipeline = z.strictObject({
  nickName: name('pipeline name'),
  isDefault: z.boolean().optional(),
  fbGroupURL: url.nullable().optional(),
  fbConnected: z.boolean().optional(),
  igConnected: z.boolean().optional(),
  stages: z
    .array(
      z.strictObject({
        name: name('stage name'),
        color: colorSchema.optional(),
        fontColor: colorSchema.optional(),
      }),
    )
    .max(100)
    .optional(),
});

const pipelinePatch = z.strictObject({
  nickName: name('pipeline name').optional(),
  isDefault: z.boolean().optional(),
  fbGroupURL: url.nullable().optional(),
  fbConnected: z.boolean().optional(),
  igConnected: z.boolean().optional(),
  connections: z.array(uid).max(200).optional(),
  questions: z.array(uid).max(1000).optional(),
});

const newStage = z.strictObject({
  name: name('stage name'),
  color: colorSchema.optional(),
  fontColor: colorSchema.optional(),
  description: z.string().max(2000).optional(),
  phase: uid.nullable().optional(),
  remoteID: remoteID.optional(),
});

const stagePatch = newStage.partial();

const orderBody = z.strictObject({ order: z.array(uid).max(1000) });
const moveToQuery = z.object({ moveTo: uid.optional() });

const newPhase = z.strictObject({
  name: name('phase name'),
  color: colorSchema.optional(),
});
const phasePatch = newPhase.partial();

const kind = z.enum(['live', 'test']);
const newQuestion = z.strictObject({
  question: name('question', 1000),
  kind: kind.default('live'),
});
const questionPatch = z.strictObject({
  question: name('question', 1000).optional(),
  kind: kind.optional(),
});
const questionOrder = z.strictObject({ kind, order: z.array(uid).max(1000) });

export function pipelineRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  // Pipelines. (GET /teams/:teamUID/pipelines, the list, is the board module's.)
  app.post('/teams/:teamUID/pipelines', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, newPipeline);
    return c.json(await service.createPipeline(database, scope, body, c.get('write')), 201);
  });

  app.put('/teams/:teamUID/pipelines-order', async (c) => {
    const scope = c.get('scope');
    const { order } = await jsonBody(c, orderBody);
    return c.json(await service.orderPipelines(database, scope, order, c.get('write')));
  });

  app.get('/teams/:teamUID/pipelines/:pipelineUID', async (c) => {
    const scope = c.get('scope');
    return c.json(await service.getPipeline(database, scope, c.req.param('pipelineUID')));
  });

  app.patch('/teams/:teamUID/pipelines/:pipelineUID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, pipelinePatch);
    return c.json(
      await service.updatePipeline(
        database,
        scope,
        c.req.param('pipelineUID'),
        body,
        c.get('write'),
      ),
    );
  });

  app.get('/teams/:teamUID/pipelines/:pipelineUID/delete-impact', async (c) => {
    const scope = c.get('scope');
    return c.json(await service.getDeleteImpact(database, scope, c.req.param('pipelineUID')));
  });

  app.delete('/teams/:teamUID/pipelines/:pipelineUID', async (c) => {
    const scope = c.get('scope');
    return c.json(
      await service.deletePipeline(database, scope, c.req.param('pipelineUID'), c.get('write')),
    );
  });

  // Stages.
  app.post('/teams/:teamUID/pipelines/:pipelineUID/stages', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, newStage);
    const answer = await service.createStage(
      database,
      scope,
      c.req.param('pipelineUID'),
      body,
      c.get('write'),
    );
    return c.json(answer, 201);
  });

  app.put('/teams/:teamUID/pipelines/:pipelineUID/stages-order', async (c) => {
    const scope = c.get('scope');
    const { order } = await jsonBody(c, orderBody);
    return c.json(
      await service.orderStages(database, scope, c.req.param('pipelineUID'), order, c.get('write')),
    );
  });

  app.patch('/teams/:teamUID/pipelines/:pipelineUID/stages/:stageUID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, stagePatch);
    const { pipelineUID, stageUID } = c.req.param();
    return c.json(
      await service.updateStage(database, scope, pipelineUID, stageUID, body, c.get('write')),
    );
  });

  app.delete('/teams/:teamUID/pipelines/:pipelineUID/stages/:stageUID', async (c) => {
    const scope = c.get('scope');
    const { moveTo } = parseWith(moveToQuery, c.req.query());
    const { pipelineUID, stageUID } = c.req.param();
    return c.json(
      await service.deleteStage(database, scope, pipelineUID, stageUID, moveTo, c.get('write')),
    );
  });

  // Phases (team-level).
  app.get('/teams/:teamUID/phases', async (c) => {
    return c.json(await service.getPhases(database, c.get('scope')));
  });

  app.post('/teams/:teamUID/phases', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, newPhase);
    return c.json(await service.createPhase(database, scope, body, c.get('write')), 201);
  });

  app.put('/teams/:teamUID/phases-order', async (c) => {
    const scope = c.get('scope');
    const { order } = await jsonBody(c, orderBody);
    return c.json(await service.orderPhases(database, scope, order, c.get('write')));
  });

  app.patch('/teams/:teamUID/phases/:phaseUID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, phasePatch);
    return c.json(
      await service.updatePhase(database, scope, c.req.param('phaseUID'), body, c.get('write')),
    );
  });

  app.delete('/teams/:teamUID/phases/:phaseUID', async (c) => {
    const scope = c.get('scope');
    return c.json(
      await service.deletePhase(database, scope, c.req.param('phaseUID'), c.get('write')),
    );
  });

  // Team questions (SPEC §3 Team questions, testQuestions).
  app.get('/teams/:teamUID/questions', async (c) => {
    return c.json(await service.getQuestions(database, c.get('scope')));
  });

  app.post('/teams/:teamUID/questions', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, newQuestion);
    return c.json(await service.createQuestion(database, scope, body, c.get('write')), 201);
  });

  app.put('/teams/:teamUID/questions-order', async (c) => {
    const scope = c.get('scope');
    const { kind: k, order } = await jsonBody(c, questionOrder);
    return c.json(await service.orderQuestions(database, scope, k, order, c.get('write')));
  });

  app.patch('/teams/:teamUID/questions/:questionUID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, questionPatch);
    return c.json(
      await service.updateQuestion(
        database,
        scope,
        c.req.param('questionUID'),
        body,
        c.get('write'),
      ),
    );
  });

  app.delete('/teams/:teamUID/questions/:questionUID', async (c) => {
    const scope = c.get('scope');
    return c.json(
      await service.deleteQuestion(database, scope, c.req.param('questionUID'), c.get('write')),
    );
  });

  return app;
}
