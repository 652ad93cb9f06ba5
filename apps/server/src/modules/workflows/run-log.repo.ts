import type { WorkflowRun } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';

type RunRow = {
  run_id: string;
  gtid: string;
  full_name: string | null;
  version: number;
  state: WorkflowRun['state'] | 'cancelled';
  cursor_step_id: string | null;
  wait_until: Date | string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  last_error: string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toRun = (r: RunRow): WorkflowRun => ({
  runId: r.run_id,
  GTID: r.gtid,
  contactName: r.full_name ?? '',
  version: r.version,
  // Runs are not cancelled today: a deleted workflow takes its runs with it.
  state: r.state === 'cancelled' ? 'stopped' : r.state,
  stepId: r.state === 'waiting' || r.state === 'failed' ? r.cursor_step_id : null,
  waitUntil: r.state === 'waiting' ? iso(r.wait_until) : null,
  startedAt: iso(r.started_at)!,
  finishedAt: iso(r.finished_at),
  lastError: r.last_error,
});

const runColumns = sql`r.run_id, r.gtid, c.full_name, r.version, r.state, r.cursor_step_id,
  r.wait_until, r.started_at, r.finished_at, r.last_error`;

/** A page of the workflow's runs, newest first, after the (started_at, run_id) key `before`. */
export async function listRuns(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  opts: {
    state?: WorkflowRun['state'];
    before: { at: string; runId: string } | null;
    limit: number;
  },
): Promise<WorkflowRun[]> {
  const r = await db.execute<RunRow>(sql`
    SELECT ${runColumns}
    FROM workflow_run r
    JOIN contact c ON c.team_uid = r.team_uid AND c.gtid = r.gtid
    WHERE r.team_uid = ${scope.teamUID} AND r.workflow_id = ${workflowId}
      ${opts.state ? sql`AND r.state = ${opts.state}` : sql``}
      ${opts.before ? sql`AND (r.started_at, r.run_id) < (${opts.before.at}::timestamptz, ${opts.before.runId})` : sql``}
    ORDER BY r.started_at DESC, r.run_id DESC
    LIMIT ${opts.limit}`);
  return r.rows.map(toRun);
}

export async function readRun(
  scope: TeamScope,
  db: AppDb,
  workflowId: string,
  runId: string,
  lock = false,
): Promise<WorkflowRun | null> {
  const r = await db.execute<RunRow>(sql`
    SELECT ${runColumns}
    FROM workflow_run r
    JOIN contact c ON c.team_uid = r.team_uid AND c.gtid = r.gtid
    WHERE r.team_uid = ${scope.teamUID} AND r.workflow_id = ${workflowId} AND r.run_id = ${runId}
    ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return r.rows[0] ? toRun(r.rows[0]) : null;
}

/** The run's log, in the order of its moves. */
export async function runSteps(scope: TeamScope, db: AppDb, runId: string) {
  const r = await db.execute<{
    step_id: string;
    attempt: number;
    outcome: 'done' | 'skipped' | 'failed';
    detail: Record<string, unknown> | null;
    at: Date | string;
  }>(sql`
    SELECT step_id, attempt, outcome, detail, at FROM workflow_run_step
    WHERE team_uid = ${scope.teamUID} AND run_id = ${runId}
    ORDER BY attempt, id`);
  return r.rows.map((x) => ({
    stepId: x.step_id,
    move: x.attempt,
    outcome: x.outcome,
    detail: x.detail,
    at: iso(x.at)!,
  }));
}

/** A failed run goes on from the step it failed at, at the runner's next pass. */
export async function retryRun(scope: TeamScope, db: AppDb, runId: string) {
  await db.execute(sql`
    UPDATE workflow_run SET state = 'running', finished_at = NULL, last_error = NULL,
      wait_until = NULL, wait_event = NULL
    WHERE team_uid = ${scope.teamUID} AND run_id = ${runId} AND state = 'failed'`);
}
