import { createRoute } from '@hono/zod-openapi';
import {
  createWorkflowBody,
  pathParam,
  updateWorkflowBody,
  workflowAnswer,
  workflowDeletedAnswer,
  workflowRunAnswer,
  workflowRunsAnswer,
  workflowRunsQuery,
  workflowsAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import * as runLog from './run-log';
import * as service from './service';

const tags = ['workflows'];
const base = '/teams/{teamUID}/workflows';
const teamParams = z.object({ teamUID: pathParam });
const workflowParams = teamParams.extend({ workflowId: z.string().trim().min(1).max(200) });
const runParams = workflowParams.extend({ runId: z.string().trim().min(1).max(200) });

/** Workflows (docs/api.md "Workflows"): the list, one, and their life. */
export function workflowRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: base,
    tags,
    summary: 'The team’s workflows, each with its status, runs today and last error.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(workflowsAnswer, 'The workflows') },
  });
  openRoute(app, list, async (c) =>
    c.json({ workflows: await service.listWorkflows(database, c.get('scope')) }),
  );

  const get = createRoute({
    method: 'get',
    path: `${base}/{workflowId}`,
    tags,
    summary: 'One workflow with the definition of its latest version.',
    request: { params: workflowParams },
    responses: { 200: jsonResponse(workflowAnswer, 'The workflow') },
  });
  openRoute(app, get, async (c) => {
    const { workflowId } = c.req.valid('param');
    return c.json({ workflow: await service.getWorkflow(database, c.get('scope'), workflowId) });
  });

  const create = createRoute({
    method: 'post',
    path: base,
    tags,
    summary: 'Saves a new workflow as a draft.',
    request: { params: teamParams, body: jsonRequest(createWorkflowBody) },
    responses: { 201: jsonResponse(workflowAnswer, 'The new draft') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const workflow = await service.createWorkflow(database, c.get('scope'), body, c.get('write'));
    return c.json({ workflow }, 201);
  });

  const update = createRoute({
    method: 'patch',
    path: `${base}/{workflowId}`,
    tags,
    summary:
      'Renames a workflow or changes its definition: a draft in place, a published one as a new version.',
    request: { params: workflowParams, body: jsonRequest(updateWorkflowBody) },
    responses: { 200: jsonResponse(workflowAnswer, 'The workflow as saved') },
  });
  openRoute(app, update, async (c) => {
    const { workflowId } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const workflow = await service.updateWorkflow(
      database,
      scope,
      workflowId,
      body,
      c.get('write'),
    );
    return c.json({ workflow });
  });

  const lifeRoute = (action: 'publish' | 'pause' | 'resume', summary: string) =>
    createRoute({
      method: 'post',
      path: `${base}/{workflowId}/${action}`,
      tags,
      summary,
      request: { params: workflowParams },
      responses: { 200: jsonResponse(workflowAnswer, 'The workflow as it now is') },
    });
  const life = {
    publish: service.publishWorkflow,
    pause: service.pauseWorkflow,
    resume: service.resumeWorkflow,
  };
  const summaries = {
    publish:
      'Makes the latest version live and the workflow active, when it passes the publish check and the plan’s cap.',
    pause: 'Stops the workflow starting new runs.',
    resume: 'Lets a paused workflow start runs again.',
  };
  for (const action of ['publish', 'pause', 'resume'] as const) {
    openRoute(app, lifeRoute(action, summaries[action]), async (c) => {
      const { workflowId } = c.req.valid('param');
      const workflow = await life[action](database, c.get('scope'), workflowId, c.get('write'));
      return c.json({ workflow });
    });
  }

  const remove = createRoute({
    method: 'delete',
    path: `${base}/{workflowId}`,
    tags,
    summary: 'Deletes a workflow, its versions and its runs.',
    request: { params: workflowParams },
    responses: { 200: jsonResponse(workflowDeletedAnswer, 'The workflow is gone') },
  });
  openRoute(app, remove, async (c) => {
    const { workflowId } = c.req.valid('param');
    return c.json(
      await service.deleteWorkflow(database, c.get('scope'), workflowId, c.get('write')),
    );
  });

  const runs = createRoute({
    method: 'get',
    path: `${base}/{workflowId}/runs`,
    tags,
    summary: 'The workflow’s run log: its runs, newest first, a page at a time.',
    request: { params: workflowParams, query: workflowRunsQuery },
    responses: { 200: jsonResponse(workflowRunsAnswer, 'A page of runs') },
  });
  openRoute(app, runs, async (c) => {
    const { workflowId } = c.req.valid('param');
    return c.json(
      await runLog.listRuns(database, c.get('scope'), workflowId, c.req.valid('query')),
    );
  });

  const run = createRoute({
    method: 'get',
    path: `${base}/{workflowId}/runs/{runId}`,
    tags,
    summary: 'One run with each move it made.',
    request: { params: runParams },
    responses: { 200: jsonResponse(workflowRunAnswer, 'The run and its moves') },
  });
  openRoute(app, run, async (c) => {
    const { workflowId, runId } = c.req.valid('param');
    return c.json(await runLog.getRun(database, c.get('scope'), workflowId, runId));
  });

  const retry = createRoute({
    method: 'post',
    path: `${base}/{workflowId}/runs/{runId}/retry`,
    tags,
    summary: 'A failed run tries the step it failed at again.',
    request: { params: runParams },
    responses: { 200: jsonResponse(workflowRunAnswer, 'The run, going on') },
  });
  openRoute(app, retry, async (c) => {
    const { workflowId, runId } = c.req.valid('param');
    return c.json(
      await runLog.retryRun(database, c.get('scope'), workflowId, runId, c.get('write')),
    );
  });

  return app;
}
