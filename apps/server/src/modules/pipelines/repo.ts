import type { PipelineSummary } from '@leadloom/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { setsNothing } from '../../db/patch';
import { pipeline, pipelinePhase, stage, teamQuestion } from '../../db/schema';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';
import { writeListOrder } from '../../db/list-order';

/**
 * Pipelines, stages, phases and questions (SPEC §3 Pipeline, Stage, Team phases/questions).
 * Every query is restricted to the scope's team; pipeline reads also to the pipelines the scope
 * may see (DESIGN §4). The placeholder stage "Set Stage..." is the pipeline's stage at idx 0.
 */

export interface PipelineRow {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  fbGroupURL: string | null;
  fbConnected: boolean;
  igConnected: boolean;
  order: number;
  rules: Record<string, unknown>;
}

type PipelineDbRow = {
  pipeline_uid: string;
  nick_name: string;
  is_default: boolean;
  fb_group_url: string | null;
  fb_connected: boolean;
  ig_connected: boolean;
  order: number;
  rules: Record<string, unknown> | null;
};

const toPipeline = (r: PipelineDbRow): PipelineRow => ({
  groupUID: r.pipeline_uid,
  nickName: r.nick_name,
  isDefault: r.is_default,
  fbGroupURL: r.fb_group_url,
  fbConnected: r.fb_connected,
  igConnected: r.ig_connected,
  order: r.order,
  rules: r.rules ?? {},
});

/** A pipeline the scope may see, or null (another team's or an invisible one). */
export async function findPipeline(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  opts: { lock?: boolean } = {},
): Promise<PipelineRow | null> {
  const r = await db.execute<PipelineDbRow>(sql`
    SELECT pipeline_uid, nick_name, is_default, fb_group_url, fb_connected, ig_connected,
      "order", rules
    FROM pipeline
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}
    ${opts.lock ? sql`FOR UPDATE` : sql``}`);
  return r.rows[0] ? toPipeline(r.rows[0]) : null;
}

/** A pipeline as the cards' writes name it (sync rows, activities). */
export interface PipelineRef {
  pipelineUID: string;
  nickName: string;
}

/** A stage as the cards' writes need it (names in activities, remote ids in sync rows). */
export interface StageRef {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  idx: number;
  remoteID: string | null;
}

type StageRefDbRow = {
  stage_uid: string;
  name: string;
  color: string;
  font_color: string;
  idx: number;
  remote_id: string | null;
};

const toStageRef = (r: StageRefDbRow): StageRef => ({
  stageUID: r.stage_uid,
  name: r.name,
  color: r.color,
  fontColor: r.font_color,
  idx: r.idx,
  remoteID: r.remote_id,
});

