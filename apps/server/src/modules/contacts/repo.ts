import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';

/**
 * Contacts and their per-pipeline placement (DESIGN §5). Every function takes the scope first and
 * filters by its team; pipeline reads apply the scope's pipeline visibility.
 */

const iso = (v: Date | string | null): string | null => (v ? new Date(v).toISOString() : null);

// ---------------------------------------------------------------------------------------------
// contact

export interface ContactFields {
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
  sources: string[];
  profiles: Record<string, string>;
}

export interface ContactRow extends ContactFields {
  GTID: string;
  statusLabelUID: string | null;
  syncedTo: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string | null;
}

/**
 * Inserts a contact under a savepoint. A GTID already taken (unique violation on the key)
 * rolls back to the savepoint and answers false, so the caller can draw another GTID in the
 * same transaction; any other error is rethrown.
 */
export async function tryInsertContact(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  f: ContactFields,
  createdAt: Date,
): Promise<boolean> {
  await db.execute(sql`SAVEPOINT contact_insert`);
  try {
    await db.execute(sql`
      INSERT INTO contact (team_uid, gtid, first_name, last_name, full_name, email_address,
        phone_number, photo_url, sources, profiles, created_at, updated_at)
      VALUES (${scope.teamUID}, ${gtid}, ${f.firstName}, ${f.lastName}, ${f.fullName},
        ${f.emailAddress}, ${f.phoneNumber}, ${f.photoURL}, ${JSON.stringify(f.sources)}::jsonb,
        ${JSON.stringify(f.profiles)}::jsonb, ${createdAt.toISOString()}, ${createdAt.toISOString()})`);
  } catch (error) {
    await db.execute(sql`ROLLBACK TO SAVEPOINT contact_insert`);
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  await db.execute(sql`RELEASE SAVEPOINT contact_insert`);
  return true;
}

type ContactDbRow = {
  gtid: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email_address: string | null;
  phone_number: string | null;
  photo_url: string | null;
  sources: string[];
  profiles: Record<string, string>;
  status_label_uid: string | null;
  synced_to: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  last_activity_at: Date | string | null;
};

const toContact = (r: ContactDbRow): ContactRow => ({
  GTID: r.gtid,
  firstName: r.first_name,
  lastName: r.last_name,
  fullName: r.full_name,
  emailAddress: r.email_address,
  phoneNumber: r.phone_number,
  photoURL: r.photo_url,
  sources: r.sources ?? [],
  profiles: r.profiles ?? {},
  statusLabelUID: r.status_label_uid,
  syncedTo: r.synced_to ?? {},
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  lastActivityAt: iso(r.last_activity_at),
});

/** The stored contact (the caller has checked visibility with requireContact). */
export async function readContact(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
): Promise<ContactRow | null> {
  const r = await db.execute<ContactDbRow>(sql`
    SELECT gtid, first_name, last_name, full_name, email_address, phone_number, photo_url,
      sources, profiles, status_label_uid, synced_to, created_at, updated_at, last_activity_at
    FROM contact WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid}`);
  return r.rows[0] ? toContact(r.rows[0]) : null;
}

export async function updateContact(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  f: ContactFields,
): Promise<void> {
  await db.execute(sql`
    UPDATE contact SET first_name = ${f.firstName}, last_name = ${f.lastName},
      full_name = ${f.fullName}, email_address = ${f.emailAddress},
      phone_number = ${f.phoneNumber}, photo_url = ${f.photoURL},
      sources = ${JSON.stringify(f.sources)}::jsonb, profiles = ${JSON.stringify(f.profiles)}::jsonb,
      updated_at = now()
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid}`);
}

// ---------------------------------------------------------------------------------------------
// placement (contact_pipeline)

interface Placement {
  stageUID: string;
  position: string;
}

/** The contact's placement in a pipeline the scope may see, locked when asked. */
export async function findPlacement(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string,
  opts: { lock?: boolean } = {},
): Promise<Placement | null> {
  const r = await db.execute<{ stage_uid: string; position: string }>(sql`
    SELECT stage_uid, position FROM contact_pipeline
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid} AND pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}
    ${opts.lock ? sql`FOR UPDATE` : sql``}`);
  const row = r.rows[0];
  return row ? { stageUID: row.stage_uid, position: row.position } : null;
}

/**
 * Deletes many contacts (everything of theirs cascades); answers the contacts deleted with the
 * pipelines they were in (RETURNING reads the placements before the cascade removes them).
 */
export async function deleteContacts(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
): Promise<{ gtid: string; pipelineUIDs: string[] }[]> {
  if (gtids.length === 0) return [];
  const r = await db.execute<{ gtid: string; pipeline_uids: string[] }>(sql`
    DELETE FROM contact c WHERE c.team_uid = ${scope.teamUID}
      AND c.gtid = ANY(${sql.param([...gtids])}::text[])
    RETURNING c.gtid, ARRAY(SELECT cp.pipeline_uid FROM contact_pipeline cp
      WHERE cp.team_uid = c.team_uid AND cp.gtid = c.gtid ORDER BY cp.pipeline_uid) AS pipeline_uids`);
  return r.rows.map((row) => ({ gtid: row.gtid, pipelineUIDs: row.pipeline_uids }));
}

/**
 * Takes the contact out of a pipeline: the placement goes (its deals, answers and pipeline tags
 * cascade) and so does its stage history there.
 */
export async function deletePlacement(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string,
): Promise<void> {
  await db.execute(sql`
    DELETE FROM stage_history
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid} AND pipeline_uid = ${pipelineUID}`);
  await db.execute(sql`
    DELETE FROM contact_pipeline
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid} AND pipeline_uid = ${pipelineUID}`);
}

// ---------------------------------------------------------------------------------------------
// stage history

/** Deletes one history entry of the contact in the pipeline; answers it with its stage's name. */
export async function deleteHistory(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string,
  id: string,
): Promise<{ stageUID: string; name: string | null; at: string } | null> {
  const r = await db.execute<{ stage_uid: string; name: string | null; at: Date | string }>(sql`
    WITH gone AS (
      DELETE FROM stage_history
      WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid} AND pipeline_uid = ${pipelineUID}
        AND id = ${id}
      RETURNING team_uid, stage_uid, at)
    SELECT g.stage_uid, s.name, g.at FROM gone g
    LEFT JOIN stage s ON s.team_uid = g.team_uid AND s.stage_uid = g.stage_uid`);
  const row = r.rows[0];
  return row ? { stageUID: row.stage_uid, name: row.name, at: iso(row.at)! } : null;
}

// ---------------------------------------------------------------------------------------------
// the whole contact (GET)

export interface PipelineEntryRow {
  groupUID: string;
  nickName: string;
  stageUID: string;
  stage: { name: string; color: string; fontColor: string; idx: number };
  addedAt: string;
  stageChangedAt: string;
}

/** The contact's placements in the pipelines the scope may see (`only` narrows to one). */
export async function readPlacements(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  only?: string,
): Promise<PipelineEntryRow[]> {
  const r = await db.execute<{
    pipeline_uid: string;
    nick_name: string;
    stage_uid: string;
    name: string;
    color: string;
    font_color: string;
    idx: number;
    added_at: Date | string;
    stage_changed_at: Date | string;
  }>(sql`
    SELECT cp.pipeline_uid, p.nick_name, cp.stage_uid, s.name, s.color, s.font_color, s.idx,
      cp.added_at, cp.stage_changed_at
    FROM contact_pipeline cp
    JOIN pipeline p ON p.team_uid = cp.team_uid AND p.pipeline_uid = cp.pipeline_uid
    JOIN stage s ON s.team_uid = cp.team_uid AND s.stage_uid = cp.stage_uid
    WHERE cp.team_uid = ${scope.teamUID} AND cp.gtid = ${gtid}
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)}
      ${only === undefined ? sql`` : sql`AND cp.pipeline_uid = ${only}`}
    ORDER BY p."order", p.pipeline_uid`);
  return r.rows.map((row) => ({
    groupUID: row.pipeline_uid,
    nickName: row.nick_name,
    stageUID: row.stage_uid,
    stage: { name: row.name, color: row.color, fontColor: row.font_color, idx: row.idx },
    addedAt: iso(row.added_at)!,
    stageChangedAt: iso(row.stage_changed_at)!,
  }));
}

const inPipelines = (column: SQL, pipelineUIDs: readonly string[]) =>
  sql`${column} = ANY(${sql.param([...pipelineUIDs])}::text[])`;

export interface HistoryEntry {
  id: string;
  stageUID: string;
  /** Null when the stage has since been deleted. */
  name: string | null;
  at: string;
}

/** Stage history per pipeline, oldest first. */
export async function readHistory(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUIDs: readonly string[],
): Promise<Map<string, HistoryEntry[]>> {
  const out = new Map<string, HistoryEntry[]>();
  if (pipelineUIDs.length === 0) return out;
  const r = await db.execute<{
    id: string;
    pipeline_uid: string;
    stage_uid: string;
    name: string | null;
    at: Date | string;
  }>(sql`
    SELECT h.id, h.pipeline_uid, h.stage_uid, s.name, h.at
    FROM stage_history h
    LEFT JOIN stage s ON s.team_uid = h.team_uid AND s.stage_uid = h.stage_uid
    WHERE h.team_uid = ${scope.teamUID} AND h.gtid = ${gtid}
      AND ${inPipelines(sql`h.pipeline_uid`, pipelineUIDs)}
    ORDER BY h.at, h.id`);
  for (const row of r.rows) {
    const list = out.get(row.pipeline_uid) ?? [];
    list.push({ id: row.id, stageUID: row.stage_uid, name: row.name, at: iso(row.at)! });
    out.set(row.pipeline_uid, list);
  }
  return out;
}

export interface DealEntry {
  dealUID: string;
  name: string;
  /** A decimal string, exact (as the deals endpoints answer it). */
  value: string;
  currency: string;
  status: string;
  createdAt: string;
}

export async function readDeals(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUIDs: readonly string[],
): Promise<Map<string, DealEntry[]>> {
  const out = new Map<string, DealEntry[]>();
  if (pipelineUIDs.length === 0) return out;
  const r = await db.execute<{
    deal_uid: string;
    pipeline_uid: string;
    name: string;
    value: string;
    currency: string;
    status: string;
    created_at: Date | string;
  }>(sql`
    SELECT deal_uid, pipeline_uid, name, value, currency, status, created_at FROM deal
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid}
      AND ${inPipelines(sql`pipeline_uid`, pipelineUIDs)}
    ORDER BY created_at, deal_uid`);
  for (const row of r.rows) {
    const list = out.get(row.pipeline_uid) ?? [];
    list.push({
      dealUID: row.deal_uid,
      name: row.name,
      value: row.value,
      currency: row.currency,
      status: row.status,
      createdAt: iso(row.created_at)!,
    });
    out.set(row.pipeline_uid, list);
  }
  return out;
}

export interface AnswerEntry {
  answerUID: string;
  questionUID: string | null;
  question: string;
  answer: string;
}

export async function readAnswers(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUIDs: readonly string[],
): Promise<Map<string, AnswerEntry[]>> {
  const out = new Map<string, AnswerEntry[]>();
  if (pipelineUIDs.length === 0) return out;
  const r = await db.execute<{
    answer_uid: string;
    pipeline_uid: string;
    question_uid: string | null;
    question: string;
    answer: string;
  }>(sql`
    SELECT answer_uid, pipeline_uid, question_uid, question, answer FROM answer
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid}
      AND ${inPipelines(sql`pipeline_uid`, pipelineUIDs)}
    ORDER BY "order", answer_uid`);
  for (const row of r.rows) {
    const list = out.get(row.pipeline_uid) ?? [];
    list.push({
      answerUID: row.answer_uid,
      questionUID: row.question_uid,
      question: row.question,
      answer: row.answer,
    });
    out.set(row.pipeline_uid, list);
  }
  return out;
}

export interface TagEntry {
  tagID: string;
  tagSetUID: string;
  name: string;
  /** The tag's colour, else its set's; null for an orphaned tag. */
  color: string | null;
  /** On the contact but in no tag set any more (SPEC §3 Team orphanedTags). */
  orphaned: boolean;
}

/**
 * The contact's tags: global ones under the key null, pipeline ones under their pipeline (only
 * the given pipelines). A tag that is in no set any more is `orphaned` and keeps the name it had.
 */
export async function readTags(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUIDs: readonly string[],
): Promise<Map<string | null, TagEntry[]>> {
  const r = await db.execute<{
    pipeline_uid: string | null;
    tag_id: string;
    tag_set_uid: string;
    name: string;
    color: string | null;
    orphaned: boolean;
  }>(sql`
    SELECT ct.pipeline_uid, ct.tag_id, coalesce(t.tag_set_uid, ct.tag_set_uid) AS tag_set_uid,
      coalesce(t.name, ct.name) AS name, coalesce(t.color, ts.color) AS color,
      (ts.tag_set_uid IS NULL) AS orphaned
    FROM contact_tag ct
    LEFT JOIN tag t ON t.team_uid = ct.team_uid AND t.tag_id = ct.tag_id
    LEFT JOIN tag_set ts ON ts.team_uid = t.team_uid AND ts.tag_set_uid = t.tag_set_uid
    WHERE ct.team_uid = ${scope.teamUID} AND ct.gtid = ${gtid}
      AND (ct.pipeline_uid IS NULL
        ${pipelineUIDs.length > 0 ? sql`OR ${inPipelines(sql`ct.pipeline_uid`, pipelineUIDs)}` : sql``})
    ORDER BY ts."order" NULLS LAST, t."order" NULLS LAST, ct.added_at, ct.tag_id`);
  const out = new Map<string | null, TagEntry[]>();
  for (const row of r.rows) {
    const list = out.get(row.pipeline_uid) ?? [];
    list.push({
      tagID: row.tag_id,
      tagSetUID: row.tag_set_uid,
      name: row.name,
      color: row.orphaned ? null : row.color,
      orphaned: row.orphaned,
    });
    out.set(row.pipeline_uid, list);
  }
  return out;
}
