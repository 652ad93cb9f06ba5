import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../db/scope';
import { withTx } from '../db/tx';
import { createApp } from '../http/app';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { ownerWithTeam } from '../test/team-fixtures';
import {
  CHANGE_LOG_RETENTION_CRON,
  CHANGE_LOG_RETENTION_QUEUE,
  pruneChangeLog,
} from './change-log-retention';

/** Change-log retention (DESIGN §5): old entries go, each team's log stays gap-free. */

let s: TestServices;
let server: ServerType;
let base: string;

beforeAll(async () => {
  s = await startTestServices();
  server = await new Promise<ServerType>((resolve) => {
    const srv = serve({ fetch: createApp(s).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(srv),
    );
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await s?.cleanup();
});

const DAY = 86_400_000;

/** `n` transactions of one team-wide change each (seqs 1..n for a new team). */
async function writeChanges(teamUID: string, n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    await withTx(s.database, systemScope('test'), async (tx) => {
      tx.recordChange(teamUID, 'subscription', `${tag}-${i}`, 'update');
    });
  }
}

async function seqs(teamUID: string): Promise<number[]> {
  const r = await s.database.pool.query<{ seq: string }>(
    'SELECT seq FROM change_log WHERE team_uid = $1 ORDER BY seq',
    [teamUID],
  );
  return r.rows.map((row) => Number(row.seq));
}

/** Dates the given entries `days` days back. */
async function age(teamUID: string, seqList: number[], days: number) {
  await s.database.pool.query(
    `UPDATE change_log SET at = now() - make_interval(days => $3)
     WHERE team_uid = $1 AND seq = ANY($2::bigint[])`,
    [teamUID, seqList, days],
  );
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Opens the realtime stream resuming at `lastEventId` and reads until it ends or `until`. */
async function resume(token: string, teamUID: string, lastEventId: string, until: RegExp) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/realtime?teams=${teamUID}`, {
    headers: { authorization: `Bearer ${token}`, 'last-event-id': lastEventId },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = setTimeout(() => abort.abort(), 10_000);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (until.test(text)) break;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(deadline);
    abort.abort();
  }
  return text;
}

describe(`change-log retention (${ENGINE})`, () => {
  it('deletes entries older than the window in batches, oldest first, keeping the rest gap-free', async () => {
    const { teamUID } = await ownerWithTeam(s, 'retention-a@example.com');
    const before = await seqs(teamUID);
    const first = before.length + 1;
    await writeChanges(teamUID, 12, 'a');
    const head = first + 11;
    // Entries up to first+6 are 8 days old, except first+4, which is young: nothing from it on
    // may go (entries are dated at their transaction's start, so `at` may be out of seq order).
    await age(teamUID, range(1, first + 6), 8);
    await age(teamUID, [first + 4], 1);
    const result = await pruneChangeLog(s, { cutoff: new Date(Date.now() - 7 * DAY), batch: 2 });
    expect(result.teams).toBeGreaterThanOrEqual(1);
    expect(await seqs(teamUID)).toEqual(range(first + 4, head));

    // Once first+4 ages too, the log is cut up to the first young entry.
    await age(teamUID, [first + 4], 8);
    await pruneChangeLog(s, { cutoff: new Date(Date.now() - 7 * DAY), batch: 2 });
    expect(await seqs(teamUID)).toEqual(range(first + 7, head));
  });

  it("always keeps a team's latest entry, however old", async () => {
    const { teamUID } = await ownerWithTeam(s, 'retention-b@example.com');
    await writeChanges(teamUID, 5, 'b');
    const all = await seqs(teamUID);
    await age(teamUID, all, 30);
    await pruneChangeLog(s, { cutoff: new Date(Date.now() - 7 * DAY), batch: 1000 });
    expect(await seqs(teamUID)).toEqual([all[all.length - 1]]);
    // Nothing more to do: the team is not even looked at again.
    const again = await pruneChangeLog(s, { cutoff: new Date(Date.now() - 7 * DAY) });
    expect(await seqs(teamUID)).toEqual([all[all.length - 1]]);
    expect(again.deleted).toBe(0);
  });

  it('a client whose Last-Event-ID is older than the retained entries gets reset; one inside them resumes', async () => {
    const owner = await ownerWithTeam(s, 'retention-c@example.com');
    const t = owner.teamUID;
    await writeChanges(t, 6, 'c');
    const all = await seqs(t);
    const head = all[all.length - 1]!;
    // Everything but the last two entries expires.
    await age(t, all.slice(0, -2), 10);
    await pruneChangeLog(s, { cutoff: new Date(Date.now() - 7 * DAY) });
    expect(await seqs(t)).toEqual([head - 1, head]);

    // Behind the retained entries (its next entry, head - 2, is gone): reset, stream ends.
    const behind = await resume(owner.client.token, t, `${t}:${head - 3}`, /event: reset/);
    expect(behind).toMatch(/event: reset/);
    expect(behind).not.toMatch(/"id":"c-/);
    // Right at the edge: it needs head - 1 and head, both kept.
    const inside = await resume(owner.client.token, t, `${t}:${head - 2}`, /"id":"c-5"/);
    expect(inside).not.toMatch(/event: reset/);
    expect(inside).toMatch(/"id":"c-4"[\s\S]*"id":"c-5"/);
  }, 30_000);

  it('is scheduled hourly and runs as a job with the configured window', async () => {
    const schedules = await s.jobs.boss.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({
        name: CHANGE_LOG_RETENTION_QUEUE,
        cron: CHANGE_LOG_RETENTION_CRON,
      }),
    );
    expect(s.config.changeLogRetentionDays).toBe(7);
    const { teamUID } = await ownerWithTeam(s, 'retention-d@example.com');
    await writeChanges(teamUID, 3, 'd');
    const all = await seqs(teamUID);
    await age(teamUID, all.slice(0, -1), 8);
    await s.jobs.send(CHANGE_LOG_RETENTION_QUEUE, {});
    const deadline = Date.now() + 20_000;
    while ((await seqs(teamUID)).length > 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await seqs(teamUID)).toEqual(all.slice(-1));
  }, 30_000);
});
