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

/** Tags by id from tag sets the scope may see (unknown or invisible ones are left out). */
export async function findTags(
  scope: TeamScope,
  db: AppDb,
  tagIDs: readonly string[],
): Promise<Map<string, TagInfo>> {
  if (tagIDs.length === 0) return new Map();
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
    WHERE t.team_uid = ${scope.teamUID} AND t.tag_id = ANY(${sql.param([...tagIDs])}::text[])
      AND (ts.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ts.pipeline_uid`)})`);
  return new Map(
    r.rows.map((row) => [
      row.tag_id,
      {
        tagID: row.tag_id,
        tagSetUID: row.tag_set_uid,
        pipelineUID: row.pipeline_uid,
        name: row.name,
        value: row.value,
        color: row.color,
        remoteID: row.remote_id,
      },
    ]),
  );
}

/**
 * Puts every tag on every contact (one statement for any number); answers the pairs that were
 * not there yet, in the order given (contacts, then tags).
 */
export async function insertContactTags(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  pipelineUID: string | null,
  tags: readonly { tagSetUID: string; tagID: string; name: string }[],
): Promise<{ gtid: string; tagID: string }[]> {
  if (gtids.length === 0 || tags.length === 0) return [];
  const r = await db.execute<{ gtid: string; tag_id: string }>(sql`
    INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name)
    SELECT ${scope.teamUID}, g.gtid, ${pipelineUID}::text, t.tag_set_uid, t.tag_id, t.name
    FROM unnest(${sql.param([...gtids])}::text[]) WITH ORDINALITY AS g(gtid, gn)
    CROSS JOIN unnest(${sql.param(tags.map((t) => t.tagSetUID))}::text[],
      ${sql.param(tags.map((t) => t.tagID))}::text[],
      ${sql.param(tags.map((t) => t.name))}::text[]) WITH ORDINALITY AS t(tag_set_uid, tag_id, name, tn)
    ORDER BY g.gn, t.tn
    ON CONFLICT ON CONSTRAINT contact_tag_key DO NOTHING
    RETURNING gtid, tag_id`);
  return r.rows.map((row) => ({ gtid: row.gtid, tagID: row.tag_id }));
}

/**
 * Takes the tags off the contacts (in `pipelineUID`, or their global tags with null), one
 * statement; answers the rows that were there, with what is still known of each tag (an
 * orphaned tag, no longer in a tag set, has no colour or remoteID).
 */
export async function deleteContactTags(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  pipelineUID: string | null,
  tagIDs: readonly string[],
): Promise<(ContactTagRow & { gtid: string })[]> {
  if (gtids.length === 0 || tagIDs.length === 0) return [];
  const r = await db.execute<{
    gtid: string;
    tag_id: string;
    tag_set_uid: string;
    pipeline_uid: string | null;
    name: string;
    color: string | null;
    remote_id: string | null;
    orphaned: boolean;
  }>(sql`
    WITH gone AS (
      DELETE FROM contact_tag ct
      WHERE ct.team_uid = ${scope.teamUID} AND ct.gtid = ANY(${sql.param([...gtids])}::text[])
        AND ct.tag_id = ANY(${sql.param([...tagIDs])}::text[])
        AND ct.pipeline_uid IS NOT DISTINCT FROM ${pipelineUID}::text
      RETURNING ct.gtid, ct.tag_id, ct.tag_set_uid, ct.pipeline_uid, ct.name)
    SELECT g.gtid, g.tag_id, g.tag_set_uid, g.pipeline_uid, g.name,
      coalesce(t.color, ts.color) AS color, t.remote_id, (t.tag_id IS NULL) AS orphaned
    FROM gone g
    LEFT JOIN tag t ON t.team_uid = ${scope.teamUID} AND t.tag_id = g.tag_id
    LEFT JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
    ORDER BY g.gtid, g.tag_id`);
  return r.rows.map((row) => ({
    gtid: row.gtid,
    tagID: row.tag_id,
    tagSetUID: row.tag_set_uid,
    pipelineUID: row.pipeline_uid,
    name: row.name,
    color: row.color,
    remoteID: row.remote_id,
    orphaned: row.orphaned,
  }));
}
