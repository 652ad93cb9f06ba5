import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { teamScopeFor } from '../teams/service';
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
  const scopeOf = (c: Context<AppEnv>) =>
    teamScopeFor(database, c.get('identity').uid, c.req.param('teamUID') ?? '');
  // The client's id for this change (DESIGN §7), echoed in the change log; bounded in length.
  const write = (c: Context<AppEnv>) => ({
    changeId: c.req.header('x-change-id')?.slice(0, 200) || null,
  });

  app.post('/teams/:teamUID/contacts', async (c) => {
    const scope = await scopeOf(c);
    const body = await jsonBody(c, createContactBody);
    return c.json(await createContact(database, scope, body, write(c)), 201);
  });

  app.get('/teams/:teamUID/contacts/:GTID', async (c) => {
    const scope = await scopeOf(c);
    return c.json(await getContact(database, scope, c.req.param('GTID')));
  });

  app.patch('/teams/:teamUID/contacts/:GTID', async (c) => {
    const scope = await scopeOf(c);
    const body = await jsonBody(c, patchContactBody);
    return c.json(await updateContact(database, scope, c.req.param('GTID'), body, write(c)));
  });

  app.delete('/teams/:teamUID/contacts/:GTID', async (c) => {
    const scope = await scopeOf(c);
    return c.json(await deleteContact(database, scope, c.req.param('GTID'), write(c)));
  });

  app.post('/teams/:teamUID/contacts/:GTID/pipelines', async (c) => {
    const scope = await scopeOf(c);
    const body = await jsonBody(c, addToPipelineBody);
    return c.json(await addToPipeline(database, scope, c.req.param('GTID'), body, write(c)), 201);
  });

  app.delete('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID', async (c) => {
    const scope = await scopeOf(c);
    const { GTID, groupUID } = c.req.param();
    return c.json(await removeFromPipeline(database, scope, GTID, groupUID, write(c)));
  });

  app.put('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/stage', async (c) => {
    const scope = await scopeOf(c);
    const body = await jsonBody(c, stageChangeBody);
    const { GTID, groupUID } = c.req.param();
    return c.json(await changeStage(database, scope, GTID, groupUID, body, write(c)));
  });

  app.delete('/teams/:teamUID/contacts/:GTID/pipelines/:groupUID/history/:id', async (c) => {
    const scope = await scopeOf(c);
    const { GTID, groupUID, id } = c.req.param();
    return c.json(await deleteHistoryEntry(database, scope, GTID, groupUID, id, write(c)));
  });

  return app;
}
