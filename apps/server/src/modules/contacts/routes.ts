import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { addToPipelineBody, createContactBody, patchContactBody, stageChangeBody } from './schemas';
import {
  addToPipeline,
  changeStage,
  createContact,
  deleteContact,
  deleteHistoryEntry,
  getContact,
  removeFromPipeline,
  updateContact,
} from './service';

/** Contacts (docs/api.md "Contacts"): create, read, edit, delete, pipelines and stage changes. */
export function contactRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();

  app.post('/teams/:teamUID/contacts', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, createContactBody);
    return c.json(await createContact(database, scope, body, c.get('write')), 201);
  });

  app.get('/teams/:teamUID/contacts/:GTID', async (c) => {
    const scope = c.get('scope');
    return c.json(await getContact(database, scope, c.req.param('GTID')));
  });

  app.patch('/teams/:teamUID/contacts/:GTID', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, patchContactBody);
    return c.json(await updateContact(database, scope, c.req.param('GTID'), body, c.get('write')));
  });

  app.delete('/teams/:teamUID/contacts/:GTID', async (c) => {
    const scope = c.get('scope');
    return c.json(await deleteContact(database, scope, c.req.param('GTID'), c.get('write')));
  });

  app.post('/teams/:teamUID/contacts/:GTID/pipelines', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, addToPipelineBody);
    return c.json(
      await addToPipeline(database, scope, c.req.param('GTID'), body, c.get('write')),
      201,
    );
  });

  app.delete('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID', async (c) => {
    const scope = c.get('scope');
    const { GTID, groupUID } = c.req.param();
    return c.json(await removeFromPipeline(database, scope, GTID, groupUID, c.get('write')));
  });

  app.put('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/stage', async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, stageChangeBody);
    const { GTID, groupUID } = c.req.param();
    return c.json(await changeStage(database, scope, GTID, groupUID, body, c.get('write')));
  });

  app.delete('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/history/:id', async (c) => {
    const scope = c.get('scope');
    const { GTID, groupUID, id } = c.req.param();
    return c.json(await deleteHistoryEntry(database, scope, GTID, groupUID, id, c.get('write')));
  });

  return app;
}
