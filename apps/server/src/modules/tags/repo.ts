import type { OrphanedTag, Tag, TagSet } from '@leadloom/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { setsNothing } from '../../db/patch';
import { tag, tagSet } from '../../db/schema';
import type { TeamScope } from '../../db/scope';
import { visibleContacts, visiblePipelineFilter } from '../../db/visibility';
import { writeListOrder } from '../../db/list-order';

/** A tag and a tag set as the API answers them (core's contracts). */
export type TagRow = Tag;
export type TagSetRow = TagSet;

/** Which tag sets a list covers: all the scope sees, the global ones, or one pipeline's. */
export type TagSetFilter = { kind: 'all' } | { kind: 'global' } | { kind: 'pipeline'; uid: string };

/** `ts.pipeline_uid` is global or a pipeline the scope may see. */
const visibleSet = (scope: TeamScope): SQL =>
  sql`(ts.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ts.pipeline_uid`)})`;

/** Same scope of pipeline (null = global) on two columns. */
const samePipeline = (a: SQL, b: SQL | string | null): SQL => sql`${a} IS NOT DISTINCT FROM ${b}`;

type RawSet = {
  tag_set_uid: string;
  pipeline_uid: string | null;
  name: string;
  color: string;
  connection_uid: string | null;
  order: number;
  contacts: string;
  tags: TagRow[] | null;
};

const toSet = (r: RawSet): TagSetRow => ({
  tagSetUID: r.tag_set_uid,
  pipelineUID: r.pipeline_uid,
  name: r.name,
  color: r.color,
  connectionUID: r.connection_uid,
  order: r.order,
  contacts: Number(r.contacts),
  tags: r.tags ?? [],
});

/** A contact_tag row `ct` the scope may see: its pipeline (or global) and its contact. */
function visibleContactTag(scope: TeamScope): SQL {
  if (scope.visiblePipelines === 'all') return sql`TRUE`;
  return sql`(ct.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ct.pipeline_uid`)})
    AND EXISTS (SELECT 1 FROM contact c WHERE c.team_uid = ct.team_uid AND c.gtid = ct.gtid
      AND ${visibleContacts(scope, 'c')})`;
}

/** Tag sets with their tags (by order): global ones first, then by pipeline order. */
export async function listTagSets(
  scope: TeamScope,
  db: AppDb,
  filter: TagSetFilter,
  tagSetUID?: string,
): Promise<TagSetRow[]> {
  const where =
    filter.kind === 'global'
      ? sql`ts.pipeline_uid IS NULL`
      : filter.kind === 'pipeline'
        ? sql`ts.pipeline_uid = ${filter.uid}`
        : sql`TRUE`;
  const r = await db.execute<RawSet>(sql`
    SELECT ts.tag_set_uid, ts.pipeline_uid, ts.name, ts.color, ts.connection_uid, ts."order",
      (SELECT json_agg(json_build_object('tagID', t.tag_id, 'name', t.name, 'value', t.value,
          'color', t.color, 'remoteID', t.remote_id, 'order', t."order",
          'contacts', (SELECT count(DISTINCT ct.gtid) FROM contact_tag ct
            WHERE ct.team_uid = t.team_uid AND ct.tag_id = t.tag_id AND ${visibleContactTag(scope)}))
          ORDER BY t."order", t.tag_id)
        FROM tag t WHERE t.team_uid = ts.team_uid AND t.tag_set_uid = ts.tag_set_uid) AS tags,
      (SELECT count(DISTINCT ct.gtid) FROM contact_tag ct
        JOIN tag t ON t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id
        WHERE t.team_uid = ts.team_uid AND t.tag_set_uid = ts.tag_set_uid
          AND ${visibleContactTag(scope)}) AS contacts
    FROM tag_set ts
    LEFT JOIN pipeline p ON p.team_uid = ts.team_uid AND p.pipeline_uid = ts.pipeline_uid
    WHERE ts.team_uid = ${scope.teamUID} AND ${visibleSet(scope)} AND ${where}
      ${tagSetUID === undefined ? sql`` : sql`AND ts.tag_set_uid = ${tagSetUID}`}
    ORDER BY (ts.pipeline_uid IS NOT NULL), p."order", p.pipeline_uid, ts."order", ts.tag_set_uid`);
  return r.rows.map(toSet);
}

export async function findTagSet(scope: TeamScope, db: AppDb, tagSetUID: string) {
  return (await listTagSets(scope, db, { kind: 'all' }, tagSetUID))[0] ?? null;
}

