import { newPushId, DomainError, notFound, resourceKey } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { leadDataOf, requireContact, type ContactHead } from '../contact-parts/access';
import { requireContactInPipeline } from '../contact-parts/placement';
import { MANAGERS } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/** The preview of a note kept on its activity (the timeline shows it; the note keeps all). */
const ACTIVITY_NOTE_LENGTH = 500;
const preview = (text: string) =>
  text.length > ACTIVITY_NOTE_LENGTH ? `${text.slice(0, ACTIVITY_NOTE_LENGTH - 1)}…` : text;

export async function listNotes(db: Db, scope: TeamScope, gtid: string) {
  await requireContact(scope, db.db, gtid);
  return { notes: await repo.listNotes(scope, db.db, gtid) };
}

/** The note's timeline entry and its `syncNotes` rows (SPEC §5), in the action's transaction. */
async function recordNoteChange(
  tx: Tx,
  scope: TeamScope,
  contact: ContactHead,
  action: 'created' | 'edited' | 'deleted',
  note: repo.NoteView,
) {
  await emit(tx, scope, {
    activities: [
      {
        gtid: contact.gtid,
        type: 'note',
        action,
        pipelineUID: note.pipelineUID,
        refUID: note.noteUID,
        note: preview(note.text),
      },
    ],
    syncs: [
      {
        change: {
          kind: 'notes',
          contact: { emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber },
          pipelineUID: note.pipelineUID,
        },
        lead: leadDataOf(contact),
        changeData: {
          action,
          noteUID: note.noteUID,
          text: action === 'deleted' ? null : note.text,
          createdBy: note.createdBy,
          createdAt: note.createdAt,
          updatedAt: note.updatedAt,
        },
      },
    ],
  });
}

export async function createNote(
  db: Db,
  scope: TeamScope,
  gtid: string,
  body: { text: string; pipelineUID?: string | null | undefined },
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const contact = await requireContact(scope, tx.db, gtid, { lock: true });
      const pipelineUID = body.pipelineUID ?? null;
      if (pipelineUID) await requireContactInPipeline(scope, tx.db, gtid, pipelineUID);
      const note = await repo.insertNote(scope, tx.db, {
        noteUID: newPushId(),
        gtid,
        pipelineUID,
        text: body.text,
      });
      await emit(tx, scope, {
        changed: [logChange('note', resourceKey.part(gtid, note.noteUID), 'insert')],
        triggers: [{ trigger: 'noteAdded', gtid, pipelineUID, data: { noteUID: note.noteUID } }],
      });
      await recordNoteChange(tx, scope, contact, 'created', note);
      return { note };
    },
    options,
  );
}

/** The author edits and deletes their notes; owners and admins any note. */
function requireMayChange(scope: TeamScope, note: repo.NoteView, verb: string) {
  if (note.createdByUID === scope.uid || MANAGERS.includes(scope.role)) return;
  throw new DomainError(
    'permission-denied',
    `Only the note's author (${note.createdBy || 'another user'}) or team owners and admins can ${verb} this note.`,
  );
}

async function requireNote(tx: Tx, scope: TeamScope, gtid: string, noteUID: string) {
  const contact = await requireContact(scope, tx.db, gtid, { lock: true });
  const note = await repo.findNote(scope, tx.db, gtid, noteUID);
  if (!note) throw notFound('Note not found');
  return { contact, note };
}

export async function editNote(
  db: Db,
  scope: TeamScope,
  gtid: string,
  noteUID: string,
  body: { text: string },
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const { contact, note: before } = await requireNote(tx, scope, gtid, noteUID);
      requireMayChange(scope, before, 'edit');
      if (before.text === body.text) return { note: before };
      const note = await repo.updateNoteText(scope, tx.db, gtid, noteUID, body.text);
      await emit(tx, scope, {
        changed: [logChange('note', resourceKey.part(gtid, noteUID), 'update')],
      });
      await recordNoteChange(tx, scope, contact, 'edited', note);
      return { note };
    },
    options,
  );
}

export async function deleteNote(
  db: Db,
  scope: TeamScope,
  gtid: string,
  noteUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const { contact, note } = await requireNote(tx, scope, gtid, noteUID);
      requireMayChange(scope, note, 'delete');
      await repo.deleteNote(scope, tx.db, gtid, noteUID);
      await emit(tx, scope, {
        changed: [logChange('note', resourceKey.part(gtid, noteUID), 'delete')],
      });
      await recordNoteChange(tx, scope, contact, 'deleted', note);
      return { deleted: true as const };
    },
    options,
  );
}
