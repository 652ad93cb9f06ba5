import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';

/** A tag of one of the team's tag sets, with its set's pipeline (null = a global set). */
export interface TagInfo {
  tagID: string;
  tagSetUID: string;
  /** The tag set's pipeline; null for a global tag set. */
  pipelineUID: string | null;
  name: string;
  value: string;
  /** The tag's colour, else its set's. */
  color: string;
  remoteID: string | null;
}

/** A tag in a tag set the scope may see (global sets, or the sets of visible pipelines). */
export async function findTag(scope: TeamScope, db: AppDb, tagID: string): Promise<TagInfo | null> {
  const r = await db.execute<{
    tag_id: string;
    tag_set_uid: string;
    pipeline_uid: string | null;
    name: string;
    value: string;
    color: string;
    remote_id: string | null;
  }>(sql`
    SELECT t.tag_id, t.tag_set_uid, ts.pipeline_uid, t.name, t.value,
      coalesce(t.color, ts.color) AS color, t.remote_id
    FROM tag t
    JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
    WHERE t.team_uid = ${scope.teamUID} AND t.tag_id = ${tagID}
      AND (ts.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ts.pipeline_uid`)})`);
  const row = r.rows[0];
  return row
    ? {
        tagID: row.tag_id,
        tagSetUID: row.tag_set_uid,
        pipelineUID: row.pipeline_uid,
        name: row.name,
        value: row.value,
        color: row.color,
        remoteID: row.remote_id,
      }
    : null;
}

/** A tag on a contact, with what is still known of the tag (null fields = an orphan). */
export interface ContactTagRow {
  tagID: string;
  tagSetUID: string;
  pipelineUID: string | null;
  name: string;
  /** Null when the tag is no longer in a tag set (orphaned). */
  color: string | null;
  remoteID: string | null;
  orphaned: boolean;
}

export async function findContactTag(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string | null,
  tagID: string,
): Promise<ContactTagRow | null> {
  const r = await db.execute<{
    tag_id: string;
    tag_set_uid: string;
    pipeline_uid: string | null;
    name: string;
    color: string | null;
    remote_id: string | null;
    orphaned: boolean;
  }>(sql`
    SELECT ct.tag_id, ct.tag_set_uid, ct.pipeline_uid, ct.name,
      coalesce(t.color, ts.color) AS color, t.remote_id, (t.tag_id IS NULL) AS orphaned
    FROM contact_tag ct
    LEFT JOIN tag t ON t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id
    LEFT JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
    WHERE ct.team_uid = ${scope.teamUID} AND ct.gtid = ${gtid} AND ct.tag_id = ${tagID}
      AND ct.pipeline_uid IS NOT DISTINCT FROM ${pipelineUID}
      AND (ct.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ct.pipeline_uid`)})`);
  const row = r.rows[0];
  return row
    ? {
        tagID: row.tag_id,
        tagSetUID: row.tag_set_uid,
        pipelineUID: row.pipeline_uid,
        name: row.name,
        color: row.color,
        remoteID: row.remote_id,
        orphaned: row.orphaned,
      }
    : null;
}

/** Inserts the tag row; answers false (and writes nothing) when the contact has it already. */
export async function insertContactTag(
  scope: TeamScope,
  db: AppDb,
  row: { gtid: string; pipelineUID: string | null; tagSetUID: string; tagID: string; name: string },
): Promise<boolean> {
  const r = await db.execute(sql`
    INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name)
    VALUES (${scope.teamUID}, ${row.gtid}, ${row.pipelineUID}, ${row.tagSetUID}, ${row.tagID},
      ${row.name})
    ON CONFLICT ON CONSTRAINT contact_tag_key DO NOTHING
    RETURNING 1`);
  return r.rows.length > 0;
}

export async function deleteContactTag(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string | null,
  tagID: string,
) {
  await db.execute(sql`
    DELETE FROM contact_tag ct
    WHERE ct.team_uid = ${scope.teamUID} AND ct.gtid = ${gtid} AND ct.tag_id = ${tagID}
      AND ct.pipeline_uid IS NOT DISTINCT FROM ${pipelineUID}`);
}
