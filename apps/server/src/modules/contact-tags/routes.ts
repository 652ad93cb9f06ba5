import { createRoute } from '@hono/zod-openapi';
import {
  addContactTagBody,
  contactTagAnswer,
  contactTagRemovedAnswer,
  pathParam,
  removeContactTagQuery,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { addContactTag, removeContactTag } from './service';

const tags = ['contacts'];
const contactParams = z.object({ teamUID: pathParam, GTID: pathParam });

/** Tags on a contact (docs/api.md "Contacts"). */
export function contactTagRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const add = createRoute({
    method: 'post',
    path: '/teams/{teamUID}/contacts/{GTID}/tags',
    tags,
    summary: 'Tags the contact (globally, or on its card in one pipeline).',
    request: { params: contactParams, body: jsonRequest(addContactTagBody) },
    responses: {
      201: jsonResponse(contactTagAnswer, 'The tag, added'),
      200: jsonResponse(contactTagAnswer, 'The contact had the tag already'),
    },
  });
  openRoute(app, add, async (c) => {
    const body = c.req.valid('json');
    const { GTID } = c.req.valid('param');
    const result = await addContactTag(database, c.get('scope'), GTID, body, c.get('write'));
    return c.json({ tag: result.tag }, result.created ? 201 : 200);
  });

  const remove = createRoute({
    method: 'delete',
    path: '/teams/{teamUID}/contacts/{GTID}/tags/{tagID}',
    tags,
    summary: 'Takes a tag off the contact.',
    request: {
      params: contactParams.extend({ tagID: pathParam }),
      query: removeContactTagQuery,
    },
    responses: { 200: jsonResponse(contactTagRemovedAnswer, 'The tag is off') },
  });
  openRoute(app, remove, async (c) => {
    const { pipelineUID } = c.req.valid('query');
    const { GTID, tagID } = c.req.valid('param');
    return c.json(
      await removeContactTag(database, c.get('scope'), GTID, tagID, pipelineUID, c.get('write')),
    );
  });

  return app;
}
