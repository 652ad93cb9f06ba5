import { createRoute } from '@hono/zod-openapi';
import {
  createNoteBody,
  editNoteBody,
  noteAnswer,
  noteDeletedAnswer,
  notesAnswer,
  pathParam,
} from '@leadloom/core';
import { z } from 'zod';
import { contractRouter, jsonRequest, jsonResponse, openRoute } from '../../http/contract';
import type { Services } from '../../services';
import { createNote, deleteNote, editNote, listNotes } from './service';

const tags = ['notes'];
const base = '/teams/{teamUID}/contacts/{GTID}/notes';
const contactParams = z.object({ teamUID: pathParam, GTID: pathParam });
const noteParams = contactParams.extend({ noteUID: pathParam });

/** Notes on a contact (docs/api.md "Contacts"). */
export function noteRoutes(services: Services) {
  const { database } = services;
  const app = contractRouter();

  const list = createRoute({
    method: 'get',
    path: base,
    tags,
    summary: "The contact's notes the caller may see.",
    request: { params: contactParams },
    responses: { 200: jsonResponse(notesAnswer, 'The notes') },
  });
  openRoute(app, list, async (c) =>
    c.json(await listNotes(database, c.get('scope'), c.req.valid('param').GTID)),
  );

  const create = createRoute({
    method: 'post',
    path: base,
    tags,
    summary: 'Writes a note on the contact.',
    request: { params: contactParams, body: jsonRequest(createNoteBody) },
    responses: { 201: jsonResponse(noteAnswer, 'The new note') },
  });
  openRoute(app, create, async (c) => {
    const { GTID } = c.req.valid('param');
    const body = c.req.valid('json');
    const opts = c.get('write');
    return c.json(await createNote(database, c.get('scope'), GTID, body, opts), 201);
  });

  const edit = createRoute({
    method: 'patch',
    path: `${base}/{noteUID}`,
    tags,
    summary: "Changes a note's text.",
    request: { params: noteParams, body: jsonRequest(editNoteBody) },
    responses: { 200: jsonResponse(noteAnswer, 'The note as it now is') },
  });
  openRoute(app, edit, async (c) => {
    const { GTID, noteUID } = c.req.valid('param');
    const body = c.req.valid('json');
    const opts = c.get('write');
    return c.json(await editNote(database, c.get('scope'), GTID, noteUID, body, opts));
  });

  const remove = createRoute({
    method: 'delete',
    path: `${base}/{noteUID}`,
    tags,
    summary: 'Deletes a note.',
    request: { params: noteParams },
    responses: { 200: jsonResponse(noteDeletedAnswer, 'The note is gone') },
  });
  openRoute(app, remove, async (c) => {
    const { GTID, noteUID } = c.req.valid('param');
    return c.json(await deleteNote(database, c.get('scope'), GTID, noteUID, c.get('write')));
  });

  return app;
}