/** A pipeline of the team the scope may see. */
export async function pipelineVisible(scope: TeamScope, db: AppDb, pipelineUID: string) {
  const r = await db.execute(sql`
    SELECT 1 FROM pipeline WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}`);
  return r.rows.length > 0;
}

export async function connectionExists(scope: TeamScope, db: AppDb, connectionUID: string) {
  const r = await db.execute(sql`
    SELECT 1 FROM connection WHERE team_uid = ${scope.teamUID} AND connection_uid = ${connectionUID}`);
  return r.rows.length > 0;
}

export interface NewTag {
  tagID: string;
  name: string;
  value: string;
  color: string | null;
  remoteID: string | null;
}

/** Appends a tag set after the others of its pipeline (or of the global ones). */
export async function insertTagSet(
  scope: TeamScope,
  db: AppDb,
  s: {
    tagSetUID: string;
    pipelineUID: string | null;
    name: string;
    color: string;
    connectionUID: string | null;
  },
) {
  await db.execute(sql`
    INSERT INTO tag_set (team_uid, tag_set_uid, pipeline_uid, name, color, connection_uid, "order")
    VALUES (${scope.teamUID}, ${s.tagSetUID}, ${s.pipelineUID}, ${s.name}, ${s.color},
      ${s.connectionUID},
      (SELECT coalesce(max("order"), -1) + 1 FROM tag_set
        WHERE team_uid = ${scope.teamUID} AND ${samePipeline(sql`pipeline_uid`, s.pipelineUID)}))`);
}

