import { createRoute } from '@hono/zod-openapi';
import {
  messageSentAnswer,
  messageSentBody,
  messageTemplateAnswer,
  messageTemplateCreateSchema,
  messageTemplateDeletedAnswer,
  messageTemplateListAnswer,
  messageTemplatePatchSchema,
  pathParam,
  templateCategoryAnswer,
  templateGroupDeletedAnswer,
  templateGroupSchema,
  templateTypeAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import type { GroupKind } from './repo';
import * as service from './service';

const tags = ['message templates'];
const id = z.string().trim().min(1).max(128);
const teamParams = z.object({ teamUID: pathParam });
const templateParams = teamParams.extend({ templateUID: id });
const groupParams = teamParams.extend({ id });

/** Each team list's URL segment, its name in the answers, and the answer's schema. */
const GROUPS = [
  { path: 'message-template-categories', kind: 'category', answer: templateCategoryAnswer },
  { path: 'message-template-types', kind: 'type', answer: templateTypeAnswer },
] as const satisfies readonly { path: string; kind: GroupKind; answer: z.ZodType }[];

/** Message templates, their categories and types, and "message sent" (docs/api.md). */
export function messageTemplateRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/message-templates',
    tags,
    summary: 'The team’s message templates, with their categories and types.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(messageTemplateListAnswer, 'The templates and lists') },
  });
  openRoute(app, list, async (c) =>
    c.json(await service.listMessageTemplates(database, c.get('scope'))),
  );

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/message-templates',
    tags,
    summary: 'Saves a new message template.',
    request: { params: teamParams, body: jsonRequest(messageTemplateCreateSchema) },
    responses: { 201: jsonResponse(messageTemplateAnswer, 'The new template') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const template = await service.createMessageTemplate(database, scope, body, c.get('write'));
    return c.json({ template }, 201);
  });

  const update = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/message-templates/{templateUID}',
    tags,
    summary: 'Changes a message template.',
    request: { params: templateParams, body: jsonRequest(messageTemplatePatchSchema) },
    responses: { 200: jsonResponse(messageTemplateAnswer, 'The template as it now is') },
  });
  openRoute(app, update, async (c) => {
    const { templateUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const write = c.get('write');
    const template = await service.updateMessageTemplate(database, scope, templateUID, body, write);
    return c.json({ template });
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/message-templates/{templateUID}',
    tags,
    summary: 'Deletes a message template.',
    request: { params: templateParams },
    responses: { 200: jsonResponse(messageTemplateDeletedAnswer, 'The template is gone') },
  });
  openRoute(app, remove, async (c) => {
    const { templateUID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(
      await service.deleteMessageTemplate(database, scope, templateUID, c.get('write')),
    );
  });

  for (const { path, kind, answer } of GROUPS) {
    const createGroup = createRoute({
      method: 'post',
      path: `/teams/{teamUID}/${path}`,
      tags,
      summary: `Adds a template ${kind}.`,
      request: { params: teamParams, body: jsonRequest(templateGroupSchema) },
      responses: { 201: jsonResponse(answer, `The new ${kind}`) },
    });
    openRoute(app, createGroup, async (c) => {
      const { name } = c.req.valid('json');
      const scope = c.get('scope');
      const group = await service.createTemplateGroup(database, scope, kind, name, c.get('write'));
      return c.json({ [kind]: group }, 201);
    });

    const renameGroup = createRoute({
      method: 'patch',
      path: `/teams/{teamUID}/${path}/{id}`,
      tags,
      summary: `Renames a template ${kind}.`,
      request: { params: groupParams, body: jsonRequest(templateGroupSchema) },
      responses: { 200: jsonResponse(answer, `The ${kind} as it now is`) },
    });
    openRoute(app, renameGroup, async (c) => {
      const { id: groupId } = c.req.valid('param');
      const { name } = c.req.valid('json');
      const scope = c.get('scope');
      const write = c.get('write');
      const group = await service.renameTemplateGroup(database, scope, kind, groupId, name, write);
      return c.json({ [kind]: group });
    });

    const deleteGroup = createRoute({
      method: 'delete',
      path: `/teams/{teamUID}/${path}/{id}`,
      tags,
      summary: `Deletes a template ${kind}; its templates keep going without one.`,
      request: { params: groupParams },
      responses: { 200: jsonResponse(templateGroupDeletedAnswer, `The ${kind} is gone`) },
    });
    openRoute(app, deleteGroup, async (c) => {
      const { id: groupId } = c.req.valid('param');
      const scope = c.get('scope');
      return c.json(
        await service.deleteTemplateGroup(database, scope, kind, groupId, c.get('write')),
      );
    });
  }

  const sent = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/contacts/{GTID}/messages',
    tags,
    summary: 'Logs a message the user sent to the contact, as a `message` activity.',
    request: { params: teamParams.extend({ GTID: pathParam }), body: jsonRequest(messageSentBody) },
    responses: { 201: jsonResponse(messageSentAnswer, 'The activity written') },
  });
  openRoute(app, sent, async (c) => {
    const { GTID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await service.logMessageSent(database, scope, GTID, body, c.get('write')), 201);
  });

  return app;
}
