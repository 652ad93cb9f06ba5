import { newPushId } from '@leadloom/core';
import type { TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import type { TagSetRow } from './repo';

/**
 * Test-only helpers for the tags module (tests and isolation fixtures). Contact tags are written
 * directly: the contact-tags API belongs to the contacts module.
 */

export async function tagContact(
  s: TestServices,
  teamUID: string,
  gtid: string,
  tag: { tagID: string; tagSetUID: string; name: string; pipelineUID?: string | null },
) {
  await s.database.pool.query(
    `INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [teamUID, gtid, tag.pipelineUID ?? null, tag.tagSetUID, tag.tagID, tag.name],
  );
}

/** contact_tag rows of a team, as "gtid|pipeline|tagID|tagSetUID|name", sorted. */
export async function contactTagRows(s: TestServices, teamUID: string) {
  const r = await s.database.pool.query<{ row: string }>(
    `SELECT concat_ws('|', gtid, coalesce(pipeline_uid, 'global'), tag_id, tag_set_uid, name) AS row
     FROM contact_tag WHERE team_uid = $1 ORDER BY 1`,
    [teamUID],
  );
  return r.rows.map((x) => x.row);
}

/** An orphaned tag on `gtids` (a tag id that is in no tag set). */
export async function orphanOn(
  s: TestServices,
  teamUID: string,
  gtids: readonly string[],
  name = 'Old tag',
) {
  const tagID = newPushId();
  const tagSetUID = newPushId();
  for (const gtid of gtids) await tagContact(s, teamUID, gtid, { tagID, tagSetUID, name });
  return tagID;
}

export async function createTagSet(
  client: TestClient,
  teamUID: string,
  body: Record<string, unknown>,
): Promise<TagSetRow> {
  const res = await client.api(`/api/teams/${teamUID}/tag-sets`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`tag set: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!.tagSet as TagSetRow;
}