/** A pipeline the scope may see with its stages by idx, one statement; null when it may not. */
export async function findPipelineWithStages(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<{ pipeline: PipelineRef; stages: StageRef[] } | null> {
  const r = await db.execute<
    { pipeline_uid: string; nick_name: string } & Partial<StageRefDbRow>
  >(sql`
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
    pipeline: { pipelineUID: first.pipeline_uid, nickName: first.nick_name },
    stages: r.rows
      .filter((row) => row.stage_uid != null)
      .map((row) => toStageRef(row as StageRefDbRow)),
  };
}

/** The pipelines the scope may see, in order, each with its number of contacts. */
export async function listPipelines(scope: TeamScope, db: AppDb): Promise<PipelineSummary[]> {
  const r = await db.execute<{
    pipeline_uid: string;
    nick_name: string;
    is_default: boolean;
    order: number;
    contact_count: string;
  }>(sql`
    SELECT p.pipeline_uid, p.nick_name, p.is_default, p."order",
      (SELECT count(*) FROM contact_pipeline cp
        WHERE cp.team_uid = p.team_uid AND cp.pipeline_uid = p.pipeline_uid) AS contact_count
    FROM pipeline p
    WHERE p.team_uid = ${scope.teamUID} AND ${visiblePipelineFilter(scope, sql`p.pipeline_uid`)}
    ORDER BY p."order", p.pipeline_uid`);
  return r.rows.map((row) => ({
    groupUID: row.pipeline_uid,
    nickName: row.nick_name,
    isDefault: row.is_default,
    order: row.order,
    contactCount: Number(row.contact_count),
  }));
}

/** Every pipeline of the team in order (writers are owners/admins, who see them all). */
export async function teamPipelines(scope: TeamScope, db: AppDb): Promise<PipelineRow[]> {
  const r = await db.execute<PipelineDbRow>(sql`
    SELECT pipeline_uid, nick_name, is_default, fb_group_url, fb_connected, ig_connected,
      "order", rules
    FROM pipeline
    WHERE team_uid = ${scope.teamUID} AND ${visiblePipelineFilter(scope, sql`pipeline_uid`)}
    ORDER BY "order", pipeline_uid`);
  return r.rows.map(toPipeline);
}

export interface NewPipeline {
  pipelineUID: string;
  nickName: string;
  isDefault: boolean;
  fbGroupURL: string | null;
  fbConnected: boolean;
  igConnected: boolean;
}

/** Inserts a pipeline last in the team's order. */
export async function insertPipeline(scope: TeamScope, db: AppDb, p: NewPipeline) {
  await db.execute(sql`
    INSERT INTO pipeline (team_uid, pipeline_uid, nick_name, is_default, fb_group_url,
      fb_connected, ig_connected, "order")
    VALUES (${scope.teamUID}, ${p.pipelineUID}, ${p.nickName}, ${p.isDefault}, ${p.fbGroupURL},
      ${p.fbConnected}, ${p.igConnected},
      (SELECT coalesce(max("order") + 1, 0) FROM pipeline WHERE team_uid = ${scope.teamUID}))`);
}

/** Clears `is_default` on every pipeline but `keep`; answers the ones it changed. */
export async function clearDefaults(scope: TeamScope, db: AppDb, keep: string): Promise<string[]> {
  const r = await db.execute<{ pipeline_uid: string }>(sql`
    UPDATE pipeline SET is_default = false
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid <> ${keep} AND is_default
    RETURNING pipeline_uid`);
  return r.rows.map((row) => row.pipeline_uid);
}

export interface PipelinePatch {
  nickName?: string | undefined;
  isDefault?: boolean | undefined;
  fbGroupURL?: string | null | undefined;
  fbConnected?: boolean | undefined;
  igConnected?: boolean | undefined;
}

export async function updatePipeline(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  patch: PipelinePatch,
) {
  const set = {
    nickName: patch.nickName,
    isDefault: patch.isDefault,
    fbGroupURL: patch.fbGroupURL,
    fbConnected: patch.fbConnected,
    igConnected: patch.igConnected,
  };
  if (setsNothing(set)) return;
  await db
    .update(pipeline)
    .set(set)
    .where(and(eq(pipeline.teamUID, scope.teamUID), eq(pipeline.pipelineUID, pipelineUID)));
}

/** Connections that sync this pipeline (their `usedInPipelines` names it). */
export async function pipelineConnectionUIDs(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<string[]> {
  const r = await db.execute<{ connection_uid: string }>(sql`
    SELECT connection_uid FROM connection
    WHERE team_uid = ${scope.teamUID} AND used_in_pipelines ? ${pipelineUID}
    ORDER BY created_at, connection_uid`);
  return r.rows.map((row) => row.connection_uid);
}

export async function existingConnectionUIDs(
  scope: TeamScope,
  db: AppDb,
  uids: readonly string[],
): Promise<string[]> {
  if (uids.length === 0) return [];
  const r = await db.execute<{ connection_uid: string }>(sql`
    SELECT connection_uid FROM connection
    WHERE team_uid = ${scope.teamUID} AND connection_uid = ANY(${sql.param([...uids])}::text[])`);
  return r.rows.map((row) => row.connection_uid);
}

/**
 * Makes exactly `connectionUIDs` sync the pipeline: adds it to their `used_in_pipelines`, takes
 * it out of every other connection's. Answers the connections that changed.
 */
export async function setPipelineConnections(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  connectionUIDs: readonly string[],
): Promise<string[]> {
  const wanted = sql.param([...connectionUIDs]);
  const added = await db.execute<{ connection_uid: string }>(sql`
    UPDATE connection SET used_in_pipelines = used_in_pipelines || ${JSON.stringify([pipelineUID])}::jsonb
    WHERE team_uid = ${scope.teamUID} AND connection_uid = ANY(${wanted}::text[])
      AND NOT used_in_pipelines ? ${pipelineUID}
    RETURNING connection_uid`);
  const removed = await db.execute<{ connection_uid: string }>(sql`
    UPDATE connection SET used_in_pipelines = used_in_pipelines - ${pipelineUID}::text
    WHERE team_uid = ${scope.teamUID} AND NOT (connection_uid = ANY(${wanted}::text[]))
      AND used_in_pipelines ? ${pipelineUID}
    RETURNING connection_uid`);
  return [...added.rows, ...removed.rows].map((row) => row.connection_uid);
}

export interface DeleteImpact {
  stages: number;
  contacts: number;
  tagSets: number;
  deals: number;
}

/** What deleting the pipeline removes (the placeholder stage is not counted: nobody made it). */
export async function deleteImpact(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<DeleteImpact> {
  const r = await db.execute<{ stages: string; contacts: string; tag_sets: string; deals: string }>(
    sql`
    SELECT
      (SELECT count(*) FROM stage WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID} AND idx > 0) AS stages,
      (SELECT count(*) FROM contact_pipeline WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}) AS contacts,
      (SELECT count(*) FROM tag_set WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}) AS tag_sets,
      (SELECT count(*) FROM deal WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}) AS deals`,
  );
  const row = r.rows[0]!;
  return {
    stages: Number(row.stages),
    contacts: Number(row.contacts),
    tagSets: Number(row.tag_sets),
    deals: Number(row.deals),
  };
}

/**
 * Deletes a pipeline and what lives only in it: placements (and with them deals, answers and
 * pipeline tags), stage history, stages, tag sets, member access and connection references.
 * Contacts stay in the team. Answers the changed connections and the contacts that were placed.
 */
export async function deletePipeline(scope: TeamScope, db: AppDb, pipelineUID: string) {
  const t = scope.teamUID;
  await db.execute(
    sql`DELETE FROM stage_history WHERE team_uid = ${t} AND pipeline_uid = ${pipelineUID}`,
  );
  const placed = await db.execute<{ gtid: string }>(sql`
    DELETE FROM contact_pipeline WHERE team_uid = ${t} AND pipeline_uid = ${pipelineUID}
    RETURNING gtid`);
  await db.execute(
    sql`DELETE FROM pipeline_access WHERE team_uid = ${t} AND pipeline_uid = ${pipelineUID}`,
  );
  const stages = await db.execute<{ stage_uid: string }>(sql`
    DELETE FROM stage WHERE team_uid = ${t} AND pipeline_uid = ${pipelineUID} RETURNING stage_uid`);
  const tagSets = await db.execute<{ tag_set_uid: string }>(sql`
    DELETE FROM tag_set WHERE team_uid = ${t} AND pipeline_uid = ${pipelineUID}
    RETURNING tag_set_uid`);
  await db.execute(
    sql`DELETE FROM pipeline WHERE team_uid = ${t} AND pipeline_uid = ${pipelineUID}`,
  );
  const connections = await db.execute<{ connection_uid: string }>(sql`
    UPDATE connection SET used_in_pipelines = used_in_pipelines - ${pipelineUID}::text,
      selected_pipeline = CASE WHEN selected_pipeline = ${pipelineUID} THEN NULL
        ELSE selected_pipeline END
    WHERE team_uid = ${t} AND (used_in_pipelines ? ${pipelineUID} OR selected_pipeline = ${pipelineUID})
    RETURNING connection_uid`);
  return {
    contacts: placed.rows.map((row) => row.gtid),
    stages: stages.rows.map((row) => row.stage_uid),
    tagSets: tagSets.rows.map((row) => row.tag_set_uid),
    connections: connections.rows.map((row) => row.connection_uid),
  };
}

/** Makes the first pipeline in order the default when none is; answers it (or null). */
export async function ensureDefault(scope: TeamScope, db: AppDb): Promise<string | null> {
  const r = await db.execute<{ pipeline_uid: string }>(sql`
    UPDATE pipeline SET is_default = true
    WHERE team_uid = ${scope.teamUID}
      AND NOT EXISTS (SELECT 1 FROM pipeline d WHERE d.team_uid = ${scope.teamUID} AND d.is_default)
      AND pipeline_uid = (SELECT pipeline_uid FROM pipeline WHERE team_uid = ${scope.teamUID}
        ORDER BY "order", pipeline_uid LIMIT 1)
    RETURNING pipeline_uid`);
  return r.rows[0]?.pipeline_uid ?? null;
}

/** Locks the team's pipelines (an order change sees them all, none added meanwhile). */
export async function lockTeamPipelineUIDs(scope: TeamScope, db: AppDb): Promise<string[]> {
  const r = await db.execute<{ pipeline_uid: string }>(sql`
    SELECT pipeline_uid FROM pipeline WHERE team_uid = ${scope.teamUID}
    ORDER BY "order", pipeline_uid FOR UPDATE`);
  return r.rows.map((row) => row.pipeline_uid);
}

/** Sets `order` = position in `uids`; answers the pipelines whose order changed. */
export async function setPipelineOrder(
  scope: TeamScope,
  db: AppDb,
  uids: readonly string[],
): Promise<string[]> {
  return writeListOrder(
    db,
    { table: 'pipeline', key: 'pipeline_uid', teamUID: scope.teamUID },
    uids,
  );
}

// ---- stages ----

export interface StageRow {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  description: string;
  phase: string | null;
  idx: number;
  remoteID: string | null;
  count: number;
  placeholder: boolean;
}

type StageDbRow = {
  stage_uid: string;
  name: string;
  color: string;
  font_color: string;
  description: string;
  phase: string | null;
  idx: number;
  remote_id: string | null;
  count: string | number;
};

const toStage = (r: StageDbRow): StageRow => ({
  stageUID: r.stage_uid,
  name: r.name,
  color: r.color,
  fontColor: r.font_color,
  description: r.description,
  phase: r.phase,
  idx: r.idx,
  remoteID: r.remote_id,
  count: Number(r.count),
  placeholder: r.idx === 0,
});

const stageColumns = sql`s.stage_uid, s.name, s.color, s.font_color, s.description, s.phase,
  s.idx, s.remote_id,
  (SELECT count(*) FROM contact_pipeline cp WHERE cp.team_uid = s.team_uid
    AND cp.pipeline_uid = s.pipeline_uid AND cp.stage_uid = s.stage_uid) AS count`;

/** A pipeline's stages by idx (placeholder first), with how many contacts each holds. */
export async function listStages(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<StageRow[]> {
  const r = await db.execute<StageDbRow>(sql`
    SELECT ${stageColumns} FROM stage s
    WHERE s.team_uid = ${scope.teamUID} AND s.pipeline_uid = ${pipelineUID}
    ORDER BY s.idx, s.stage_uid`);
  return r.rows.map(toStage);
}

export async function findStage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
): Promise<StageRow | null> {
  const r = await db.execute<StageDbRow>(sql`
    SELECT ${stageColumns} FROM stage s
    WHERE s.team_uid = ${scope.teamUID} AND s.pipeline_uid = ${pipelineUID}
      AND s.stage_uid = ${stageUID}`);
  return r.rows[0] ? toStage(r.rows[0]) : null;
}

export interface NewStage {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  description: string;
  phase: string | null;
  remoteID: string | null;
  idx: number;
}

export async function insertStages(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stages: readonly NewStage[],
) {
  if (stages.length === 0) return;
  await db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, description,
      phase, idx, remote_id)
    VALUES ${sql.join(
      stages.map(
        (s) => sql`(${scope.teamUID}, ${s.stageUID}, ${pipelineUID}, ${s.name}, ${s.color},
          ${s.fontColor}, ${s.description}, ${s.phase}, ${s.idx}, ${s.remoteID})`,
      ),
      sql`, `,
    )}`);
}

