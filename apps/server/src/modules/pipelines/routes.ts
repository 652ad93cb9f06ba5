import { createRoute } from '@hono/zod-openapi';
import {
  deleteImpactSchema,
  pathParam,
  phaseAnswer,
  phaseCreateBody,
  phasePatchBody,
  phasesAnswer,
  pipelineCreateBody,
  pipelineDeletedAnswer,
  pipelineDetailAnswer,
  pipelinePatchBody,
  pipelineSummariesAnswer,
  questionAnswer,
  questionCreateBody,
  questionListsAnswer,
  questionPatchBody,
  questionsOrderBody,
  setupDeletedAnswer,
  setupOrderBody,
  stageAnswer,
  stageCreateBody,
  stagePatchBody,
  stagesAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import * as phases from './phases';
import * as questions from './questions';
import * as service from './service';
import * as stages from './stages';

/** docs/api.md "Pipelines, stages, phases, questions". */

const tags = ['pipelines'];
const teamParams = z.object({ teamUID: pathParam });
const pipelineParams = teamParams.extend({ pipelineUID: pathParam });
const stageParams = pipelineParams.extend({ stageUID: pathParam });
const phaseParams = teamParams.extend({ phaseUID: pathParam });
const questionParams = teamParams.extend({ questionUID: pathParam });

export function pipelineRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  // Pipelines. (GET /teams/{teamUID}/pipelines, the list, is the board module's.)
  const createPipeline = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/pipelines',
    tags,
    summary: 'Adds a pipeline with its placeholder stage and the given stages.',
    request: { params: teamParams, body: jsonRequest(pipelineCreateBody) },
    responses: { 201: jsonResponse(pipelineDetailAnswer, 'The new pipeline with its stages') },
  });
  openRoute(app, createPipeline, async (c) => {
    const body = c.req.valid('json');
    const answer = await service.createPipeline(database, c.get('scope'), body, c.get('write'));
    return c.json(answer, 201);
  });

  const orderPipelines = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/pipelines-order',
    tags,
    summary: 'Puts the team’s pipelines in the given order (every one, once).',
    request: { params: teamParams, body: jsonRequest(setupOrderBody) },
    responses: { 200: jsonResponse(pipelineSummariesAnswer, 'The pipelines in their new order') },
  });
  openRoute(app, orderPipelines, async (c) => {
    const { order } = c.req.valid('json');
    return c.json(await service.orderPipelines(database, c.get('scope'), order, c.get('write')));
  });

  const getPipeline = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}',
    tags,
    summary: 'A pipeline’s setup with its stages.',
    request: { params: pipelineParams },
    responses: { 200: jsonResponse(pipelineDetailAnswer, 'The pipeline with its stages') },
  });
  openRoute(app, getPipeline, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    return c.json(await service.getPipeline(database, c.get('scope'), pipelineUID));
  });

  const updatePipeline = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}',
    tags,
    summary: 'Renames a pipeline, makes it the default, or sets its connections and questions.',
    request: { params: pipelineParams, body: jsonRequest(pipelinePatchBody) },
    responses: { 200: jsonResponse(pipelineDetailAnswer, 'The pipeline as it now is') },
  });
  openRoute(app, updatePipeline, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await service.updatePipeline(database, scope, pipelineUID, body, c.get('write')));
  });

  const deleteImpact = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/delete-impact',
    tags,
    summary: 'What deleting the pipeline would remove.',
    request: { params: pipelineParams },
    responses: { 200: jsonResponse(deleteImpactSchema, 'Stages, contacts, tag sets and deals') },
  });
  openRoute(app, deleteImpact, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    return c.json(await service.getDeleteImpact(database, c.get('scope'), pipelineUID));
  });

  const deletePipeline = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}',
    tags,
    summary: 'Deletes a pipeline with its stages, placements, tag sets and deals.',
    request: { params: pipelineParams },
    responses: { 200: jsonResponse(pipelineDeletedAnswer, 'What went with it') },
  });
  openRoute(app, deletePipeline, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(await service.deletePipeline(database, scope, pipelineUID, c.get('write')));
  });

  // Stages.
  const createStage = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/stages',
    tags,
    summary: 'Adds a stage at the end of a pipeline.',
    request: { params: pipelineParams, body: jsonRequest(stageCreateBody) },
    responses: { 201: jsonResponse(stageAnswer, 'The new stage') },
  });
  openRoute(app, createStage, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const answer = await stages.createStage(database, scope, pipelineUID, body, c.get('write'));
    return c.json(answer, 201);
  });

  const orderStages = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/stages-order',
    tags,
    summary: 'Puts a pipeline’s stages (all but the placeholder) in the given order.',
    request: { params: pipelineParams, body: jsonRequest(setupOrderBody) },
    responses: { 200: jsonResponse(stagesAnswer, 'The stages in their new order') },
  });
  openRoute(app, orderStages, async (c) => {
    const { pipelineUID } = c.req.valid('param');
    const { order } = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await stages.orderStages(database, scope, pipelineUID, order, c.get('write')));
  });

  const updateStage = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/pipelines/{pipelineUID}/stages/{stageUID}',
    tags,
    summary: 'Changes a stage (the placeholder stage only its description).',
    request: { params: stageParams, body: jsonRequest(stagePatchBody) },
    responses: { 200: jsonResponse(stageAnswer, 'The stage as it now is') },
  });
  openRoute(app, updateStage, async (c) => {
    const { pipelineUID, stageUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const write = c.get('write');
    return c.json(await stages.updateStage(database, scope, pipelineUID, stageUID, body, write));
  });

  // Phases (team-level).
  const listPhases = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/phases',
    tags,
    summary: 'The team’s phases, in order.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(phasesAnswer, 'The phases') },
  });
  openRoute(app, listPhases, async (c) => c.json(await phases.getPhases(database, c.get('scope'))));

  const createPhase = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/phases',
    tags,
    summary: 'Adds a phase.',
    request: { params: teamParams, body: jsonRequest(phaseCreateBody) },
    responses: { 201: jsonResponse(phaseAnswer, 'The new phase') },
  });
  openRoute(app, createPhase, async (c) => {
    const body = c.req.valid('json');
    const answer = await phases.createPhase(database, c.get('scope'), body, c.get('write'));
    return c.json(answer, 201);
  });

  const orderPhases = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/phases-order',
    tags,
    summary: 'Puts the team’s phases in the given order (every one, once).',
    request: { params: teamParams, body: jsonRequest(setupOrderBody) },
    responses: { 200: jsonResponse(phasesAnswer, 'The phases in their new order') },
  });
  openRoute(app, orderPhases, async (c) => {
    const { order } = c.req.valid('json');
    return c.json(await phases.orderPhases(database, c.get('scope'), order, c.get('write')));
  });

  const updatePhase = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/phases/{phaseUID}',
    tags,
    summary: 'Renames or recolours a phase.',
    request: { params: phaseParams, body: jsonRequest(phasePatchBody) },
    responses: { 200: jsonResponse(phaseAnswer, 'The phase as it now is') },
  });
  openRoute(app, updatePhase, async (c) => {
    const { phaseUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await phases.updatePhase(database, scope, phaseUID, body, c.get('write')));
  });

  const deletePhase = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/phases/{phaseUID}',
    tags,
    summary: 'Deletes a phase; its stages keep no phase.',
    request: { params: phaseParams },
    responses: { 200: jsonResponse(setupDeletedAnswer, 'Deleted') },
  });
  openRoute(app, deletePhase, async (c) => {
    const { phaseUID } = c.req.valid('param');
    return c.json(await phases.deletePhase(database, c.get('scope'), phaseUID, c.get('write')));
  });

  // Team questions (SPEC §3 Team questions, testQuestions).
  const listQuestions = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/questions',
    tags,
    summary: 'The team’s live and test questions, in order.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(questionListsAnswer, 'The questions') },
  });
  openRoute(app, listQuestions, async (c) =>
    c.json(await questions.getQuestions(database, c.get('scope'))),
  );

  const createQuestion = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/questions',
    tags,
    summary: 'Adds a live or test question.',
    request: { params: teamParams, body: jsonRequest(questionCreateBody) },
    responses: { 201: jsonResponse(questionAnswer, 'The new question') },
  });
  openRoute(app, createQuestion, async (c) => {
    const body = c.req.valid('json');
    const answer = await questions.createQuestion(database, c.get('scope'), body, c.get('write'));
    return c.json(answer, 201);
  });

  const orderQuestions = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/questions-order',
    tags,
    summary: 'Puts the team’s live or test questions in the given order (every one, once).',
    request: { params: teamParams, body: jsonRequest(questionsOrderBody) },
    responses: { 200: jsonResponse(questionListsAnswer, 'The questions in their new order') },
  });
  openRoute(app, orderQuestions, async (c) => {
    const { kind, order } = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await questions.orderQuestions(database, scope, kind, order, c.get('write')));
  });

  const updateQuestion = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/questions/{questionUID}',
    tags,
    summary: 'Rewords a question or moves it between live and test.',
    request: { params: questionParams, body: jsonRequest(questionPatchBody) },
    responses: { 200: jsonResponse(questionAnswer, 'The question as it now is') },
  });
  openRoute(app, updateQuestion, async (c) => {
    const { questionUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(
      await questions.updateQuestion(database, scope, questionUID, body, c.get('write')),
    );
  });

  const deleteQuestion = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/questions/{questionUID}',
    tags,
    summary: 'Deletes a question.',
    request: { params: questionParams },
    responses: { 200: jsonResponse(setupDeletedAnswer, 'Deleted') },
  });
  openRoute(app, deleteQuestion, async (c) => {
    const { questionUID } = c.req.valid('param');
    return c.json(
      await questions.deleteQuestion(database, c.get('scope'), questionUID, c.get('write')),
    );
  });

  return app;
}
