import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';
import { createNote, deleteNote, editNote, listNotes } from './service';

export const NOTE_MAX_LENGTH = 20_000;

const text = z
  .string()
  .trim()
  .min(1, 'Write something in the note.')
  .max(NOTE_MAX_LENGTH, `A note can hold up to ${NOTE_MAX_LENGTH} characters.`);

const createBody = z.object({
  text,
  pipelineUID: z.string().min(1).max(200).nullable().optional(),
});
const editBody = z.object({ text });

/** Notes on a contact (docs/api.md "Contacts"). */
export function noteRoutes(services: Services) {
  const { database } = services;
  const app = new Hono<AppEnv>();
  const base = '/teams/:teamUID/contacts/:GTID/notes';

  app.get(base, async (c) =>
    c.json(await listNotes(database, c.get('scope'), c.req.param('GTID'))),
  );

  app.post(base, async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, createBody);
    const opts = c.get('write');
    return c.json(await createNote(database, scope, c.req.param('GTID'), body, opts), 201);
  });

  app.patch(`${base}/:noteUID`, async (c) => {
    const scope = c.get('scope');
    const body = await jsonBody(c, editBody);
    const { GTID, noteUID } = c.req.param();
    const opts = c.get('write');
    return c.json(await editNote(database, scope, GTID, noteUID, body, opts));
  });

  app.delete(`${base}/:noteUID`, async (c) => {
    const scope = c.get('scope');
    const { GTID, noteUID } = c.req.param();
    const opts = c.get('write');
    return c.json(await deleteNote(database, scope, GTID, noteUID, opts));
  });

  return app;
}
