import { BULK_BATCH } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../db/scope';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addConnection, addStage, changeLogRows, outboxRows } from '../../test/contact-fixtures';
import {
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import { createApp } from '../../http/app';
import { TestClient } from '../../test/http-client';
import { teamScopeFor } from '../../scope/team-scope';
import * as repo from './repo';
import { bulkBatchSize, runBulkJob } from './service';

/**
 * Bulk actions (issue 7): a job answers at once, works in batches, gives every contact what a
 * single move gives it, reports who failed and why, and survives a stop half-way.
 */

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;
async function setup(contacts: number) {
  const t = await ownerWithTeam(s, `bulk-${++n}@example.com`);
  const { pipelineUID, stageUID: placeholder } = await addPipeline(s, t.teamUID, 'Sales');
  const target = await addStage(s, t.teamUID, pipelineUID, 'Proposal', 1);
  await addConnection(s, t.teamUID, 'webhooks', { syncStages: true });
  const gtids = Array.from(
    { length: contacts },
    (_, i) => `bulk-${n}-${String(i).padStart(5, '0')}`,
  );
  await s.database.db.execute(sql`
    INSERT INTO contact (team_uid, gtid, full_name)
    SELECT ${t.teamUID}, g, 'Bulk ' || g FROM unnest(${sql.param(gtids)}::text[]) AS g`);
  await s.database.db.execute(sql`
    INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
    SELECT ${t.teamUID}, g, ${pipelineUID}, ${placeholder}, 'a' || g
    FROM unnest(${sql.param(gtids)}::text[]) AS g`);
  return { ...t, pipelineUID, placeholder, target, gtids };
}

async function stageActivities(teamUID: string) {
  const r = await s.database.db.execute<{ gtid: string; n: number }>(sql`
    SELECT gtid, count(*)::int AS n FROM activity
    WHERE team_uid = ${teamUID} AND type = 'stage' GROUP BY gtid`);
  return new Map(r.rows.map((row) => [row.gtid, row.n]));
}

async function inStage(teamUID: string, stageUID: string) {
  const r = await s.database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM contact_pipeline WHERE team_uid = ${teamUID} AND stage_uid = ${stageUID}`);
  return r.rows[0]!.n;
}

async function waitForJob(
  client: { api: (p: string) => Promise<{ status: number; body: unknown }> },
  teamUID: string,
  jobUID: string,
) {
  for (let i = 0; i < 1200; i++) {
    const res = await client.api(`/api/teams/${teamUID}/bulk-jobs/${jobUID}`);
    const job = (res.body as { job: { state: string } }).job;
    if (job.state === 'done' || job.state === 'failed')
      return res.body as { job: Record<string, unknown> };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the bulk job did not finish');
}

describe(`bulk actions (${ENGINE})`, () => {
  it('moves a selection in batches: 202 at once, then every contact moved once with its activity, history, sync row and change log; who failed and why', async () => {
    const contacts = BULK_BATCH * 2 + 300;
    const t = await setup(contacts);
    const selection = [...t.gtids, 'not-a-contact', t.gtids[0]!];
    const res = await t.client.api(`/api/teams/${t.teamUID}/bulk-jobs`, {
      method: 'POST',
      body: JSON.stringify({
        action: { type: 'stage', pipelineUID: t.pipelineUID, stageUID: t.target },
        GTIDs: selection,
      }),
    });
    expect(res.status).toBe(202);
    const { jobUID, total } = res.body as { jobUID: string; total: number };
    expect(total).toBe(contacts + 1); // the repeated GTID counts once

    const { job } = await waitForJob(t.client, t.teamUID, jobUID);
    expect(job).toMatchObject({
      state: 'done',
      total: contacts + 1,
      done: contacts,
      failed: 1,
      failures: [{ GTID: 'not-a-contact', error: 'Not in this pipeline, or not one you can see.' }],
    });
    expect(await inStage(t.teamUID, t.target)).toBe(contacts);
    const acts = await stageActivities(t.teamUID);
    expect(acts.size).toBe(contacts);
    expect([...acts.values()].every((k) => k === 1)).toBe(true);
    const history = await s.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM stage_history WHERE team_uid = ${t.teamUID} AND stage_uid = ${t.target}`);
    expect(history.rows[0]!.n).toBe(contacts);
    const outbox = await outboxRows(s, t.teamUID);
    expect(outbox.filter((r) => r.kind === 'sync')).toHaveLength(contacts);
    expect(outbox.filter((r) => r.kind === 'workflow-trigger')).toHaveLength(contacts);
    const log = await changeLogRows(s, t.teamUID);
    expect(log.filter((r) => r.resource === 'contactPipeline')).toHaveLength(contacts);
    // Progress: the job's record changed once per batch, and when created and finished.
    expect(log.filter((r) => r.resource === 'bulkJob').length).toBe(
      Math.ceil((contacts + 1) / bulkBatchSize(s.database)) + 2,
    );
  });

  it('finishes a job stopped half-way when started again, each contact moved exactly once', async () => {
    const contacts = BULK_BATCH * 2 + 500;
    const t = await setup(contacts);
    const scope = await teamScopeFor(s.database, t.uid, t.teamUID);
    const jobUID = `job-restart-${n}`;
    // Stored as a request stores it, without queueing it: this test plays the worker.
    await repo.insertJob(scope, s.database.db, {
      jobUID,
      action: { type: 'stage', pipelineUID: t.pipelineUID, stageUID: t.target },
      gtids: t.gtids,
    });
    const crash = new Error('the process stopped');
    await expect(
      runBulkJob(s.database, s.logger, t.teamUID, jobUID, {
        afterBatch: async () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const half = await repo.loadJob(systemScope('test'), s.database.db, t.teamUID, jobUID);
    expect(half).toMatchObject({ state: 'running', done: bulkBatchSize(s.database) });
    expect(await repo.unfinishedJobs(systemScope('test'), s.database.db)).toContainEqual({
      teamUID: t.teamUID,
      jobUID,
    });

    // Started again (what workBulkJobs does at start), twice at once for good measure.
    await Promise.all([
      runBulkJob(s.database, s.logger, t.teamUID, jobUID),
      runBulkJob(s.database, s.logger, t.teamUID, jobUID),
    ]);
    const done = await repo.loadJob(systemScope('test'), s.database.db, t.teamUID, jobUID);
    expect(done).toMatchObject({ state: 'done', done: contacts, failed: 0 });
    expect(await inStage(t.teamUID, t.target)).toBe(contacts);
    const acts = await stageActivities(t.teamUID);
    expect(acts.size).toBe(contacts);
    expect([...acts.values()].every((k) => k === 1)).toBe(true);
  });

  it('answers 400 naming the field and 404 for a stage it cannot see, writing nothing; a member sees only their own jobs', async () => {
    const t = await setup(3);
    const post = (body: unknown) =>
      t.client.api(`/api/teams/${t.teamUID}/bulk-jobs`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const empty = await post({
      action: { type: 'stage', pipelineUID: t.pipelineUID, stageUID: t.target },
      GTIDs: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error: { field: 'GTIDs', message: 'GTIDs: Select at least one contact.' },
    });
    const badType = await post({ action: { type: 'explode' }, GTIDs: t.gtids });
    expect(badType.status).toBe(400);
    expect((badType.body as { error: { field: string } }).error.field).toMatch(/^action/);
    const noStage = await post({
      action: { type: 'stage', pipelineUID: t.pipelineUID, stageUID: 'nope' },
      GTIDs: t.gtids,
    });
    expect(noStage.status).toBe(404);
    const jobs = await s.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM bulk_job WHERE team_uid = ${t.teamUID}`);
    expect(jobs.rows[0]!.n).toBe(0);

    const ok = await post({
      action: { type: 'stage', pipelineUID: t.pipelineUID, stageUID: t.target },
      GTIDs: t.gtids,
    });
    expect(ok.status).toBe(202);
    const memberEmail = `bulk-member-${n}@example.com`;
    const memberUID = await createUser(s, memberEmail);
    await addMember(s, t.teamUID, memberUID, 'member', [t.pipelineUID]);
    const member = await signIn(s, memberEmail);
    const jobUID = (ok.body as { jobUID: string }).jobUID;
    expect((await member.api(`/api/teams/${t.teamUID}/bulk-jobs/${jobUID}`)).status).toBe(404);
    expect((await t.client.api(`/api/teams/${t.teamUID}/bulk-jobs/${jobUID}`)).status).toBe(200);
  });

  it('takes the same job at the spec path POST /v2/bulk, the team in the body', async () => {
    const t = await setup(3);
    const other = await ownerWithTeam(s, `bulk-other-${n}@example.com`);
    const body = (teamUID: string) =>
      JSON.stringify({
        teamUID,
        action: { type: 'stage', pipelineUID: t.pipelineUID, stageUID: t.target },
        GTIDs: t.gtids,
      });
    const anonymous = await new TestClient(createApp(s)).api('/v2/bulk', {
      method: 'POST',
      body: body(t.teamUID),
    });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({
      error: { status: 'permission-denied', message: 'User not logged in' },
    });
    const stranger = await other.client.api('/v2/bulk', { method: 'POST', body: body(t.teamUID) });
    expect(stranger.status).toBe(404);
    const res = await t.client.api('/v2/bulk', { method: 'POST', body: body(t.teamUID) });
    expect(res.status).toBe(202);
    const { jobUID } = (res.body as { data: { jobUID: string } }).data;
    const { job } = await waitForJob(t.client, t.teamUID, jobUID);
    expect(job).toMatchObject({ state: 'done', done: 3, failed: 0 });
    expect(await inStage(t.teamUID, t.target)).toBe(3);
  });
});
