import { newPushId } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { TestServices } from './harness';

/** A run of a published workflow that failed at `stepId`, written directly. Answers its id. */
export async function insertFailedRun(
  s: TestServices,
  teamUID: string,
  workflowId: string,
  gtid: string,
  stepId: string,
) {
  const runId = newPushId('run');
  await s.database.db.execute(sql`
    INSERT INTO workflow_run (team_uid, run_id, workflow_id, version, gtid, state, cursor_step_id,
      depth, started_at, finished_at, last_error, moves)
    SELECT ${teamUID}, ${runId}, ${workflowId}, w.live_version, ${gtid}, 'failed', ${stepId},
      1, now(), now(), 'The step failed unexpectedly.', 1
    FROM workflow w WHERE w.team_uid = ${teamUID} AND w.workflow_id = ${workflowId}`);
  return runId;
}

/** How many of the team's runs are moving (not waiting, not ended, their workflow not paused). */
export async function runningRuns(s: TestServices, teamUID: string) {
  const r = await s.database.db.execute<{ n: string }>(sql`
    SELECT count(*) AS n FROM workflow_run r
    JOIN workflow w ON w.team_uid = r.team_uid AND w.workflow_id = r.workflow_id
    WHERE r.team_uid = ${teamUID} AND r.state = 'running' AND w.status = 'active'`);
  return Number(r.rows[0]!.n);
}
