import { sql } from 'drizzle-orm';
import { newPushId } from '@leadloom/core';
import type { TestServices } from './harness';

/**
 * Rows the contact tests need that other modules' APIs create (stages with remoteIDs,
 * connections, tag sets, tags, deals, answers), written directly, plus readers of what an action
 * wrote (outbox, change log, activities, placements, history).
 */

export async function addStage(
  s: TestServices,
  teamUID: string,
  pipelineUID: string,
  name: string,
  idx: number,
  remoteID: string | null = null,
) {
  const stageUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx, remote_id)
    VALUES (${teamUID}, ${stageUID}, ${pipelineUID}, ${name}, '#228BE6', '#FFFFFF', ${idx}, ${remoteID})`);
  return stageUID;
}

export async function setStageRemoteID(
  s: TestServices,
  teamUID: string,
  stageUID: string,
  remoteID: string | null,
) {
  await s.database.db.execute(sql`
    UPDATE stage SET remote_id = ${remoteID} WHERE team_uid = ${teamUID} AND stage_uid = ${stageUID}`);
}

/** A connection (SPEC §3) written directly; the connections API is another module's. */
export async function addConnection(
  s: TestServices,
  teamUID: string,
  system: string,
  options: Record<string, unknown>,
  extra: { status?: string; isPaused?: boolean; usedInPipelines?: string[] } = {},
) {
  const connectionUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO connection (team_uid, connection_uid, system, status, options, is_paused,
      used_in_pipelines)
    VALUES (${teamUID}, ${connectionUID}, ${system}, ${extra.status ?? 'active'},
      ${JSON.stringify(options)}::jsonb, ${extra.isPaused ?? false},
      ${JSON.stringify(extra.usedInPipelines ?? [])}::jsonb)`);
  return connectionUID;
}

export async function addTagSet(
  s: TestServices,
  teamUID: string,
  name: string,
  color: string,
  pipelineUID: string | null = null,
) {
  const tagSetUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO tag_set (team_uid, tag_set_uid, pipeline_uid, name, color)
    VALUES (${teamUID}, ${tagSetUID}, ${pipelineUID}, ${name}, ${color})`);
  return tagSetUID;
}

export async function addTag(
  s: TestServices,
  teamUID: string,
  tagSetUID: string,
  name: string,
  color: string | null = null,
) {
  const tagID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO tag (team_uid, tag_id, tag_set_uid, name, color)
    VALUES (${teamUID}, ${tagID}, ${tagSetUID}, ${name}, ${color})`);
  return tagID;
}

export async function tagContact(
  s: TestServices,
  teamUID: string,
  gtid: string,
  tag: { tagID: string; tagSetUID: string; name: string },
  pipelineUID: string | null = null,
) {
  await s.database.db.execute(sql`
    INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name)
    VALUES (${teamUID}, ${gtid}, ${pipelineUID}, ${tag.tagSetUID}, ${tag.tagID}, ${tag.name})`);
}

export async function addDeal(
  s: TestServices,
  teamUID: string,
  gtid: string,
  pipelineUID: string,
  name: string,
  value: number,
  currency = 'USD',
) {
  const dealUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency)
    VALUES (${teamUID}, ${dealUID}, ${gtid}, ${pipelineUID}, ${name}, ${value}, ${currency})`);
  return dealUID;
}

export async function addAnswer(
  s: TestServices,
  teamUID: string,
  gtid: string,
  pipelineUID: string,
  question: string,
  answer: string,
) {
  const answerUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO answer (team_uid, answer_uid, gtid, pipeline_uid, question, answer)
    VALUES (${teamUID}, ${answerUID}, ${gtid}, ${pipelineUID}, ${question}, ${answer})`);
  return answerUID;
}

export type OutboxRow = {
  kind: string;
  payload: Record<string, unknown>;
  delayed: boolean;
};

export async function outboxRows(s: TestServices, teamUID: string): Promise<OutboxRow[]> {
  const r = await s.database.db.execute<OutboxRow>(sql`
    SELECT kind, payload, deliver_after > created_at + interval '30 seconds' AS delayed
    FROM outbox WHERE team_uid = ${teamUID} ORDER BY id`);
  return r.rows;
}

export async function changeLogRows(s: TestServices, teamUID: string) {
  const r = await s.database.db.execute<{
    resource: string;
    id: string;
    op: string;
    change_id: string | null;
  }>(sql`
    SELECT resource, id, op, change_id FROM change_log WHERE team_uid = ${teamUID} ORDER BY seq`);
  return r.rows;
}

export async function activityRows(s: TestServices, teamUID: string, gtid: string) {
  const r = await s.database.db.execute<{
    activity_uid: string;
    type: string;
    action: string;
    pipeline_uid: string | null;
    stage_uid: string | null;
    data: Record<string, unknown> | null;
    created_at_unix: string | number;
    created_by_uid: string | null;
  }>(sql`
    SELECT activity_uid, type, action, pipeline_uid, stage_uid, data, created_at_unix,
      created_by_uid
    FROM activity WHERE team_uid = ${teamUID} AND gtid = ${gtid}
    ORDER BY created_at_unix, activity_uid`);
  return r.rows.map((row) => ({ ...row, created_at_unix: Number(row.created_at_unix) }));
}

export async function placementRows(s: TestServices, teamUID: string, gtid: string) {
  const r = await s.database.db.execute<{
    pipeline_uid: string;
    stage_uid: string;
    position: string;
    stage_changed_at: Date | string;
  }>(sql`
    SELECT pipeline_uid, stage_uid, position, stage_changed_at FROM contact_pipeline
    WHERE team_uid = ${teamUID} AND gtid = ${gtid} ORDER BY pipeline_uid`);
  return r.rows;
}

/** The GTIDs of a stage in card order (the board's order). */
export async function stageOrder(
  s: TestServices,
  teamUID: string,
  pipelineUID: string,
  stageUID: string,
) {
  const r = await s.database.db.execute<{ gtid: string }>(sql`
    SELECT gtid FROM contact_pipeline
    WHERE team_uid = ${teamUID} AND pipeline_uid = ${pipelineUID} AND stage_uid = ${stageUID}
    ORDER BY position, gtid`);
  return r.rows.map((row) => row.gtid);
}

export async function historyRows(s: TestServices, teamUID: string, gtid: string) {
  const r = await s.database.db.execute<{ id: string; pipeline_uid: string; stage_uid: string }>(
    sql`SELECT id, pipeline_uid, stage_uid FROM stage_history
      WHERE team_uid = ${teamUID} AND gtid = ${gtid} ORDER BY at, id`,
  );
  return r.rows;
}

/** Rows of a team-scoped table for one team (and one contact when given). */
export async function countRows(s: TestServices, table: string, teamUID: string, gtid?: string) {
  const r = await s.database.db.execute<{ n: string }>(sql`
    SELECT count(*) AS n FROM ${sql.identifier(table)}
    WHERE team_uid = ${teamUID} ${gtid === undefined ? sql`` : sql`AND gtid = ${gtid}`}`);
  return Number(r.rows[0]!.n);
}