/** The next idx after the pipeline's last stage. */
export async function nextStageIdx(scope: TeamScope, db: AppDb, pipelineUID: string) {
  const r = await db.execute<{ next: number }>(sql`
    SELECT coalesce(max(idx) + 1, 1)::int AS next FROM stage
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}`);
  return Math.max(1, Number(r.rows[0]?.next ?? 1));
}

export interface StagePatch {
  name?: string | undefined;
  color?: string | undefined;
  fontColor?: string | undefined;
  description?: string | undefined;
  phase?: string | null | undefined;
  remoteID?: string | null | undefined;
}

export async function updateStage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
  patch: StagePatch,
) {
  const set = {
    name: patch.name,
    color: patch.color,
    fontColor: patch.fontColor,
    description: patch.description,
    phase: patch.phase,
    remoteID: patch.remoteID,
  };
  if (setsNothing(set)) return;
  await db
    .update(stage)
    .set(set)
    .where(
      and(
        eq(stage.teamUID, scope.teamUID),
        eq(stage.pipelineUID, pipelineUID),
        eq(stage.stageUID, stageUID),
      ),
    );
}

/** Sets idx = 1..n in the order given (the placeholder keeps 0); answers the changed stages. */
export async function setStageOrder(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  uids: readonly string[],
): Promise<string[]> {
  // idx 0 is the placeholder: the ordered stages start at 1.
  return writeListOrder(
    db,
    {
      table: 'stage',
      key: 'stage_uid',
      column: 'idx',
      base: 1,
      teamUID: scope.teamUID,
      where: sql`t.pipeline_uid = ${pipelineUID}`,
    },
    uids,
  );
}

