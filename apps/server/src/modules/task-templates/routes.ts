import { createRoute } from '@hono/zod-openapi';
import {
  appliedTaskTemplateAnswer,
  applyTaskTemplateBody,
  pathParam,
  taskTemplateAnswer,
  taskTemplateDeletedAnswer,
  taskTemplateSchema,
  taskTemplatesAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import * as service from './service';

const tags = ['task templates'];
const base = '/teams/{teamUID}/task-templates';
const teamParams = z.object({ teamUID: pathParam });
const templateParams = teamParams.extend({ templateUID: z.string().trim().min(1).max(200) });

/** Task templates (docs/api.md "Task templates"). */
export function taskTemplateRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: base,
    tags,
    summary: 'The team’s task templates.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(taskTemplatesAnswer, 'The templates') },
  });
  openRoute(app, list, async (c) =>
    c.json({ taskTemplates: await service.listTaskTemplates(database, c.get('scope')) }),
  );

  const create = createRoute({
    method: 'post',
    path: base,
    tags,
    summary: 'Saves a new task template.',
    request: { params: teamParams, body: jsonRequest(taskTemplateSchema) },
    responses: { 201: jsonResponse(taskTemplateAnswer, 'The new template') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const taskTemplate = await service.saveTaskTemplate(
      database,
      scope,
      null,
      body,
      c.get('write'),
    );
    return c.json({ taskTemplate }, 201);
  });

  const replace = createRoute({
    method: 'put',
    path: `${base}/{templateUID}`,
    tags,
    summary: 'Replaces a task template.',
    request: { params: templateParams, body: jsonRequest(taskTemplateSchema) },
    responses: { 200: jsonResponse(taskTemplateAnswer, 'The template as saved') },
  });
  openRoute(app, replace, async (c) => {
    const { templateUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const write = c.get('write');
    const taskTemplate = await service.saveTaskTemplate(database, scope, templateUID, body, write);
    return c.json({ taskTemplate });
  });

  const remove = createRoute({
    method: 'delete',
    path: `${base}/{templateUID}`,
    tags,
    summary: 'Deletes a task template.',
    request: { params: templateParams },
    responses: { 200: jsonResponse(taskTemplateDeletedAnswer, 'The template is gone') },
  });
  openRoute(app, remove, async (c) => {
    const { templateUID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(await service.deleteTaskTemplate(database, scope, templateUID, c.get('write')));
  });

  const apply = createRoute({
    method: 'post',
    path: `${base}/{templateUID}/apply`,
    tags,
    summary: 'Gives each of the contacts the template’s task.',
    request: { params: templateParams, body: jsonRequest(applyTaskTemplateBody) },
    responses: { 201: jsonResponse(appliedTaskTemplateAnswer, 'The tasks made') },
  });
  openRoute(app, apply, async (c) => {
    const { templateUID } = c.req.valid('param');
    const { GTIDs } = c.req.valid('json');
    const answer = await service.applyTaskTemplateTo(
      database,
      c.get('scope'),
      templateUID,
      GTIDs,
      c.get('write'),
      services.clock.now,
    );
    return c.json(answer, 201);
  });

  return app;
}
