import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addStage } from '../../test/contact-fixtures';
import { addContacts } from '../../test/team-fixtures';
import {
  addConnection,
  contactWorld,
  outboxOf,
  type ContactWorld,
} from '../contact-parts/test-helpers';
import { OutboxDispatcher } from '../outbox/dispatcher';
import type { OutboxDelivery } from '../outbox/types';

/**
 * A sync held back by its connection's period (SPEC §9: delayBy minutes) falls due on the app
 * clock: a test moves the clock instead of waiting, and the outbox dispatcher hands it out then.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let s: TestServices;
let w: ContactWorld;
let qualified: string;
let lost: string;
beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'outbox-clock');
  qualified = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Qualified', 1, 'r-qualified');
  lost = await addStage(s, w.teamUID, w.p1.pipelineUID, 'Lost', 2, 'r-lost');
  await addConnection(s, w.teamUID, 'webhooks', { syncPeriod: 30 });
});
afterAll(() => s.cleanup());
afterEach(() => s.testClock.reset());

const moveTo = async (gtid: string, stageUID: string) => {
  const res = await w.owner.client.api(
    `/api/teams/${w.teamUID}/contacts/${gtid}/pipelines/${w.p1.pipelineUID}/stage`,
    { method: 'PUT', body: JSON.stringify({ stageUID }) },
  );
  expect(res.status).toBe(200);
};

/**
 * What the outbox dispatcher hands out now: this team's due rows, as kind, integration, GTID.
 * Each is answered "retry now", so it is due again for the next look.
 */
const dueNow = async () => {
  const seen: OutboxDelivery[] = [];
  // Sync rows only: the workflow engine, started with the server, takes the trigger rows itself.
  for (const kind of ['sync']) {
    const d = new OutboxDispatcher(s.database, s.logger, {
      kind,
      batchSize: 1_000,
      consume: async (_tx, rows) => {
        seen.push(...rows);
        return rows.map(() => ({ outcome: 'retry', atMs: s.clock.now() }));
      },
    });
    await d.runBatch();
  }
  return seen
    .filter((r) => r.teamUID === w.teamUID)
    .map((r) => {
      const p = r.payload as { integration?: string; GTID?: string; leadData?: { GTID: string } };
      return `${r.kind} ${p.integration ?? '-'} ${p.leadData?.GTID ?? p.GTID}`;
    });
};

describe(`the outbox on the app clock (${ENGINE})`, () => {
  it('shares one clock between the services and every transaction', async () => {
    expect(s.database.clock).toBe(s.clock);
    await withTx(s.database, systemScope('test'), async (tx) => expect(tx.clock).toBe(s.clock));
  });

  it('a sync with delayBy 30 is not due now, and is due once the clock is 31 minutes on', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await moveTo(gtid!, qualified);
    // The stage change's workflow trigger goes at once; the sync waits its 30 minutes.
    const queued = await outboxOf(s, w.teamUID);
    expect(queued.map((r) => [r.kind, r.delayMinutes])).toEqual([
      ['sync', 30],
      ['workflow-trigger', 0],
    ]);

    expect(await dueNow()).toEqual([]);
    s.testClock.advance(29 * MINUTE);
    expect(await dueNow()).toEqual([]);
    s.testClock.advance(2 * MINUTE);
    expect(await dueNow()).toEqual([`sync webhooks ${gtid}`]);
  });

  it('computes the due time from the clock as it stands when the row is queued', async () => {
    await withTx(s.database, systemScope('test'), (tx) =>
      tx.db.execute(sql`DELETE FROM outbox WHERE team_uid = ${w.teamUID}`),
    );
    s.testClock.advance(3 * DAY);
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    await moveTo(gtid!, lost);
    // Queued three days on: not yet due then, and due 30 minutes after that, not before.
    expect(await dueNow()).toEqual([]);
    s.testClock.advance(30 * MINUTE - 5_000);
    expect(await dueNow()).toEqual([]);
    s.testClock.advance(10_000);
    expect(await dueNow()).toEqual([`sync webhooks ${gtid}`]);
    // Stored as app-clock times, three days ahead of the database's own now().
    const [row] = (
      await s.database.pool.query<{ ahead: string }>(
        `SELECT extract(epoch FROM created_at - now()) * 1000 AS ahead FROM outbox
         WHERE team_uid = $1 AND payload->>'integration' = 'webhooks'`,
        [w.teamUID],
      )
    ).rows;
    expect(Math.abs(Number(row!.ahead) - 3 * DAY)).toBeLessThan(60_000);
  });
});
