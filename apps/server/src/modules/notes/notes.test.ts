import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import {
  activitiesOf,
  addConnection,
  changeLogOf,
  contactWorld,
  countRows,
  outboxOf,
  type ContactWorld,
} from '../contact-parts/test-helpers';

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'notes');
  await addConnection(s, w.teamUID, 'webhooks');
  await addConnection(s, w.teamUID, 'gsheet', { isPaused: true });
  await addConnection(s, w.teamUID, 'convertkit', { options: { syncNotes: false } });
});
afterAll(() => s.cleanup());

const notesPath = (gtid: string, teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/notes`;

interface Note {
  noteUID: string;
  text: string;
  pipelineUID: string | null;
  createdBy: string;
  createdByUID: string;
  createdAt: string;
  updatedAt: string;
}

async function snapshotCounts() {
  return {
    notes: await countRows(s, 'note', w.teamUID),
    activities: await countRows(s, 'activity', w.teamUID),
    outbox: await countRows(s, 'outbox', w.teamUID),
    changes: await countRows(s, 'change_log', w.teamUID),
  };
}

describe(`contact notes (${ENGINE})`, () => {
  it('creates a note by the signed-in user, with its activity, sync rows and change log in one go', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const outboxBefore = (await outboxOf(s, w.teamUID)).length;
    const res = await w.owner.client.api(notesPath(gtid!), {
      method: 'POST',
      headers: { 'x-change-id': 'chg-note-1' },
      body: JSON.stringify({
        text: '  Called, wants a demo on Friday  ',
        pipelineUID: w.p1.pipelineUID,
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const note = res.body!.note as Note;
    expect(note).toMatchObject({
      text: 'Called, wants a demo on Friday',
      pipelineUID: w.p1.pipelineUID,
      createdBy: 'notes-owner',
      createdByUID: w.owner.uid,
    });
    expect(Date.parse(note.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({
      type: 'note',
      action: 'created',
      ref_uid: note.noteUID,
      pipeline_uid: w.p1.pipelineUID,
      note: 'Called, wants a demo on Friday',
      created_by_uid: w.owner.uid,
      created_by: 'notes-owner',
    });

    // webhooks takes notes; the paused gsheet and the convertkit without syncNotes do not.
    const written = (await outboxOf(s, w.teamUID)).slice(outboxBefore);
    // Workflows may start on it.
    expect(written.filter((r) => r.kind === 'workflow-trigger').map((r) => r.payload)).toEqual([
      expect.objectContaining({ trigger: 'noteAdded', data: { noteUID: note.noteUID } }),
    ]);
    const rows = written.filter((r) => r.kind === 'sync');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('sync');
    expect(rows[0]!.payload).toMatchObject({
      integration: 'webhooks',
      change: 'notes',
      leadData: { GTID: gtid },
      changeData: { action: 'created', noteUID: note.noteUID, text: note.text },
    });

    const log = await changeLogOf(s, w.teamUID);
    expect(
      log
        .filter((l) => l.change_id === 'chg-note-1')
        .map((l) => l.resource)
        .sort(),
    ).toEqual(['activity', 'note']);
  });

  it('lists a contact’s notes newest first', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    for (const text of ['first', 'second', 'third']) {
      const r = await w.owner.client.api(notesPath(gtid!), {
        method: 'POST',
        body: JSON.stringify({ text }),
      });
      expect(r.status).toBe(201);
    }
    const res = await w.owner.client.api(notesPath(gtid!));
    expect(res.status).toBe(200);
    expect((res.body!.notes as Note[]).map((n) => n.text)).toEqual(['third', 'second', 'first']);
  });

  it('edits and deletes a note, each with its activity and sync row', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const created = await w.member.api(notesPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ text: 'draft' }),
    });
    const noteUID = (created.body!.note as Note).noteUID;

    const edited = await w.member.api(`${notesPath(gtid!)}/${noteUID}`, {
      method: 'PATCH',
      body: JSON.stringify({ text: 'final words' }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body!.note).toMatchObject({
      noteUID,
      text: 'final words',
      createdBy: 'notes member',
    });

    const deleted = await w.member.api(`${notesPath(gtid!)}/${noteUID}`, { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect((await w.member.api(notesPath(gtid!))).body!.notes).toEqual([]);

    const acts = await activitiesOf(s, w.teamUID, gtid!);
    expect(acts.map((a) => [a.type, a.action, a.ref_uid])).toEqual([
      ['note', 'created', noteUID],
      ['note', 'edited', noteUID],
      ['note', 'deleted', noteUID],
    ]);
    const rows = (await outboxOf(s, w.teamUID)).filter(
      (r) => r.kind === 'sync' && (r.payload.leadData as { GTID: string }).GTID === gtid,
    );
    expect(rows.map((r) => r.payload.changeData!.action)).toEqual(['created', 'edited', 'deleted']);

    const again = await w.member.api(`${notesPath(gtid!)}/${noteUID}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('lets only the author, owners and admins change a note', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const created = await w.owner.client.api(notesPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ text: 'owner note' }),
    });
    const noteUID = (created.body!.note as Note).noteUID;
    const before = await snapshotCounts();
    const edit = await w.member.api(`${notesPath(gtid!)}/${noteUID}`, {
      method: 'PATCH',
      body: JSON.stringify({ text: 'hijacked' }),
    });
    expect(edit.status).toBe(403);
    expect((edit.body!.error as { status: string }).status).toBe('permission-denied');
    const del = await w.member.api(`${notesPath(gtid!)}/${noteUID}`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const before = await snapshotCounts();
    for (const [body, field] of [
      [{ text: '   ' }, 'text'],
      [{}, 'text'],
      [{ text: 'x'.repeat(20_001) }, 'text'],
      [{ text: 'ok', pipelineUID: 7 }, 'pipelineUID'],
    ] as const) {
      const res = await w.owner.client.api(notesPath(gtid!), {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.error).toMatchObject({ status: 'invalid-argument', field });
    }
    const notJson = await w.owner.client.api(notesPath(gtid!), { method: 'POST', body: 'nope' });
    expect(notJson.status).toBe(400);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('hides pipelines a member may not see: their notes, and notes on them', async () => {
    const [inBoth] = await addContacts(s, w.teamUID, 1, [w.p1, w.p2]);
    const [onlyP2] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const p2Note = await w.owner.client.api(notesPath(inBoth!), {
      method: 'POST',
      body: JSON.stringify({ text: 'about P2', pipelineUID: w.p2.pipelineUID }),
    });
    const p2NoteUID = (p2Note.body!.note as Note).noteUID;
    await w.owner.client.api(notesPath(inBoth!), {
      method: 'POST',
      body: JSON.stringify({ text: 'general' }),
    });

    const seen = await w.member.api(notesPath(inBoth!));
    expect((seen.body!.notes as Note[]).map((n) => n.text)).toEqual(['general']);
    const before = await snapshotCounts();
    expect(
      (
        await w.member.api(`${notesPath(inBoth!)}/${p2NoteUID}`, {
          method: 'PATCH',
          body: JSON.stringify({ text: 'x' }),
        })
      ).status,
    ).toBe(404);
    const onP2 = await w.member.api(notesPath(inBoth!), {
      method: 'POST',
      body: JSON.stringify({ text: 'x', pipelineUID: w.p2.pipelineUID }),
    });
    expect(onP2.status).toBe(404);
    expect(onP2.body!.error).toMatchObject({ field: 'pipelineUID' });
    expect((await w.member.api(notesPath(onlyP2!))).status).toBe(404);
    expect(
      (
        await w.member.api(notesPath(onlyP2!), {
          method: 'POST',
          body: JSON.stringify({ text: 'x' }),
        })
      ).status,
    ).toBe(404);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('answers 404 for another team’s contact and its notes', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const created = await w.owner.client.api(notesPath(gtid!), {
      method: 'POST',
      body: JSON.stringify({ text: 'private' }),
    });
    const noteUID = (created.body!.note as Note).noteUID;
    const before = await snapshotCounts();
    const other = w.other.client;
    expect((await other.api(notesPath(gtid!))).status).toBe(404);
    expect((await other.api(notesPath(gtid!, w.other.teamUID))).status).toBe(404);
    expect(
      (
        await other.api(`${notesPath(gtid!, w.other.teamUID)}/${noteUID}`, {
          method: 'PATCH',
          body: JSON.stringify({ text: 'x' }),
        })
      ).status,
    ).toBe(404);
    expect(
      (await other.api(`${notesPath(gtid!, w.other.teamUID)}/${noteUID}`, { method: 'DELETE' }))
        .status,
    ).toBe(404);
    expect(await snapshotCounts()).toEqual(before);
  });
});
