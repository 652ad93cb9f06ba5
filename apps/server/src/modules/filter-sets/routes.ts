import { createRoute } from '@hono/zod-openapi';
import {
  createFilterSetBody,
  filterSetAnswer,
  filterSetDeletedAnswer,
  filterSetsAnswer,
  filterSetUID,
  pathParam,
  patchFilterSetBody,
} from '@leadloom/core';
import { z } from 'zod';
import {
  contractRouter,
  documentRoute,
  jsonRequest,
  jsonResponse,
  openRoute,
} from '../../http/contract';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import * as service from './service';

const tags = ['filter sets'];
const teamParams = z.object({ teamUID: pathParam });
const setParams = teamParams.extend({ filterSetUID: pathParam });

/** Saved filter sets of the table view (docs/api.md "Saved filter sets"). */
export function filterSetRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: '/teams/{teamUID}/filter-sets',
    tags,
    summary: 'The saved views the caller sees (their own and the shared ones).',
    request: { params: teamParams },
    responses: { 200: jsonResponse(filterSetsAnswer, 'The filter sets') },
  });
  openRoute(app, list, async (c) =>
    c.json({ filterSets: await service.listFilterSets(database, c.get('scope')) }),
  );

  const create = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/filter-sets',
    tags,
    summary: 'Saves a view.',
    request: { params: teamParams, body: jsonRequest(createFilterSetBody) },
    responses: { 201: jsonResponse(filterSetAnswer, 'The new filter set') },
  });
  openRoute(app, create, async (c) => {
    const body = c.req.valid('json');
    const filterSet = await service.createFilterSet(database, c.get('scope'), body, c.get('write'));
    return c.json({ filterSet }, 201);
  });

  // The id is checked before the body, as it always was: this route reads both itself.
  const patch = createRoute({
    method: 'patch',
    path: '/teams/{teamUID}/filter-sets/{filterSetUID}',
    tags,
    summary: 'Changes a saved view.',
    request: { params: setParams, body: jsonRequest(patchFilterSetBody) },
    responses: { 200: jsonResponse(filterSetAnswer, 'The filter set as it now is') },
  });
  documentRoute(app, patch);
  const { request: _request, ...patchAnswered } = patch;
  openRoute(app, { ...patchAnswered, hide: true }, async (c) => {
    const uid = parseWith(filterSetUID, c.req.param('filterSetUID'));
    const body = await jsonBody(c, patchFilterSetBody);
    const scope = c.get('scope');
    const filterSet = await service.updateFilterSet(database, scope, uid, body, c.get('write'));
    return c.json({ filterSet });
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/filter-sets/{filterSetUID}',
    tags,
    summary: 'Deletes a saved view.',
    request: { params: setParams },
    responses: { 200: jsonResponse(filterSetDeletedAnswer, 'The filter set is gone') },
  });
  openRoute(app, remove, async (c) => {
    const uid = parseWith(filterSetUID, c.req.valid('param').filterSetUID);
    return c.json(await service.deleteFilterSet(database, c.get('scope'), uid, c.get('write')));
  });

  return app;
}