/** Appends tags after the set's others, in the given order (one statement). */
export async function insertTags(
  scope: TeamScope,
  db: AppDb,
  tagSetUID: string,
  tags: readonly NewTag[],
) {
  if (tags.length === 0) return;
  const values = sql.join(
    tags.map(
      (t, i) => sql`(${t.tagID}, ${t.name}, ${t.value}, ${t.color}, ${t.remoteID}, ${i}::int)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO tag (team_uid, tag_id, tag_set_uid, name, value, color, remote_id, "order")
    SELECT ${scope.teamUID}, v.tag_id, ${tagSetUID}, v.name, v.value, v.color, v.remote_id,
      (SELECT coalesce(max("order"), -1) + 1 FROM tag
        WHERE team_uid = ${scope.teamUID} AND tag_set_uid = ${tagSetUID}) + v.i
    FROM (VALUES ${values}) AS v(tag_id, name, value, color, remote_id, i)`);
}

export async function updateTagSet(
  scope: TeamScope,
  db: AppDb,
  tagSetUID: string,
  patch: { name?: string; color?: string; connectionUID?: string | null },
) {
  const set = { name: patch.name, color: patch.color, connectionUID: patch.connectionUID };
  if (setsNothing(set)) return;
  await db
    .update(tagSet)
    .set(set)
    .where(and(eq(tagSet.teamUID, scope.teamUID), eq(tagSet.tagSetUID, tagSetUID)));
}

/** How many contacts carry any of these tags (they become orphaned tags when the tags go). */
export async function contactsWithTags(scope: TeamScope, db: AppDb, tagIDs: readonly string[]) {
  if (tagIDs.length === 0) return 0;
  const r = await db.execute<{ n: string }>(sql`
    SELECT count(DISTINCT gtid) AS n FROM contact_tag
    WHERE team_uid = ${scope.teamUID} AND tag_id = ANY(${sql.param([...tagIDs])}::text[])`);
  return Number(r.rows[0]!.n);
}

/** Deletes a tag set; its tags go with it (foreign key), contact_tag rows stay (orphaned). */
export async function deleteTagSet(scope: TeamScope, db: AppDb, tagSetUID: string) {
  await db.execute(sql`
    DELETE FROM tag_set WHERE team_uid = ${scope.teamUID} AND tag_set_uid = ${tagSetUID}`);
}

/** Orders the sets of one pipeline scope by the given list (one statement). */
export async function reorderTagSets(scope: TeamScope, db: AppDb, order: readonly string[]) {
  await writeListOrder(db, { table: 'tag_set', key: 'tag_set_uid', teamUID: scope.teamUID }, order);
}

/** The uids of the sets in one pipeline scope (null = global). */
export async function tagSetUIDsIn(scope: TeamScope, db: AppDb, pipelineUID: string | null) {
  const r = await db.execute<{ tag_set_uid: string }>(sql`
    SELECT tag_set_uid FROM tag_set
    WHERE team_uid = ${scope.teamUID} AND ${samePipeline(sql`pipeline_uid`, pipelineUID)}
    FOR UPDATE`);
  return r.rows.map((x) => x.tag_set_uid);
}

export async function findTag(scope: TeamScope, db: AppDb, tagSetUID: string, tagID: string) {
  const r = await db.execute<{
    tag_id: string;
    name: string;
    value: string;
    color: string | null;
    remote_id: string | null;
    order: number;
    contacts: string;
  }>(sql`
    SELECT t.tag_id, t.name, t.value, t.color, t.remote_id, t."order",
      (SELECT count(DISTINCT ct.gtid) FROM contact_tag ct
        WHERE ct.team_uid = t.team_uid AND ct.tag_id = t.tag_id AND ${visibleContactTag(scope)})
        AS contacts
    FROM tag t
    WHERE t.team_uid = ${scope.teamUID} AND t.tag_set_uid = ${tagSetUID} AND t.tag_id = ${tagID}`);
  const t = r.rows[0];
  return t
    ? ({
        tagID: t.tag_id,
        name: t.name,
        value: t.value,
        color: t.color,
        remoteID: t.remote_id,
        order: t.order,
        contacts: Number(t.contacts),
      } satisfies TagRow)
    : null;
}

/** A tag anywhere in the team the scope may see (for mapping orphans onto it). */
export async function findAnyTag(scope: TeamScope, db: AppDb, tagID: string) {
  const r = await db.execute<{
    tag_id: string;
    name: string;
    tag_set_uid: string;
    remote_id: string | null;
  }>(sql`
    SELECT t.tag_id, t.name, t.tag_set_uid, t.remote_id FROM tag t
    JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
    WHERE t.team_uid = ${scope.teamUID} AND t.tag_id = ${tagID} AND ${visibleSet(scope)}`);
  const t = r.rows[0];
  return t
    ? { tagID: t.tag_id, name: t.name, tagSetUID: t.tag_set_uid, remoteID: t.remote_id }
    : null;
}

export async function updateTag(
  scope: TeamScope,
  db: AppDb,
  tagID: string,
  patch: { name?: string; value?: string; color?: string | null; remoteID?: string | null },
) {
  const set = {
    name: patch.name,
    value: patch.value,
    color: patch.color,
    remoteID: patch.remoteID,
  };
  if (setsNothing(set)) return;
  await db
    .update(tag)
    .set(set)
    .where(and(eq(tag.teamUID, scope.teamUID), eq(tag.tagID, tagID)));
}

/** A renamed tag keeps its new name on the contacts that carry it. */
export async function renameOnContacts(scope: TeamScope, db: AppDb, tagID: string, name: string) {
  await db.execute(sql`
    UPDATE contact_tag SET name = ${name}
    WHERE team_uid = ${scope.teamUID} AND tag_id = ${tagID}`);
}

export async function deleteTag(scope: TeamScope, db: AppDb, tagID: string) {
  await db.execute(sql`DELETE FROM tag WHERE team_uid = ${scope.teamUID} AND tag_id = ${tagID}`);
}

export async function tagIDsOf(scope: TeamScope, db: AppDb, tagSetUID: string) {
  const r = await db.execute<{ tag_id: string }>(sql`
    SELECT tag_id FROM tag WHERE team_uid = ${scope.teamUID} AND tag_set_uid = ${tagSetUID}
    FOR UPDATE`);
  return r.rows.map((x) => x.tag_id);
}

export async function reorderTags(
  scope: TeamScope,
  db: AppDb,
  tagSetUID: string,
  order: readonly string[],
) {
  await writeListOrder(
    db,
    {
      table: 'tag',
      key: 'tag_id',
      teamUID: scope.teamUID,
      where: sql`t.tag_set_uid = ${tagSetUID}`,
    },
    order,
  );
}

export type { OrphanedTag };

/** `ct` is a tag on a contact whose tag is in no tag set any more. */
const orphaned = sql`NOT EXISTS (SELECT 1 FROM tag t
  WHERE t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id)`;

/**
 * Orphaned tags (SPEC §3 Team `orphanedTags`): tags on contacts that are in no tag set, with
 * how many contacts (the scope may see) carry each, most used first.
 */
export async function listOrphanedTags(
  scope: TeamScope,
  db: AppDb,
  tagID?: string,
): Promise<OrphanedTag[]> {
  const r = await db.execute<{ tag_id: string; name: string; tag_set_uid: string; n: string }>(sql`
    SELECT ct.tag_id, max(ct.name) AS name, max(ct.tag_set_uid) AS tag_set_uid,
      count(DISTINCT ct.gtid) AS n
    FROM contact_tag ct
    JOIN contact c ON c.team_uid = ct.team_uid AND c.gtid = ct.gtid
    WHERE ct.team_uid = ${scope.teamUID} AND ${orphaned}
      AND (ct.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`ct.pipeline_uid`)})
      AND ${visibleContacts(scope, 'c')}
      ${tagID === undefined ? sql`` : sql`AND ct.tag_id = ${tagID}`}
    GROUP BY ct.tag_id
    ORDER BY count(DISTINCT ct.gtid) DESC, max(ct.name), ct.tag_id`);
  return r.rows.map((x) => ({
    tagID: x.tag_id,
    name: x.name,
    tagSetUID: x.tag_set_uid,
    contacts: Number(x.n),
  }));
}

export interface ContactTagRef {
  gtid: string;
  pipelineUID: string | null;
  /** The tag set the orphan row still names (a set that is gone). */
  tagSetUID: string;
}

export interface MappedRef extends ContactTagRef {
  /** The contact already had the target in that scope: its orphan row went, nothing was added. */
  merged: boolean;
}

const byContact = (a: ContactTagRef, b: ContactTagRef) =>
  a.gtid < b.gtid
    ? -1
    : a.gtid > b.gtid
      ? 1
      : (a.pipelineUID ?? '') < (b.pipelineUID ?? '')
        ? -1
        : 1;

/**
 * Moves an orphaned tag's rows onto `target` (set-based): first drops the rows of contacts that
 * already carry the target in the same pipeline scope (`merged`), then rewrites the rest.
 * Answers every (contact, pipeline) that carried the orphan.
 */
export async function mapOrphan(
  scope: TeamScope,
  db: AppDb,
  orphanTagID: string,
  target: { tagID: string; tagSetUID: string; name: string },
): Promise<MappedRef[]> {
  const before = await db.execute<{
    gtid: string;
    pipeline_uid: string | null;
    tag_set_uid: string;
  }>(sql`
    SELECT ct.gtid, ct.pipeline_uid, ct.tag_set_uid FROM contact_tag ct
    WHERE ct.team_uid = ${scope.teamUID} AND ct.tag_id = ${orphanTagID} AND ${orphaned}
    ORDER BY ct.gtid, ct.pipeline_uid
    FOR UPDATE`);
  const merged = await db.execute<{ gtid: string; pipeline_uid: string | null }>(sql`
    DELETE FROM contact_tag ct
    WHERE ct.team_uid = ${scope.teamUID} AND ct.tag_id = ${orphanTagID} AND ${orphaned}
      AND EXISTS (SELECT 1 FROM contact_tag d
        WHERE d.team_uid = ct.team_uid AND d.gtid = ct.gtid AND d.tag_id = ${target.tagID}
          AND ${samePipeline(sql`d.pipeline_uid`, sql`ct.pipeline_uid`)})
    RETURNING ct.gtid, ct.pipeline_uid`);
  const key = (gtid: string, pipelineUID: string | null) => `${gtid}/${pipelineUID ?? ''}`;
  const mergedKeys = new Set(merged.rows.map((x) => key(x.gtid, x.pipeline_uid)));
  await db.execute(sql`
    UPDATE contact_tag ct
    SET tag_id = ${target.tagID}, tag_set_uid = ${target.tagSetUID}, name = ${target.name}
    WHERE ct.team_uid = ${scope.teamUID} AND ct.tag_id = ${orphanTagID} AND ${orphaned}`);
  return before.rows.map((x) => ({
    gtid: x.gtid,
    pipelineUID: x.pipeline_uid,
    tagSetUID: x.tag_set_uid,
    merged: mergedKeys.has(key(x.gtid, x.pipeline_uid)),
  }));
}

/** Takes an orphaned tag off every contact; answers the (contact, pipeline) rows removed. */
export async function removeOrphan(
  scope: TeamScope,
  db: AppDb,
  orphanTagID: string,
): Promise<ContactTagRef[]> {
  const r = await db.execute<{
    gtid: string;
    pipeline_uid: string | null;
    tag_set_uid: string;
  }>(sql`
    DELETE FROM contact_tag ct
    WHERE ct.team_uid = ${scope.teamUID} AND ct.tag_id = ${orphanTagID} AND ${orphaned}
    RETURNING ct.gtid, ct.pipeline_uid, ct.tag_set_uid`);
  return r.rows
    .map((x) => ({ gtid: x.gtid, pipelineUID: x.pipeline_uid, tagSetUID: x.tag_set_uid }))
    .sort(byContact);
}