export async function deleteStage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
) {
  await db.execute(sql`
    DELETE FROM stage
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID} AND stage_uid = ${stageUID}`);
}

// ---- phases ----

export interface PhaseRow {
  phaseUID: string;
  name: string;
  color: string;
  order: number;
}

type PhaseDbRow = { phase_uid: string; name: string; color: string; order: number };
const toPhase = (r: PhaseDbRow): PhaseRow => ({
  phaseUID: r.phase_uid,
  name: r.name,
  color: r.color,
  order: r.order,
});

export async function listPhases(scope: TeamScope, db: AppDb): Promise<PhaseRow[]> {
  const r = await db.execute<PhaseDbRow>(sql`
    SELECT phase_uid, name, color, "order" FROM pipeline_phase
    WHERE team_uid = ${scope.teamUID} ORDER BY "order", phase_uid`);
  return r.rows.map(toPhase);
}

export async function findPhase(
  scope: TeamScope,
  db: AppDb,
  phaseUID: string,
): Promise<PhaseRow | null> {
  const r = await db.execute<PhaseDbRow>(sql`
    SELECT phase_uid, name, color, "order" FROM pipeline_phase
    WHERE team_uid = ${scope.teamUID} AND phase_uid = ${phaseUID}`);
  return r.rows[0] ? toPhase(r.rows[0]) : null;
}

