import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { jsonBody, parseWith } from '../../http/validate';
import type { Services } from '../../services';
import {
  idParam,
  mapBody,
  tagBody,
  tagPatch,
  tagSetBody,
  tagSetPatch,
  tagSetsOrderBody,
  tagSetsQuery,
  tagsOrderBody,
} from './schema';
import * as service from './service';

/** Tag sets, tags and tag reconciliation (docs/api.md "Tags, status labels, tag reconciliation"). */
export function tagRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();
  const param = (c: Context<AppEnv>, name: string) => parseWith(idParam, c.req.param(name));

  app.get('/teams/:teamUID/tag-sets', async (c) => {
    const { pipelineUID } = parseWith(tagSetsQuery, c.req.query());
    const scope = c.get('scope');
    return c.json({ tagSets: await service.listTagSets(database, scope, pipelineUID) });
  });
  app.post('/teams/:teamUID/tag-sets', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, tagSetBody);
    return c.json(
      { tagSet: await service.createTagSet(database, scope, body, c.get('write')) },
      201,
    );
  });
  app.patch('/teams/:teamUID/tag-sets/:tagSetUID', async (c) => {
    const scope = c.get('scope');
    const tagSetUID = param(c, 'tagSetUID');
    const body = await jsonBody(c, tagSetPatch);
    return c.json({
      tagSet: await service.updateTagSet(database, scope, tagSetUID, body, c.get('write')),
    });
  });
  app.delete('/teams/:teamUID/tag-sets/:tagSetUID', async (c) => {
    const scope = c.get('scope');
    const tagSetUID = param(c, 'tagSetUID');
    return c.json({
      deleted: await service.deleteTagSet(database, scope, tagSetUID, c.get('write')),
    });
  });
  app.put('/teams/:teamUID/tag-sets-order', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, tagSetsOrderBody);
    return c.json({ tagSets: await service.orderTagSets(database, scope, body, c.get('write')) });
  });

  app.post('/teams/:teamUID/tag-sets/:tagSetUID/tags', async (c) => {
    const scope = c.get('scope');
    const tagSetUID = param(c, 'tagSetUID');
    const body = await jsonBody(c, tagBody);
    return c.json(
      { tag: await service.createTag(database, scope, tagSetUID, body, c.get('write')) },
      201,
    );
  });
  app.patch('/teams/:teamUID/tag-sets/:tagSetUID/tags/:tagID', async (c) => {
    const scope = c.get('scope');
    const [tagSetUID, tagID] = [param(c, 'tagSetUID'), param(c, 'tagID')];
    const body = await jsonBody(c, tagPatch);
    return c.json({
      tag: await service.updateTag(database, scope, tagSetUID, tagID, body, c.get('write')),
    });
  });
  app.delete('/teams/:teamUID/tag-sets/:tagSetUID/tags/:tagID', async (c) => {
    const scope = c.get('scope');
    const [tagSetUID, tagID] = [param(c, 'tagSetUID'), param(c, 'tagID')];
    return c.json(await service.deleteTag(database, scope, tagSetUID, tagID, c.get('write')));
  });
  app.put('/teams/:teamUID/tag-sets/:tagSetUID/tags-order', async (c) => {
    const scope = c.get('scope');
    const tagSetUID = param(c, 'tagSetUID');
    const { order } = await jsonBody(c, tagsOrderBody);
    return c.json({
      tagSet: await service.orderTags(database, scope, tagSetUID, order, c.get('write')),
    });
  });

  app.get('/teams/:teamUID/orphaned-tags', async (c) => {
    const scope = c.get('scope');
    return c.json({ orphanedTags: await service.orphanedTags(database, scope) });
  });
  app.post('/teams/:teamUID/orphaned-tags/:tagID/map', async (c) => {
    const scope = c.get('scope');
    const orphanID = param(c, 'tagID');
    const { tagID } = await jsonBody(c, mapBody);
    return c.json(await service.mapOrphanedTag(database, scope, orphanID, tagID, c.get('write')));
  });
  app.delete('/teams/:teamUID/orphaned-tags/:tagID', async (c) => {
    const scope = c.get('scope');
    return c.json(
      await service.removeOrphanedTag(database, scope, param(c, 'tagID'), c.get('write')),
    );
  });
  return app;
}
