import { sql, type SQL } from 'drizzle-orm';
import type { StageEnd } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { isUniqueViolation } from '../../db/errors';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
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
// pipelines and stages

export interface PipelineRef {
  groupUID: string;
  nickName: string;
}

/** A pipeline the scope may see, or null. */
export async function findPipeline(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<PipelineRef | null> {
  const r = await db.execute<{ pipeline_uid: string; nick_name: string }>(sql`
    SELECT pipeline_uid, nick_name FROM pipeline
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}`);
  const row = r.rows[0];
  return row ? { groupUID: row.pipeline_uid, nickName: row.nick_name } : null;
}

export interface StageRef {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  idx: number;
  remoteID: string | null;
}

type StageDbRow = {
  stage_uid: string;
  name: string;
  color: string;
  font_color: string;
  idx: number;
  remote_id: string | null;
};

const toStage = (r: StageDbRow): StageRef => ({
  stageUID: r.stage_uid,
  name: r.name,
  color: r.color,
  fontColor: r.font_color,
  idx: r.idx,
  remoteID: r.remote_id,
});

/** A stage of the pipeline (`stageUID` given) or, without one, its placeholder (lowest idx). */
export async function findStage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string | null,
): Promise<StageRef | null> {
  const r = await db.execute<StageDbRow>(sql`
    SELECT stage_uid, name, color, font_color, idx, remote_id FROM stage
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      ${stageUID === null ? sql`` : sql`AND stage_uid = ${stageUID}`}
    ORDER BY idx, stage_uid LIMIT 1`);
  return r.rows[0] ? toStage(r.rows[0]) : null;
}

// ---------------------------------------------------------------------------------------------
// placement (contact_pipeline) and card positions