export async function insertPhase(
  scope: TeamScope,
  db: AppDb,
  p: { phaseUID: string; name: string; color: string },
) {
  await db.execute(sql`
    INSERT INTO pipeline_phase (team_uid, phase_uid, name, color, "order")
    VALUES (${scope.teamUID}, ${p.phaseUID}, ${p.name}, ${p.color},
      (SELECT coalesce(max("order") + 1, 0) FROM pipeline_phase WHERE team_uid = ${scope.teamUID}))`);
}

export async function updatePhase(
  scope: TeamScope,
  db: AppDb,
  phaseUID: string,
  patch: { name?: string | undefined; color?: string | undefined },
) {
  const set = { name: patch.name, color: patch.color };
  if (setsNothing(set)) return;
  await db
    .update(pipelinePhase)
    .set(set)
    .where(and(eq(pipelinePhase.teamUID, scope.teamUID), eq(pipelinePhase.phaseUID, phaseUID)));
}

/** Deletes a phase and clears it from every stage; answers the stages that had it. */
export async function deletePhase(
  scope: TeamScope,
  db: AppDb,
  phaseUID: string,
): Promise<string[]> {
  const r = await db.execute<{ stage_uid: string }>(sql`
    UPDATE stage SET phase = NULL WHERE team_uid = ${scope.teamUID} AND phase = ${phaseUID}
    RETURNING stage_uid`);
  await db.execute(sql`
    DELETE FROM pipeline_phase WHERE team_uid = ${scope.teamUID} AND phase_uid = ${phaseUID}`);
  return r.rows.map((row) => row.stage_uid);
}

export async function lockPhaseUIDs(scope: TeamScope, db: AppDb): Promise<string[]> {
  const r = await db.execute<{ phase_uid: string }>(sql`
    SELECT phase_uid FROM pipeline_phase WHERE team_uid = ${scope.teamUID}
    ORDER BY "order", phase_uid FOR UPDATE`);
  return r.rows.map((row) => row.phase_uid);
}

export async function setPhaseOrder(scope: TeamScope, db: AppDb, uids: readonly string[]) {
  await writeListOrder(
    db,
    { table: 'pipeline_phase', key: 'phase_uid', teamUID: scope.teamUID },
    uids,
  );
}

// ---- questions ----

export type QuestionKind = 'live' | 'test';

export interface QuestionRow {
  questionUID: string;
  question: string;
  order: number;
  kind: QuestionKind;
}

type QuestionDbRow = { question_uid: string; question: string; order: number; kind: string };
const toQuestion = (r: QuestionDbRow): QuestionRow => ({
  questionUID: r.question_uid,
  question: r.question,
  order: r.order,
  kind: r.kind === 'test' ? 'test' : 'live',
});

