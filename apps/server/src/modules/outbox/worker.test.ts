import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addStage } from '../../test/contact-fixtures';
import { addContacts } from '../../test/team-fixtures';
import { addConnection, contactWorld, type ContactWorld } from '../contact-parts/test-helpers';
import { rowsOf, recordingConsumer } from './test-helpers';
import { DRAIN_CRON as OUTBOX_DISPATCH_CRON } from '../../jobs/drain-worker';
import { outboxQueue, startOutboxConsumer } from './worker';

/**
 * A kind's consumer started the way the workflow and sync engines will start theirs: the rows
 * written before it are skipped, and a stage change made after it reaches it through the job
 * queue, woken by the commit (the schedule alone would take up to a minute).
 */

let s: TestServices;
let w: ContactWorld;
let qualified: string;
let lost: string;
beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'outbox-worker');
  qualified = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Qualified', 1, 'r-qualified');
  lost = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Lost', 2, 'r-lost');
  // A connection, so a stage change writes a `sync` row: no module consumes that kind yet (the
  // workflow engine, started with the server, already consumes `workflow-trigger`).
  await addConnection(s, w.teamUID, 'webhooks');
});
afterAll(() => s.cleanup());

const moveTo = async (gtid: string, stageUID: string) => {
  const res = await w.owner.client.api(
    `/api/teams/${w.teamUID}/contacts/${gtid}/pipelines/${w.p1.pipelineUID}/stage`,
    { method: 'PUT', body: JSON.stringify({ stageUID }) },
  );
  expect(res.status).toBe(200);
};

describe(`an outbox consumer started in the server (${ENGINE})`, () => {
  it('skips what was written before its first start and gets later rows on commit', async () => {
    const [before, after] = await addContacts(s, w.teamUID, 2, [w.p1]);
    await moveTo(before!, qualified);
    expect((await rowsOf(s, 'sync')).map((r) => r.state)).toEqual(['pending']);

    const seen = recordingConsumer();
    const started = await startOutboxConsumer(s, {
      kind: 'sync',
      consume: seen.consume,
    });
    expect(started.skippedAtFirstStart).toBe(1);
    expect((await rowsOf(s, 'sync')).map((r) => r.state)).toEqual(['skipped']);
    expect(await s.jobs.boss.getSchedules()).toContainEqual(
      expect.objectContaining({
        name: outboxQueue('sync'),
        cron: OUTBOX_DISPATCH_CRON,
      }),
    );

    const woken = Date.now();
    await moveTo(after!, lost);
    await expect
      .poll(() => seen.seen.map((r) => (r.payload.leadData as { GTID: string }).GTID), {
        timeout: 4_000,
        interval: 50,
      })
      .toEqual([after]);
    // Woken by the commit, not by the next poll of the queue (every 5 s) or the schedule.
    expect(Date.now() - woken).toBeLessThan(4_000);
    expect(seen.seen[0]!.payload).toMatchObject({ change: 'stage' });
    await expect
      .poll(async () => (await rowsOf(s, 'sync')).map((r) => r.state))
      .toEqual(['skipped', 'done']);
  });
});
