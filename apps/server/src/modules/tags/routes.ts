import { createRoute } from '@hono/zod-openapi';
import {
  orphanedTagsAnswer,
  orphanMapBody,
  orphanMappedAnswer,
  orphanRemovedAnswer,
  pathParam,
  tagAnswer,
  tagCreateBody,
  tagDeletedAnswer,
  tagIdParam,
  tagPatchBody,
  tagSetAnswer,
  tagSetCreateBody,
  tagSetDeletedAnswer,
  tagSetPatchBody,
  tagSetsAnswer,
  tagSetsOrderBody,
  tagSetsQuery,
  tagsOrderBody,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import * as service from './service';

const tags = ['tags'];
const teamParams = z.object({ teamUID: pathParam });
const setParams = teamParams.extend({ tagSetUID: tagIdParam });
const tagParams = setParams.extend({ tagID: tagIdParam });
const orphanParams = teamParams.extend({ tagID: tagIdParam });

/** Tag sets, tags and tag reconciliation (docs/api.md "Tags, status labels, tag reconciliation"). */
export function tagRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const listSets = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/tag-sets',
    tags,
    summary: 'The tag sets the caller sees (global and their pipelines’), or one pipeline’s.',
    request: { params: teamParams, query: tagSetsQuery },
    responses: { 200: jsonResponse(tagSetsAnswer, 'The tag sets with their tags') },
  });
  openRoute(app, listSets, async (c) => {
    const { pipelineUID } = c.req.valid('query');
    return c.json({ tagSets: await service.listTagSets(database, c.get('scope'), pipelineUID) });
  });

  const createSet = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/tag-sets',
    tags,
    summary: 'Adds a tag set, global or for one pipeline, with its first tags.',
    request: { params: teamParams, body: jsonRequest(tagSetCreateBody) },
    responses: { 201: jsonResponse(tagSetAnswer, 'The new tag set') },
  });
  openRoute(app, createSet, async (c) => {
    const body = c.req.valid('json');
    const tagSet = await service.createTagSet(database, c.get('scope'), body, c.get('write'));
    return c.json({ tagSet }, 201);
  });

  const updateSet = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/tag-sets/{tagSetUID}',
    tags,
    summary: 'Renames, recolours or binds a tag set to a connection.',
    request: { params: setParams, body: jsonRequest(tagSetPatchBody) },
    responses: { 200: jsonResponse(tagSetAnswer, 'The tag set as it now is') },
  });
  openRoute(app, updateSet, async (c) => {
    const { tagSetUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const tagSet = await service.updateTagSet(database, scope, tagSetUID, body, c.get('write'));
    return c.json({ tagSet });
  });

  const deleteSet = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/tag-sets/{tagSetUID}',
    tags,
    summary: 'Deletes a tag set; its tags stay on contacts as orphaned tags.',
    request: { params: setParams },
    responses: { 200: jsonResponse(tagSetDeletedAnswer, 'What went with it') },
  });
  openRoute(app, deleteSet, async (c) => {
    const { tagSetUID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json({
      deleted: await service.deleteTagSet(database, scope, tagSetUID, c.get('write')),
    });
  });

  const orderSets = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/tag-sets-order',
    tags,
    summary: 'Puts the global tag sets, or one pipeline’s, in the given order.',
    request: { params: teamParams, body: jsonRequest(tagSetsOrderBody) },
    responses: { 200: jsonResponse(tagSetsAnswer, 'The tag sets in their new order') },
  });
  openRoute(app, orderSets, async (c) => {
    const body = c.req.valid('json');
    const scope = c.get('scope');
    return c.json({ tagSets: await service.orderTagSets(database, scope, body, c.get('write')) });
  });

  const createTag = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/tag-sets/{tagSetUID}/tags',
    tags,
    summary: 'Adds a tag to a tag set.',
    request: { params: setParams, body: jsonRequest(tagCreateBody) },
    responses: { 201: jsonResponse(tagAnswer, 'The new tag') },
  });
  openRoute(app, createTag, async (c) => {
    const { tagSetUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const tag = await service.createTag(database, scope, tagSetUID, body, c.get('write'));
    return c.json({ tag }, 201);
  });

  const updateTag = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/tag-sets/{tagSetUID}/tags/{tagID}',
    tags,
    summary: 'Changes a tag’s name, value, colour or remote ID.',
    request: { params: tagParams, body: jsonRequest(tagPatchBody) },
    responses: { 200: jsonResponse(tagAnswer, 'The tag as it now is') },
  });
  openRoute(app, updateTag, async (c) => {
    const { tagSetUID, tagID } = c.req.valid('param');
    const body = c.req.valid('json');
    const scope = c.get('scope');
    const write = c.get('write');
    const tag = await service.updateTag(database, scope, tagSetUID, tagID, body, write);
    return c.json({ tag });
  });

  const deleteTag = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/tag-sets/{tagSetUID}/tags/{tagID}',
    tags,
    summary: 'Deletes a tag; on contacts it stays as an orphaned tag.',
    request: { params: tagParams },
    responses: { 200: jsonResponse(tagDeletedAnswer, 'On how many contacts it was') },
  });
  openRoute(app, deleteTag, async (c) => {
    const { tagSetUID, tagID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(await service.deleteTag(database, scope, tagSetUID, tagID, c.get('write')));
  });

  const orderTags = createRoute({
    method: 'put',
    path: '/teams/{teamUID}/tag-sets/{tagSetUID}/tags-order',
    tags,
    summary: 'Puts a tag set’s tags in the given order.',
    request: { params: setParams, body: jsonRequest(tagsOrderBody) },
    responses: { 200: jsonResponse(tagSetAnswer, 'The tag set in its new order') },
  });
  openRoute(app, orderTags, async (c) => {
    const { tagSetUID } = c.req.valid('param');
    const { order } = c.req.valid('json');
    const scope = c.get('scope');
    const tagSet = await service.orderTags(database, scope, tagSetUID, order, c.get('write'));
    return c.json({ tagSet });
  });

  const orphans = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/orphaned-tags',
    tags,
    summary: 'Tags on contacts whose tag set no longer has them.',
    request: { params: teamParams },
    responses: { 200: jsonResponse(orphanedTagsAnswer, 'The orphaned tags') },
  });
  openRoute(app, orphans, async (c) =>
    c.json({ orphanedTags: await service.orphanedTags(database, c.get('scope')) }),
  );

  const mapOrphan = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/orphaned-tags/{tagID}/map',
    tags,
    summary: 'Puts a tag of a tag set on every contact that has the orphaned tag, in its place.',
    request: { params: orphanParams, body: jsonRequest(orphanMapBody) },
    responses: { 200: jsonResponse(orphanMappedAnswer, 'How many contacts changed') },
  });
  openRoute(app, mapOrphan, async (c) => {
    const { tagID: orphanID } = c.req.valid('param');
    const { tagID } = c.req.valid('json');
    const scope = c.get('scope');
    return c.json(await service.mapOrphanedTag(database, scope, orphanID, tagID, c.get('write')));
  });

  const removeOrphan = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/orphaned-tags/{tagID}',
    tags,
    summary: 'Takes the orphaned tag off every contact.',
    request: { params: orphanParams },
    responses: { 200: jsonResponse(orphanRemovedAnswer, 'How many contacts changed') },
  });
  openRoute(app, removeOrphan, async (c) => {
    const { tagID } = c.req.valid('param');
    const scope = c.get('scope');
    return c.json(await service.removeOrphanedTag(database, scope, tagID, c.get('write')));
  });

  return app;
}
