import type { TriggerName, WorkflowDefinition, WorkflowWaitEvent } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope, TeamScope } from '../../db/scope';

type OneTeam = { teamUID: string };

/** The states a run's row keeps (core's RunState, plus how it ended). */
export type RunRowState = 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'cancelled';

/** A run due for its next move, with what the runner needs to act for it. */
export interface DueRun {
  teamUID: string;
  runId: string;
  workflowId: string;
  version: number;
  gtid: string;
  state: RunRowState;
  cursorStepId: string | null;
  waitUntil: number | null;
  waitEvent: WorkflowWaitEvent | null;
  moves: number;
  depth: number;
  /** Who the run acts as: the workflow's author. */
  actorUID: string;
  workflowName: string;
}

type DueRow = {
  team_uid: string;
  run_id: string;
  workflow_id: string;
  version: number;
  gtid: string;
  state: RunRowState;
  cursor_step_id: string | null;
  wait_until: Date | string | null;
  wait_event: WorkflowWaitEvent | null;
  moves: number;
  depth: number;
  created_by_uid: string;
  name: string;
};

const toDue = (r: DueRow): DueRun => ({
  teamUID: r.team_uid,
  runId: r.run_id,
  workflowId: r.workflow_id,
  version: r.version,
  gtid: r.gtid,
  state: r.state,
  cursorStepId: r.cursor_step_id,
  waitUntil: r.wait_until === null ? null : new Date(r.wait_until).getTime(),
  waitEvent: r.wait_event,
  moves: r.moves,
  depth: r.depth,
  actorUID: r.created_by_uid,
  workflowName: r.name,
});

/**
 * Claims up to `limit` runs due at `now` for the caller's transaction: ready ones, and waits
 * whose time has come. Locked rows are skipped (another runner has them), so two runners never
 * move one run at once. A paused workflow's runs are held where they are.
 */
export async function claimDueRuns(
  _scope: SystemScope,
  db: AppDb,
  now: number,
  limit: number,
): Promise<DueRun[]> {
  const r = await db.execute<DueRow>(sql`
    SELECT r.team_uid, r.run_id, r.workflow_id, r.version, r.gtid, r.state, r.cursor_step_id,
      r.wait_until, r.wait_event, r.moves, r.depth, w.created_by_uid, w.name
    FROM workflow_run r
    JOIN workflow w ON w.team_uid = r.team_uid AND w.workflow_id = r.workflow_id
    WHERE (r.state = 'running' OR (r.state = 'waiting' AND r.wait_until <= ${new Date(now)}))
      AND w.status = 'active'
    ORDER BY r.wait_until NULLS FIRST, r.team_uid, r.run_id
    LIMIT ${limit}
    FOR UPDATE OF r SKIP LOCKED`);
  return r.rows.map(toDue);
}

/** A run's definition version (immutable once written). */
export async function definitionOfRun(
  _scope: SystemScope,
  db: AppDb,
  teamUID: string,
  workflowId: string,
  version: number,
): Promise<WorkflowDefinition | null> {
  const r = await db.execute<{ definition: WorkflowDefinition }>(sql`
    SELECT definition FROM workflow_version
    WHERE team_uid = ${teamUID} AND workflow_id = ${workflowId} AND version = ${version}`);
  return r.rows[0]?.definition ?? null;
}

/** A run's row after its moves. */
export interface RunUpdate {
  runId: string;
  state: RunRowState;
  cursorStepId: string | null;
  waitUntil: number | null;
  waitEvent: WorkflowWaitEvent | null;
  moves: number;
  finishedAt: number | null;
  lastError: string | null;
}

