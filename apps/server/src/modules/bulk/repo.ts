import type { BulkAction, BulkJobState } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { SystemScope, TeamScope } from '../../db/scope';

/*
 * Raw SQL throughout: the batch statements need unnest, SKIP LOCKED and data-modifying CTEs,
 * and the plain reads share JOB_COLUMNS and the row mapping with them.
 */

export interface BulkJobRow {
  jobUID: string;
  createdBy: string;
  action: BulkAction;
  state: BulkJobState;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

type JobDbRow = {
  job_uid: string;
  created_by: string;
  action: BulkAction;
  state: BulkJobState;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** What `toJob` reads, for every query that answers a job. */
const JOB_COLUMNS = sql.raw(
  'job_uid, created_by, action, state, total, done, failed, error, created_at, finished_at',
);

const toJob = (r: JobDbRow): BulkJobRow => ({
  jobUID: r.job_uid,
  createdBy: r.created_by,
  action: r.action,
  state: r.state,
  total: r.total,
  done: r.done,
  failed: r.failed,
  error: r.error,
  createdAt: iso(r.created_at)!,
  finishedAt: iso(r.finished_at),
});

/** The job with its selection, one item per distinct GTID in the order given. */
export async function insertJob(
  scope: TeamScope,
  db: AppDb,
  job: { jobUID: string; action: BulkAction; gtids: readonly string[] },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO bulk_job (team_uid, job_uid, created_by, action, total)
    VALUES (${scope.teamUID}, ${job.jobUID}, ${scope.uid}, ${JSON.stringify(job.action)}::jsonb,
      ${job.gtids.length})`);
  // Raw SQL: the whole selection in one statement, numbered by unnest WITH ORDINALITY.
  await db.execute(sql`
    INSERT INTO bulk_job_item (team_uid, job_uid, n, gtid)
    SELECT ${scope.teamUID}, ${job.jobUID}, v.n, v.gtid
    FROM unnest(${sql.param([...job.gtids])}::text[]) WITH ORDINALITY AS v(gtid, n)`);
}

/** A job of the team; members see only the jobs they started. */
export async function findJob(
  scope: TeamScope,
  db: AppDb,
  jobUID: string,
): Promise<BulkJobRow | null> {
  const r = await db.execute<JobDbRow>(sql`
    SELECT ${JOB_COLUMNS}
    FROM bulk_job WHERE team_uid = ${scope.teamUID} AND job_uid = ${jobUID}
      ${scope.role === 'member' ? sql`AND created_by = ${scope.uid}` : sql``}`);
  return r.rows[0] ? toJob(r.rows[0]) : null;
}

/** A job as its worker reads it (no user scope yet: the job carries its creator). */
export async function loadJob(
  _scope: SystemScope,
  db: AppDb,
  teamUID: string,
  jobUID: string,
): Promise<BulkJobRow | null> {
  const r = await db.execute<JobDbRow>(sql`
    SELECT ${JOB_COLUMNS}
    FROM bulk_job WHERE team_uid = ${teamUID} AND job_uid = ${jobUID}`);
  return r.rows[0] ? toJob(r.rows[0]) : null;
}

/** Jobs a stopped process left unfinished (the worker picks them up again at start). */
export async function unfinishedJobs(
  _scope: SystemScope,
  db: AppDb,
): Promise<{ teamUID: string; jobUID: string }[]> {
  const r = await db.execute<{ team_uid: string; job_uid: string }>(sql`
    SELECT team_uid, job_uid FROM bulk_job WHERE state IN ('queued', 'running')
    ORDER BY created_at`);
  return r.rows.map((row) => ({ teamUID: row.team_uid, jobUID: row.job_uid }));
}

/**
 * The next pending items, locked: a second worker on the same job (a retried pg-boss job after
 * a crash) skips them rather than doing them twice.
 */
export async function lockPendingItems(
  scope: TeamScope,
  db: AppDb,
  jobUID: string,
  limit: number,
): Promise<{ n: number; gtid: string }[]> {
  // Raw SQL: SKIP LOCKED, so a second runner passes over a batch another holds.
  const r = await db.execute<{ n: number; gtid: string }>(sql`
    SELECT n, gtid FROM bulk_job_item
    WHERE team_uid = ${scope.teamUID} AND job_uid = ${jobUID} AND status = 'pending'
    ORDER BY n LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`);
  return r.rows;
}

/** Items not done yet, including ones another runner holds locked right now. */
export async function pendingCount(scope: TeamScope, db: AppDb, jobUID: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM bulk_job_item
    WHERE team_uid = ${scope.teamUID} AND job_uid = ${jobUID} AND status = 'pending'`);
  return r.rows[0]!.n;
}

/** Marks a batch's items done or failed (with why) and counts them on the job, one statement. */
export async function finishItems(
  scope: TeamScope,
  db: AppDb,
  jobUID: string,
  results: readonly { n: number; error: string | null }[],
): Promise<void> {
  if (results.length === 0) return;
  // Raw SQL: items and the job's counts in one statement (a data-modifying CTE).
  await db.execute(sql`
    WITH marked AS (
      UPDATE bulk_job_item i SET status = CASE WHEN v.error IS NULL THEN 'done' ELSE 'failed' END,
        error = v.error
      FROM unnest(${sql.param(results.map((r) => r.n))}::int[],
        ${sql.param(results.map((r) => r.error))}::text[]) AS v(n, error)
      WHERE i.team_uid = ${scope.teamUID} AND i.job_uid = ${jobUID} AND i.n = v.n
      RETURNING i.status)
    UPDATE bulk_job SET state = 'running',
      done = done + (SELECT count(*) FROM marked WHERE status = 'done'),
      failed = failed + (SELECT count(*) FROM marked WHERE status = 'failed')
    WHERE team_uid = ${scope.teamUID} AND job_uid = ${jobUID}`);
}

export async function setJobState(
  _scope: SystemScope,
  db: AppDb,
  teamUID: string,
  jobUID: string,
  state: BulkJobState,
  error: string | null = null,
): Promise<void> {
  await db.execute(sql`
    UPDATE bulk_job SET state = ${state}, error = ${error},
      finished_at = CASE WHEN ${state} IN ('done', 'failed') THEN now() ELSE NULL END
    WHERE team_uid = ${teamUID} AND job_uid = ${jobUID}`);
}

/** The first failures of a job, in selection order. */
export async function jobFailures(
  scope: TeamScope,
  db: AppDb,
  jobUID: string,
  limit: number,
): Promise<{ GTID: string; error: string }[]> {
  const r = await db.execute<{ gtid: string; error: string }>(sql`
    SELECT gtid, error FROM bulk_job_item
    WHERE team_uid = ${scope.teamUID} AND job_uid = ${jobUID} AND status = 'failed'
    ORDER BY n LIMIT ${limit}`);
  return r.rows.map((row) => ({ GTID: row.gtid, error: row.error }));
}
