import { sql, type SQL } from 'drizzle-orm';
import type { StageEnd } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { visiblePipelineFilter } from '../../db/visibility';
import type { PipelineRef, StageRef } from '../pipelines/read';

/**
 * The cards' writes (contact_pipeline, stage_history): the set-based stage move, a single
 * card's drop and the placing of new cards. Raw SQL on purpose: each statement writes or locks
 * any number of cards at once (unnest arrays, deferred by db/tx.ts), and the drop reads all it
 * needs in one round trip, the board's most frequent write.
 */

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

/** Keys around a drop (stage-change.ts positionFor): the neighbours' own and the next ones beyond them. */
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

/** A contact's placement in one pipeline, with what the sync rows need of the contact. */
export interface MovingPlacement {
  stageUID: string;
  position: string;
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
    pipeline: { pipelineUID, nickName: row.nick_name },
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

/**
 * The contacts placed in a stage, in card order, locked: contact row, then placement, in GTID
 * order, as the moves lock them (so a stage delete and a card move cannot deadlock).
 */
export async function lockStageContacts(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
): Promise<string[]> {
  const r = await db.execute<{ gtid: string; position: string }>(sql`
    SELECT cp.gtid, cp.position FROM contact_pipeline cp
    JOIN contact c ON c.team_uid = cp.team_uid AND c.gtid = cp.gtid
    WHERE cp.team_uid = ${scope.teamUID} AND cp.pipeline_uid = ${pipelineUID}
      AND cp.stage_uid = ${stageUID}
    ORDER BY cp.gtid FOR UPDATE OF c, cp`);
  // Card order (keys compare byte-wise, as the board sorts them).
  const byte = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return r.rows
    .sort((a, b) => byte(a.position, b.position) || byte(a.gtid, b.gtid))
    .map((row) => row.gtid);
}
