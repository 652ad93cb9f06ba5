import { createRoute } from '@hono/zod-openapi';
import {
  addToPipelineBody,
  contactAnswer,
  contactDeletedAnswer,
  contactPipelineAnswer,
  contactPipelineRemovedAnswer,
  createContactBody,
  patchContactBody,
  pathParam,
  stageChangeAnswer,
  stageChangeBody,
  stageHistoryDeletedAnswer,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { changeStage } from '../board/stage-change';
import {
  addToPipeline,
  createContact,
  deleteContact,
  deleteHistoryEntry,
  getContact,
  removeFromPipeline,
  updateContact,
} from './service';

const tags = ['contacts'];
const teamParams = z.object({ teamUID: pathParam });
const contactParams = teamParams.extend({ GTID: pathParam });
const placementParams = contactParams.extend({ groupUID: pathParam });
const historyParams = placementParams.extend({ id: pathParam });

/** Contacts (docs/api.md "Contacts"): create, read, edit, delete, pipelines and stage changes. */
export function contactRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/contacts',
    tags,
    summary: 'Adds a contact, optionally placed in a pipeline’s stage.',
    request: { params: teamParams, body: jsonRequest(createContactBody) },
    responses: { 201: jsonResponse(contactAnswer, 'The new contact') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    return c.json(await createContact(database, c.get('scope'), body, c.get('write')), 201);
  });

  const read = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/contacts/{GTID}',
    tags,
    summary: 'A contact with its visible pipelines (stage, history, deals, answers, tags).',
    request: { params: contactParams },
    responses: { 200: jsonResponse(contactAnswer, 'The contact') },
  });
  openRoute(app, read, async (c) => {
    const { GTID } = c.req.valid('param');
    return c.json(await getContact(database, c.get('scope'), GTID));
  });

  const update = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/contacts/{GTID}',
    tags,
    summary: 'Changes a contact’s fields.',
    request: { params: contactParams, body: jsonRequest(patchContactBody) },
    responses: { 200: jsonResponse(contactAnswer, 'The contact as it now is') },
  });
  openRoute(app, update, async (c) => {
    const { GTID } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await updateContact(database, c.get('scope'), GTID, body, c.get('write')));
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/contacts/{GTID}',
    tags,
    summary: 'Deletes a contact and everything of it.',
    request: { params: contactParams },
    responses: { 200: jsonResponse(contactDeletedAnswer, 'The deleted contact’s GTID') },
  });
  openRoute(app, remove, async (c) => {
    const { GTID } = c.req.valid('param');
    return c.json(await deleteContact(database, c.get('scope'), GTID, c.get('write')));
  });

  const addPipeline = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/contacts/{GTID}/pipelines',
    tags,
    summary: 'Places the contact in a pipeline, first in the stage (default: the placeholder).',
    request: { params: contactParams, body: jsonRequest(addToPipelineBody) },
    responses: { 201: jsonResponse(contactPipelineAnswer, 'The contact’s card there') },
  });
  openRoute(app, addPipeline, async (c) => {
    const { GTID } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json(await addToPipeline(database, c.get('scope'), GTID, body, c.get('write')), 201);
  });

  const removePipeline = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/contacts/{GTID}/pipelines/{groupUID}',
    tags,
    summary: 'Takes the contact out of a pipeline with its history, deals, answers and tags there.',
    request: { params: placementParams },
    responses: { 200: jsonResponse(contactPipelineRemovedAnswer, 'Removed') },
  });
  openRoute(app, removePipeline, async (c) => {
    const { GTID, groupUID: pipelineUID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(await removeFromPipeline(database, scope, GTID, pipelineUID, c.get('write')));
  });

  const stage = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/contacts/{GTID}/pipelines/{groupUID}/stage',
    tags,
    summary: 'Moves the card to a stage, between the given neighbours (SPEC §4).',
    request: { params: placementParams, body: jsonRequest(stageChangeBody) },
    responses: { 200: jsonResponse(stageChangeAnswer, 'Where the card is now') },
  });
  openRoute(app, stage, async (c) => {
    const { GTID, groupUID: pipelineUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await changeStage(database, scope, GTID, pipelineUID, body, c.get('write')));
  });

  const history = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/contacts/{GTID}/pipelines/{groupUID}/history/{id}',
    tags,
    summary: 'Deletes an entry of the card’s stage history.',
    request: { params: historyParams },
    responses: { 200: jsonResponse(stageHistoryDeletedAnswer, 'Deleted') },
  });
  openRoute(app, history, async (c) => {
    const { GTID, groupUID: pipelineUID, id } = c.req.valid('param');
    const scope = c.get('scope');
    const write = c.get('write');
    return c.json(await deleteHistoryEntry(database, scope, GTID, pipelineUID, id, write));
  });

  return app;
}