export interface Placement {
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

/** Keys around a drop (service.positionFor): the neighbours' own and the next ones beyond them. */
export interface DropKeys {
  /** The `afterGtid` card's key, null when it is not in the stage (or none was given). */
  after: string | null;
  before: string | null;
  /** The smallest key greater than `after`'s, leaving out the moving card. */
  afterNext: string | null;
  /** The greatest key smaller than `before`'s, leaving out the moving card. */
  beforePrev: string | null;
  /** The stage's last key, leaving out the moving card. */
  last: string | null;
}

/** Places many contacts in one stage of a pipeline at their keys, one deferred statement. */
export function insertPlacements(
  scope: TeamScope,
  tx: Tx,
  pipelineUID: string,
  stageUID: string,
  rows: readonly { gtid: string; position: string }[],
  at: Date,
): void {
  if (rows.length === 0) return;
  tx.defer(
    'contact_pipeline',
    sql`
    INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position, added_at,
      stage_changed_at)
    SELECT ${scope.teamUID}, v.gtid, ${pipelineUID}, ${stageUID}, v.position, ${at.toISOString()},
      ${at.toISOString()}
    FROM unnest(${sql.param(rows.map((r) => r.gtid))}::text[],
      ${sql.param(rows.map((r) => r.position))}::text[]) AS v(gtid, position)`,
  );
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
// set-based stage moves (service.moveToStage)

/** A pipeline the scope may see with its stages by idx, one statement; null when it may not. */
export async function findPipelineWithStages(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<{ pipeline: PipelineRef; stages: StageRef[] } | null> {
  const r = await db.execute<{ pipeline_uid: string; nick_name: string } & Partial<StageDbRow>>(sql`
    SELECT p.pipeline_uid, p.nick_name, s.stage_uid, s.name, s.color, s.font_color, s.idx,
      s.remote_id
    FROM pipeline p
    LEFT JOIN stage s ON s.team_uid = p.team_uid AND s.pipeline_uid = p.pipeline_uid
    WHERE p.team_uid = ${scope.teamUID} AND p.pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`p.pipeline_uid`)}
    ORDER BY s.idx, s.stage_uid`);
  const first = r.rows[0];
  if (!first) return null;
  return {
    pipeline: { groupUID: first.pipeline_uid, nickName: first.nick_name },
    stages: r.rows.filter((row) => row.stage_uid != null).map((row) => toStage(row as StageDbRow)),
  };
}

/** A contact's placement in one pipeline, with what the sync rows need of the contact. */
export interface MovingPlacement extends Placement {
  contact: {
    gtid: string;
    firstName: string;
    lastName: string;
    fullName: string;
    emailAddress: string | null;
    phoneNumber: string | null;
    statusLabelUID: string | null;
  };
}

/**
 * Locks the placements of `gtids` in the pipeline with their contacts, in GTID order (contact
 * row, then placement row, as the single-contact actions lock them, so two moves cannot
 * deadlock), and answers them with the contacts' lead data; one statement for any number.
 * GTIDs not placed in the pipeline are left out.
 */
export async function lockPlacements(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  gtids: readonly string[],
): Promise<Map<string, MovingPlacement>> {
  const out = new Map<string, MovingPlacement>();
  if (gtids.length === 0) return out;
  const r = await db.execute<{
    gtid: string;
    stage_uid: string;
    position: string;
    first_name: string;
    last_name: string;
    full_name: string;
    email_address: string | null;
    phone_number: string | null;
    status_label_uid: string | null;
  }>(sql`
    SELECT cp.gtid, cp.stage_uid, cp.position, c.first_name, c.last_name, c.full_name,
      c.email_address, c.phone_number, c.status_label_uid
    FROM contact_pipeline cp
    JOIN contact c ON c.team_uid = cp.team_uid AND c.gtid = cp.gtid
    WHERE cp.team_uid = ${scope.teamUID} AND cp.pipeline_uid = ${pipelineUID}
      AND cp.gtid = ANY(${sql.param([...gtids])}::text[])
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)}
    ORDER BY cp.gtid
    FOR UPDATE OF c, cp`);
  for (const row of r.rows) {
    out.set(row.gtid, {
      stageUID: row.stage_uid,
      position: row.position,
      contact: {
        gtid: row.gtid,
        firstName: row.first_name,
        lastName: row.last_name,
        fullName: row.full_name,
        emailAddress: row.email_address,
        phoneNumber: row.phone_number,
        statusLabelUID: row.status_label_uid,
      },
    });
  }
  return out;
}

/** What one card's drop reads: its pipeline with the stages, its locked placement, the keys. */
export interface LockedDrop {
  pipeline: PipelineRef;
  stages: StageRef[];
  placement: MovingPlacement;
  keys: DropKeys;
  /** The value of the caller's `extra` column. */
  extra: unknown;
}

/**
 * A single card's move in one statement (the board's most frequent write): locks the card's
 * placement with its contact (as `lockPlacements` does) and reads, in the same round trip, its
 * pipeline with the stages (the scope must see the pipeline) and the {@link DropKeys} of
 * `stageUID` (which need not be a stage of the pipeline: the caller checks it against
 * `stages`). Null when the pipeline is not visible or the card is not in it. Neighbours are
 * never locked: their keys are as of the statement (a concurrent drop next to the same card
 * may get an equal key, which the order's GTID tie-break settles, as before). `extra`, a
 * scalar subquery of the team's (e.g. its sync connections), rides along as `extra`.
 */
export async function lockDrop(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  gtid: string,
  stageUID: string,
  afterGtid: string | null,
  beforeGtid: string | null,
  extra: SQL = sql`NULL`,
): Promise<LockedDrop | null> {
  const inStage = sql`x.team_uid = cp.team_uid AND x.pipeline_uid = cp.pipeline_uid
    AND x.stage_uid = ${stageUID}`;
  const a = sql`(SELECT x.position FROM contact_pipeline x WHERE ${inStage} AND x.gtid = ${afterGtid})`;
  const b = sql`(SELECT x.position FROM contact_pipeline x WHERE ${inStage} AND x.gtid = ${beforeGtid})`;
  const r = await executePrepared<{
    gtid: string;
    stage_uid: string;
    position: string;
    first_name: string;
    last_name: string;
    full_name: string;
    email_address: string | null;
    phone_number: string | null;
    status_label_uid: string | null;
    nick_name: string;
    stages: StageDbRow[] | string | null;
    after: string | null;
    before: string | null;
    after_next: string | null;
    before_prev: string | null;
    last: string | null;
    extra: unknown;
  }>(
    db,
    sql`
    SELECT cp.gtid, cp.stage_uid, cp.position, c.first_name, c.last_name, c.full_name,
      c.email_address, c.phone_number, c.status_label_uid, p.nick_name, ${extra} AS extra,
      (SELECT json_agg(json_build_object('stage_uid', s.stage_uid, 'name', s.name,
          'color', s.color, 'font_color', s.font_color, 'idx', s.idx, 'remote_id', s.remote_id)
          ORDER BY s.idx, s.stage_uid)
        FROM stage s WHERE s.team_uid = p.team_uid AND s.pipeline_uid = p.pipeline_uid) AS stages,
      ${a} AS after, ${b} AS before,
      (SELECT min(x.position) FROM contact_pipeline x WHERE ${inStage} AND x.gtid <> cp.gtid
        AND x.position > ${a}) AS after_next,
      (SELECT max(x.position) FROM contact_pipeline x WHERE ${inStage} AND x.gtid <> cp.gtid
        AND x.position < ${b}) AS before_prev,
      (SELECT max(x.position) FROM contact_pipeline x WHERE ${inStage} AND x.gtid <> cp.gtid)
        AS last
    FROM contact_pipeline cp
    JOIN contact c ON c.team_uid = cp.team_uid AND c.gtid = cp.gtid
    JOIN pipeline p ON p.team_uid = cp.team_uid AND p.pipeline_uid = cp.pipeline_uid
    WHERE cp.team_uid = ${scope.teamUID} AND cp.pipeline_uid = ${pipelineUID}
      AND cp.gtid = ${gtid}
      AND ${visiblePipelineFilter(scope, sql`cp.pipeline_uid`)}
    FOR UPDATE OF c, cp`,
  );
  const row = r.rows[0];
  if (!row) return null;
  const stages = (
    typeof row.stages === 'string' ? (JSON.parse(row.stages) as StageDbRow[]) : (row.stages ?? [])
  ).map(toStage);
  return {
    pipeline: { groupUID: pipelineUID, nickName: row.nick_name },
    stages,
    placement: {
      stageUID: row.stage_uid,
      position: row.position,
      contact: {
        gtid: row.gtid,
        firstName: row.first_name,
        lastName: row.last_name,
        fullName: row.full_name,
        emailAddress: row.email_address,
        phoneNumber: row.phone_number,
        statusLabelUID: row.status_label_uid,
      },
    },
    keys: {
      after: row.after,
      before: row.before,
      afterNext: row.after_next,
      beforePrev: row.before_prev,
      last: row.last,
    },
    extra: row.extra,
  };
}

/**
 * The key of the first or last card of a stage, leaving out the given cards (those about to
 * move); null when the stage has no other card. One index probe either way
 * (contact_pipeline_stage_order_idx).
 */
export async function edgePositionExcept(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
  end: StageEnd,
  exceptGtids: readonly string[],
): Promise<string | null> {
  const edge = end === 'first' ? sql`min(position)` : sql`max(position)`;
  const r = await db.execute<{ position: string | null }>(sql`
    SELECT ${edge} AS position FROM contact_pipeline
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND stage_uid = ${stageUID} AND gtid <> ALL(${sql.param([...exceptGtids])}::text[])`);
  return r.rows[0]?.position ?? null;
}

/**
 * Moves many cards of a pipeline into one stage at their new keys, one deferred statement
 * (db/tx.ts); the ones
 * with `stageChanged` also get stage_changed_at stamped (a reorder within a stage does not).
 */
export function movePlacements(
  scope: TeamScope,
  tx: Tx,
  pipelineUID: string,
  stageUID: string,
  moves: readonly { gtid: string; position: string; stageChanged: boolean }[],
): void {
  if (moves.length === 0) return;
  tx.defer(
    'contact_pipeline',
    sql`
    UPDATE contact_pipeline cp SET stage_uid = ${stageUID}, position = v.position,
      stage_changed_at = CASE WHEN v.changed THEN now() ELSE cp.stage_changed_at END
    FROM unnest(${sql.param(moves.map((m) => m.gtid))}::text[],
      ${sql.param(moves.map((m) => m.position))}::text[],
      ${sql.param(moves.map((m) => m.stageChanged))}::boolean[]) AS v(gtid, position, changed)
    WHERE cp.team_uid = ${scope.teamUID} AND cp.pipeline_uid = ${pipelineUID}
      AND cp.gtid = v.gtid`,
  );
}

/** Stage history entries of many contacts in one pipeline and stage, one deferred statement. */
export function insertHistories(
  scope: TeamScope,
  tx: Tx,
  pipelineUID: string,
  stageUID: string,
  entries: readonly { id: string; gtid: string }[],
  at: Date,
): void {
  if (entries.length === 0) return;
  tx.defer(
    'stage_history',
    sql`
    INSERT INTO stage_history (team_uid, id, gtid, pipeline_uid, stage_uid, at)
    SELECT ${scope.teamUID}, v.id, v.gtid, ${pipelineUID}, ${stageUID}, ${at.toISOString()}
    FROM unnest(${sql.param(entries.map((e) => e.id))}::text[],
      ${sql.param(entries.map((e) => e.gtid))}::text[]) AS v(id, gtid)`,
  );
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