/** Writes the runs' new states, one statement for all of them. */
export async function saveRuns(scope: OneTeam, db: AppDb, updates: readonly RunUpdate[]) {
  if (updates.length === 0) return;
  const rows = sql.join(
    updates.map(
      (u) =>
        sql`(${u.runId}::text, ${u.state}::text, ${u.cursorStepId}::text,
          ${u.waitUntil === null ? null : new Date(u.waitUntil)}::timestamptz, ${u.waitEvent}::text,
          ${u.moves}::int, ${u.finishedAt === null ? null : new Date(u.finishedAt)}::timestamptz,
          ${u.lastError}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE workflow_run r SET state = v.state, cursor_step_id = v.cursor, wait_until = v.until,
      wait_event = v.event, moves = v.moves, finished_at = v.finished, last_error = v.error
    FROM (VALUES ${rows}) AS v(run_id, state, cursor, until, event, moves, finished, error)
    WHERE r.team_uid = ${scope.teamUID} AND r.run_id = v.run_id`);
}

/** One move a run made, for the run log; the key (run, move) is unique. */
export interface StepLog {
  runId: string;
  stepId: string;
  move: number;
  outcome: 'done' | 'skipped' | 'failed';
  detail: Record<string, unknown>;
  at: number;
}

/**
 * Logs the moves. A key already written means the move was applied already: the insert then
 * fails the transaction rather than let an action apply twice.
 */
export async function logSteps(scope: OneTeam, db: AppDb, steps: readonly StepLog[]) {
  if (steps.length === 0) return;
  const rows = sql.join(
    steps.map(
      (s) =>
        sql`(${scope.teamUID}, ${s.runId}, ${s.stepId}, ${s.move}, ${`${s.runId}/${s.move}`},
          ${s.outcome}, ${JSON.stringify(s.detail)}::jsonb, ${new Date(s.at)})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO workflow_run_step
      (team_uid, run_id, step_id, attempt, idempotency_key, outcome, detail, at)
    VALUES ${rows}`);
}

/** An active workflow whose trigger mirror may match an event. */
export interface MirrorRow {
  workflowId: string;
  liveVersion: number;
  resource: Record<string, unknown>;
  triggerType: TriggerName;
}

/** The active workflows listening for `trigger` in the team (the triggers index). */
export async function mirrorsFor(
  scope: OneTeam,
  db: AppDb,
  trigger: TriggerName,
): Promise<MirrorRow[]> {
  const r = await db.execute<{
    workflow_id: string;
    live_version: number;
    resource: Record<string, unknown>;
    trigger_type: TriggerName;
  }>(sql`
    SELECT t.workflow_id, w.live_version, t.resource, t.trigger_type
    FROM workflow_trigger t
    JOIN workflow w ON w.team_uid = t.team_uid AND w.workflow_id = t.workflow_id
    WHERE t.team_uid = ${scope.teamUID} AND t.trigger_type = ${trigger}
      AND w.status = 'active' AND w.live_version IS NOT NULL`);
  return r.rows.map((x) => ({
    workflowId: x.workflow_id,
    liveVersion: x.live_version,
    resource: x.resource,
    triggerType: x.trigger_type,
  }));
}

/** Whether the contact is placed in the pipeline (a trigger's placement condition). */
export async function isPlaced(scope: OneTeam, db: AppDb, gtid: string, pipelineUID: string) {
  const r = await db.execute(sql`
    SELECT 1 FROM contact_pipeline
    WHERE team_uid = ${scope.teamUID} AND gtid = ${gtid} AND pipeline_uid = ${pipelineUID}`);
  return r.rows.length > 0;
}

export interface NewRun {
  runId: string;
  workflowId: string;
  version: number;
  gtid: string;
  depth: number;
  source: string;
  startedAt: number;
  /** Set when the run is refused at its start (it then ends at once, failed, with this reason). */
  refused?: string;
}

/**
 * Starts runs, ready at their trigger. A run for the same workflow, event and contact exists
 * already when the event is handed over again: it is not started twice. Answers the runs made.
 */
export async function insertRuns(scope: OneTeam, db: AppDb, runs: readonly NewRun[]) {
  if (runs.length === 0) return [];
  const rows = sql.join(
    runs.map(
      (n) =>
        sql`(${scope.teamUID}, ${n.runId}, ${n.workflowId}, ${n.version}, ${n.gtid},
          ${n.refused ? 'failed' : 'running'}, NULL, ${n.depth}, ${new Date(n.startedAt)},
          ${n.source}, ${n.refused ?? null}::text,
          ${n.refused ? new Date(n.startedAt) : null}::timestamptz)`,
    ),
    sql`, `,
  );
  const r = await db.execute<{ run_id: string }>(sql`
    INSERT INTO workflow_run
      (team_uid, run_id, workflow_id, version, gtid, state, cursor_step_id, depth, started_at,
        source, last_error, finished_at)
    VALUES ${rows}
    ON CONFLICT (team_uid, workflow_id, source, gtid) DO NOTHING
    RETURNING run_id`);
  return r.rows.map((x) => x.run_id);
}

/** The contact's runs waiting for `event`, locked for the caller's transaction. */
export async function waitingFor(
  scope: OneTeam,
  db: AppDb,
  gtid: string,
  event: string,
): Promise<DueRun[]> {
  const r = await db.execute<DueRow>(sql`
    SELECT r.team_uid, r.run_id, r.workflow_id, r.version, r.gtid, r.state, r.cursor_step_id,
      r.wait_until, r.wait_event, r.moves, r.depth, w.created_by_uid, w.name
    FROM workflow_run r
    JOIN workflow w ON w.team_uid = r.team_uid AND w.workflow_id = r.workflow_id
    WHERE r.team_uid = ${scope.teamUID} AND r.gtid = ${gtid} AND r.state = 'waiting'
      AND r.wait_event = ${event}
    ORDER BY r.run_id
    FOR UPDATE OF r`);
  return r.rows.map(toDue);
}

/** The team's owner (who stands for a contact's owner until contacts have one). */
export async function teamOwnerOf(scope: TeamScope, db: AppDb): Promise<string> {
  const r = await db.execute<{ owner_uid: string }>(sql`
    SELECT owner_uid FROM team WHERE team_uid = ${scope.teamUID}`);
  return r.rows[0]!.owner_uid;
}

/**
 * What the teams of a batch of events listen for: the trigger types of their active workflows,
 * and which of the events' contacts have runs waiting. An event that meets neither is done at
 * once (most are: a team without workflows still writes a trigger row per stage change).
 */
export async function interestOf(
  _scope: SystemScope,
  db: AppDb,
  teamUIDs: readonly string[],
  gtids: readonly string[],
): Promise<{ triggers: Set<string>; waiting: Set<string> }> {
  const r = await db.execute<{ k: 'trigger' | 'wait'; team_uid: string; v: string }>(sql`
    SELECT DISTINCT 'trigger' AS k, team_uid, trigger_type AS v FROM workflow_trigger
    WHERE team_uid = ANY(${sql.param(teamUIDs)}::text[])
    UNION ALL
    SELECT DISTINCT 'wait', team_uid, gtid FROM workflow_run
    WHERE state = 'waiting' AND team_uid = ANY(${sql.param(teamUIDs)}::text[])
      AND gtid = ANY(${sql.param(gtids)}::text[])`);
  const triggers = new Set<string>();
  const waiting = new Set<string>();
  for (const row of r.rows)
    (row.k === 'trigger' ? triggers : waiting).add(`${row.team_uid}/${row.v}`);
  return { triggers, waiting };
}