export async function listQuestions(scope: TeamScope, db: AppDb): Promise<QuestionRow[]> {
  const r = await db.execute<QuestionDbRow>(sql`
    SELECT question_uid, question, "order", kind FROM team_question
    WHERE team_uid = ${scope.teamUID} ORDER BY kind, "order", question_uid`);
  return r.rows.map(toQuestion);
}

export async function findQuestion(
  scope: TeamScope,
  db: AppDb,
  questionUID: string,
): Promise<QuestionRow | null> {
  const r = await db.execute<QuestionDbRow>(sql`
    SELECT question_uid, question, "order", kind FROM team_question
    WHERE team_uid = ${scope.teamUID} AND question_uid = ${questionUID}`);
  return r.rows[0] ? toQuestion(r.rows[0]) : null;
}

export async function insertQuestion(
  scope: TeamScope,
  db: AppDb,
  q: { questionUID: string; question: string; kind: QuestionKind },
) {
  await db.execute(sql`
    INSERT INTO team_question (team_uid, question_uid, kind, question, "order")
    VALUES (${scope.teamUID}, ${q.questionUID}, ${q.kind}, ${q.question},
      (SELECT coalesce(max("order") + 1, 0) FROM team_question
        WHERE team_uid = ${scope.teamUID} AND kind = ${q.kind}))`);
}

/** Changes the text and/or kind (a move to the other list goes last in it). */
export async function updateQuestion(
  scope: TeamScope,
  db: AppDb,
  questionUID: string,
  patch: { question?: string | undefined; kind?: QuestionKind | undefined },
) {
  const set = {
    question: patch.question,
    kind: patch.kind,
    order:
      patch.kind === undefined
        ? undefined
        : sql`(SELECT coalesce(max(q."order") + 1, 0) FROM team_question q
            WHERE q.team_uid = ${scope.teamUID} AND q.kind = ${patch.kind})`,
  };
  if (setsNothing(set)) return;
  await db
    .update(teamQuestion)
    .set(set)
    .where(and(eq(teamQuestion.teamUID, scope.teamUID), eq(teamQuestion.questionUID, questionUID)));
}

export async function deleteQuestion(scope: TeamScope, db: AppDb, questionUID: string) {
  await db.execute(sql`
    DELETE FROM team_question WHERE team_uid = ${scope.teamUID} AND question_uid = ${questionUID}`);
}

export async function lockQuestionUIDs(
  scope: TeamScope,
  db: AppDb,
  kind: QuestionKind,
): Promise<string[]> {
  const r = await db.execute<{ question_uid: string }>(sql`
    SELECT question_uid FROM team_question WHERE team_uid = ${scope.teamUID} AND kind = ${kind}
    ORDER BY "order", question_uid FOR UPDATE`);
  return r.rows.map((row) => row.question_uid);
}

export async function setQuestionOrder(scope: TeamScope, db: AppDb, uids: readonly string[]) {
  await writeListOrder(
    db,
    { table: 'team_question', key: 'question_uid', teamUID: scope.teamUID },
    uids,
  );
}

// ---- the questions a pipeline asks ----

/** The team's live questions the pipeline asks, in the team's order. */
export async function pipelineQuestionUIDs(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<string[]> {
  const r = await db.execute<{ question_uid: string }>(sql`
    SELECT q.question_uid FROM pipeline_question pq
    JOIN team_question q ON q.team_uid = pq.team_uid AND q.question_uid = pq.question_uid
    WHERE pq.team_uid = ${scope.teamUID} AND pq.pipeline_uid = ${pipelineUID} AND q.kind = 'live'
    ORDER BY q."order", q.question_uid`);
  return r.rows.map((row) => row.question_uid);
}

/** Makes the pipeline ask exactly `questionUIDs` (checked against the team's bank by the caller). */
export async function setPipelineQuestions(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  questionUIDs: readonly string[],
) {
  const wanted = sql.param([...new Set(questionUIDs)]);
  await db.execute(sql`
    DELETE FROM pipeline_question
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ${pipelineUID}
      AND NOT (question_uid = ANY(${wanted}::text[]))`);
  await db.execute(sql`
    INSERT INTO pipeline_question (team_uid, pipeline_uid, question_uid)
    SELECT ${scope.teamUID}, ${pipelineUID}, uid FROM unnest(${wanted}::text[]) AS uid
    ON CONFLICT (team_uid, pipeline_uid, question_uid) DO NOTHING`);
}
