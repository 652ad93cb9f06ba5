import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';

export interface NoteView {
  noteUID: string;
  text: string;
  pipelineUID: string | null;
  createdBy: string;
  createdByUID: string | null;
  createdAt: string;
  updatedAt: string;
}

type NoteRow = {
  note_uid: string;
  text: string;
  pipeline_uid: string | null;
  created_by: string;
  created_by_uid: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const COLUMNS = sql`n.note_uid, n.text, n.pipeline_uid, n.created_by, n.created_by_uid,
  n.created_at, n.updated_at`;

const toView = (r: NoteRow): NoteView => ({
  noteUID: r.note_uid,
  text: r.text,
  pipelineUID: r.pipeline_uid,
  createdBy: r.created_by,
  createdByUID: r.created_by_uid,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** A note is visible when it is not tied to a pipeline or tied to one the scope may see. */
const visible = (scope: TeamScope) =>
  sql`(n.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`n.pipeline_uid`)})`;

/** A contact's notes the scope may see, newest first. */
export async function listNotes(scope: TeamScope, db: AppDb, gtid: string): Promise<NoteView[]> {
  const r = await db.execute<NoteRow>(sql`
    SELECT ${COLUMNS} FROM note n
    WHERE n.team_uid = ${scope.teamUID} AND n.gtid = ${gtid} AND ${visible(scope)}
    ORDER BY n.created_at DESC, n.note_uid DESC`);
  return r.rows.map(toView);
}

export async function findNote(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  noteUID: string,
): Promise<NoteView | null> {
  const r = await db.execute<NoteRow>(sql`
    SELECT ${COLUMNS} FROM note n
    WHERE n.team_uid = ${scope.teamUID} AND n.gtid = ${gtid} AND n.note_uid = ${noteUID}
      AND ${visible(scope)}`);
  return r.rows[0] ? toView(r.rows[0]) : null;
}

/** Inserts a note authored by the scope's user (their name read in the same statement). */
export async function insertNote(
  scope: TeamScope,
  db: AppDb,
  note: { noteUID: string; gtid: string; pipelineUID: string | null; text: string },
): Promise<NoteView> {
  const r = await db.execute<NoteRow>(sql`
    INSERT INTO note AS n (team_uid, note_uid, gtid, pipeline_uid, text, created_by_uid, created_by)
    VALUES (${scope.teamUID}, ${note.noteUID}, ${note.gtid}, ${note.pipelineUID}, ${note.text},
      ${scope.uid}, coalesce((SELECT u.name FROM "user" u WHERE u.id = ${scope.uid}), ''))
    RETURNING ${COLUMNS}`);
  return toView(r.rows[0]!);
}

export async function updateNoteText(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  noteUID: string,
  text: string,
): Promise<NoteView> {
  const r = await db.execute<NoteRow>(sql`
    UPDATE note AS n SET text = ${text}, updated_at = now()
    WHERE n.team_uid = ${scope.teamUID} AND n.gtid = ${gtid} AND n.note_uid = ${noteUID}
    RETURNING ${COLUMNS}`);
  return toView(r.rows[0]!);
}

export async function deleteNote(scope: TeamScope, db: AppDb, gtid: string, noteUID: string) {
  await db.execute(sql`
    DELETE FROM note n
    WHERE n.team_uid = ${scope.teamUID} AND n.gtid = ${gtid} AND n.note_uid = ${noteUID}`);
}
