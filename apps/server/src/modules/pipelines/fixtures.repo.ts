import { sql } from 'drizzle-orm';
import { newPushId } from '@leadloom/core';
import type { TestServices } from '../../test/harness';

/** Rows written directly for pipeline-setup tests and isolation fixtures (tests only). */

export async function addStage(
  s: TestServices,
  teamUID: string,
  pipelineUID: string,
  name = 'Stage',
  idx = 1,
) {
  const stageUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx)
    VALUES (${teamUID}, ${stageUID}, ${pipelineUID}, ${name}, '#E9ECEF', '#000000', ${idx})`);
  return stageUID;
}

export async function addPhase(s: TestServices, teamUID: string, name = 'Phase') {
  const phaseUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO pipeline_phase (team_uid, phase_uid, name, "order")
    VALUES (${teamUID}, ${phaseUID}, ${name},
      (SELECT coalesce(max("order") + 1, 0) FROM pipeline_phase WHERE team_uid = ${teamUID}))`);
  return phaseUID;
}

export async function addQuestion(
  s: TestServices,
  teamUID: string,
  question = 'Why join?',
  kind: 'live' | 'test' = 'live',
) {
  const questionUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO team_question (team_uid, question_uid, kind, question, "order")
    VALUES (${teamUID}, ${questionUID}, ${kind}, ${question},
      (SELECT coalesce(max("order") + 1, 0) FROM team_question
        WHERE team_uid = ${teamUID} AND kind = ${kind}))`);
  return questionUID;
}

export async function addConnection(
  s: TestServices,
  teamUID: string,
  system = 'webhooks',
  usedInPipelines: string[] = [],
) {
  const connectionUID = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO connection (team_uid, connection_uid, system, used_in_pipelines, settings)
    VALUES (${teamUID}, ${connectionUID}, ${system}, ${JSON.stringify(usedInPipelines)}::jsonb,
      ${JSON.stringify({ apiKey: 'secret-key' })}::jsonb)`);
  return connectionUID;
}

async function uids(s: TestServices, query: ReturnType<typeof sql>) {
  const r = await s.database.db.execute<{ uid: string }>(query);
  return r.rows.map((row) => row.uid);
}

export const pipelineUIDsOf = (s: TestServices, teamUID: string) =>
  uids(
    s,
    sql`SELECT pipeline_uid AS uid FROM pipeline WHERE team_uid = ${teamUID} ORDER BY "order", pipeline_uid`,
  );
export const phaseUIDsOf = (s: TestServices, teamUID: string) =>
  uids(s, sql`SELECT phase_uid AS uid FROM pipeline_phase WHERE team_uid = ${teamUID}`);
export const questionUIDsOf = (s: TestServices, teamUID: string, kind: 'live' | 'test') =>
  uids(
    s,
    sql`SELECT question_uid AS uid FROM team_question WHERE team_uid = ${teamUID} AND kind = ${kind}`,
  );

/** Removes every pipeline of a team (placements first: they reference stages). */
export async function clearPipelines(s: TestServices, teamUID: string) {
  await s.database.db.execute(sql`DELETE FROM contact_pipeline WHERE team_uid = ${teamUID}`);
  await s.database.db.execute(sql`DELETE FROM pipeline WHERE team_uid = ${teamUID}`);
}
