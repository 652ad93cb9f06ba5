import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_LIMITS, type QueueLimits } from '@leadloom/core';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import {
  addContacts,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import { activitiesOf } from '../contact-parts/test-helpers';
import { postBulk, waitForJob } from '../bulk/test-helpers';

let s: TestServices;
let owner: Awaited<ReturnType<typeof ownerWithTeam>>;
let member: Awaited<ReturnType<typeof signIn>>;
let memberUID: string;
let stranger: Awaited<ReturnType<typeof ownerWithTeam>>;

/** A Monday at noon UTC: every test reads the app clock from here. */
const MONDAY_NOON = Date.UTC(2027, 0, 4, 12);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Limits that make the pacing exact: 30 s between sends, no breaks, all day every day. */
const EXACT: QueueLimits = {
  ...DEFAULT_QUEUE_LIMITS.facebook,
  dailyNewConversations: 50,
  hourlySends: 3,
  minGapSeconds: 30,
  maxGapSeconds: 30,
  breakEveryMin: 50,
  breakEveryMax: 50,
  workStart: '00:00',
  workEnd: '23:59',
  workDays: [0, 1, 2, 3, 4, 5, 6],
  warmUp: false,
};

const team = (path: string, teamUID = owner.teamUID) => `/api/teams/${teamUID}/outreach${path}`;
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

async function contactsWithProfiles(n: number, platform = 'facebook', teamUID = owner.teamUID) {
  const gtids = await addContacts(s, teamUID, n);
  for (const [i, gtid] of gtids.entries()) {
    await s.database.db.execute(sql`
      UPDATE contact SET first_name = ${`Dana${i}`}, full_name = ${`Dana${i} Lee`},
        profiles = ${JSON.stringify({ [platform]: `https://www.${platform}.com/dana.${i}.${gtid.slice(-6)}/` })}::jsonb
      WHERE team_uid = ${teamUID} AND gtid = ${gtid}`);
  }
  return gtids;
}

async function clearQueue() {
  await s.database.db.execute(sql`DELETE FROM message_queue_item`);
  await s.database.db.execute(sql`DELETE FROM outreach_send`);
  await s.database.db.execute(sql`DELETE FROM sender_pacing`);
}

async function useLimits(
  client = owner.client,
  limits: QueueLimits = EXACT,
  platform = 'facebook',
) {
  const res = await client.api(`/api/outreach/${platform}/limits`, {
    method: 'PUT',
    body: JSON.stringify({ limits }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const lease = (client = owner.client, platform = 'facebook') =>
  client.api(`/api/outreach/${platform}/lease`, { method: 'POST' });

type Leased = { teamUID: string; itemUID: string; leaseId: string; text: string; resumed: boolean };

async function leased(client = owner.client, platform = 'facebook'): Promise<Leased> {
  const res = await lease(client, platform);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body!.item, JSON.stringify(res.body)).not.toBeNull();
  return res.body!.item as Leased;
}

/**
 * The app clock runs on from where a test set it, so a wait ends a few real milliseconds after
 * the moment the rules name: allow for the test's own running time.
 */
function expectWait(body: unknown, reason: string, until: number) {
  const wait = (body as { item: unknown; wait: { reason: string; until: string } }).wait;
  expect((body as { item: unknown }).item).toBeNull();
  expect(wait.reason).toBe(reason);
  const at = Date.parse(wait.until);
  expect(at).toBeGreaterThanOrEqual(until);
  expect(at).toBeLessThan(until + 10 * SECOND);
}

const report = (item: Leased, code: string, client = owner.client) =>
  client.api(
    team(`/items/${item.itemUID}/result`, item.teamUID),
    post({ leaseId: item.leaseId, code }),
  );

beforeAll(async () => {
  s = await startTestServices();
  owner = await ownerWithTeam(s, 'queue-owner@example.com');
  memberUID = await createUser(s, 'queue-member@example.com', 'Mia Member');
  await addMember(s, owner.teamUID, memberUID, 'admin');
  member = await signIn(s, 'queue-member@example.com');
  stranger = await ownerWithTeam(s, 'queue-stranger@example.com');
});
afterAll(() => s.cleanup());
beforeEach(async () => {
  s.testClock.set(MONDAY_NOON);
  await clearQueue();
});

describe(`queueing messages (${ENGINE})`, () => {
  it('queues one item per contact with the text filled for each, and says who has no profile link', async () => {
    const gtids = await contactsWithProfiles(2);
    const [bare] = await addContacts(s, owner.teamUID, 1);
    const res = await owner.client.api(
      team('/items'),
      post({
        platform: 'facebook',
        GTIDs: [...gtids, bare],
        text: 'Hi {{firstName}}, thanks for joining!',
        idempotencyKey: 'k1',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = res.body!.items as {
      GTID: string;
      text: string;
      status: string;
      recipient: string;
    }[];
    expect(items.map((i) => [i.GTID, i.text, i.status])).toEqual([
      [gtids[0], 'Hi Dana0, thanks for joining!', 'approved'],
      [gtids[1], 'Hi Dana1, thanks for joining!', 'approved'],
    ]);
    // The link is kept in one form (no trailing slash) so the caps see one person.
    expect(items[0]!.recipient).not.toMatch(/\/$/);
    expect(res.body!.skipped).toEqual([
      { GTID: bare, reason: 'Contact 0 has no Facebook profile link' },
    ]);

    // The same request again (a retried click) queues nothing more.
    const again = await owner.client.api(
      team('/items'),
      post({
        platform: 'facebook',
        GTIDs: [...gtids, bare],
        text: 'Hi {{firstName}}, thanks for joining!',
        idempotencyKey: 'k1',
      }),
    );
    expect(again.status).toBe(201);
    expect((again.body!.items as { itemUID: string }[]).map((i) => i.itemUID)).toEqual(
      items.map((i) => (i as unknown as { itemUID: string }).itemUID),
    );
    const count = await s.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM message_queue_item`,
    );
    expect(Number(count.rows[0]!.n)).toBe(2);
  });

  it('shows each recipient’s text before queueing, without queueing anything', async () => {
    const [gtid] = await contactsWithProfiles(1);
    const res = await owner.client.api(
      team('/preview'),
      post({
        platform: 'facebook',
        GTIDs: [gtid],
        text: '{Hello|Hello} {{firstName}}, {{senderFirstName}} here',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body!.previews).toEqual([
      expect.objectContaining({
        GTID: gtid,
        name: 'Dana0 Lee',
        text: 'Hello Dana0, queue-owner here',
        problem: null,
      }),
    ]);
    const count = await s.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM message_queue_item`,
    );
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('fills {{answer.N}} with the answers of the pipeline the contact last answered in', async () => {
    const [gtid] = await contactsWithProfiles(1);
    const older = await addPipeline(s, owner.teamUID, 'Older');
    const newer = await addPipeline(s, owner.teamUID, 'Newer');
    for (const [p, answers, at] of [
      [older, ['Old first', 'Old second'], '2026-01-01T00:00:00Z'],
      [newer, ['Twice', 'Groups'], '2026-02-01T00:00:00Z'],
    ] as const) {
      await s.database.db.execute(sql`
        INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
        VALUES (${owner.teamUID}, ${gtid}, ${p.pipelineUID}, ${p.stageUID}, 'a0')`);
      for (const [order, answer] of answers.entries()) {
        await s.database.db.execute(sql`
          INSERT INTO answer (team_uid, answer_uid, gtid, pipeline_uid, question, answer, "order", updated_at)
          VALUES (${owner.teamUID}, ${`${p.pipelineUID}-${order}`}, ${gtid}, ${p.pipelineUID},
            ${`Q${order}`}, ${answer}, ${order}, ${at})`);
      }
    }
    const res = await owner.client.api(
      team('/preview'),
      post({
        platform: 'facebook',
        GTIDs: [gtid],
        text: 'You said {{answer.1}}, then {{answer.2}}',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body!.previews).toEqual([
      expect.objectContaining({ text: 'You said Twice, then Groups', problem: null }),
    ]);
  });

  it('names what gates a platform: the plan, or the team’s flag', async () => {
    const gtids = await contactsWithProfiles(2, 'linkedin');
    const linkedin = await owner.client.api(
      team('/items'),
      post({ platform: 'linkedin', GTIDs: [gtids[0]], text: 'Hi' }),
    );
    expect(linkedin.status).toBe(403);
    expect(linkedin.body).toEqual({
      error: expect.objectContaining({
        message:
          'Your plan does not include LinkedIn. Add LinkedIn to your plan to message people there.',
      }),
    });

    const fb = await contactsWithProfiles(2);
    await s.database.db.execute(sql`
      UPDATE team SET feature_flags = feature_flags || '{"facebook_bulk_messaging_access": false}'::jsonb
      WHERE team_uid = ${owner.teamUID}`);
    try {
      const bulk = await owner.client.api(
        team('/items'),
        post({ platform: 'facebook', GTIDs: fb, text: 'Hi' }),
      );
      expect(bulk.status).toBe(403);
      expect((bulk.body!.error as { message: string }).message).toBe(
        'Bulk messaging on Facebook is switched off for this team. Ask Leadloom support to switch it on.',
      );
      // One message is not bulk messaging: the flag does not hold it.
      const one = await owner.client.api(
        team('/items'),
        post({ platform: 'facebook', GTIDs: [fb[0]], text: 'Hi' }),
      );
      expect(one.status).toBe(201);
    } finally {
      await s.database.db.execute(sql`
        UPDATE team SET feature_flags = feature_flags || '{"facebook_bulk_messaging_access": true}'::jsonb
        WHERE team_uid = ${owner.teamUID}`);
    }

    await s.database.db.execute(sql`
      UPDATE team SET subscription = jsonb_set(subscription, '{platforms,instagram}', '{"level": "basic"}')
      WHERE team_uid = ${owner.teamUID}`);
    const ig = await contactsWithProfiles(2, 'instagram');
    const igBulk = await owner.client.api(
      team('/items'),
      post({ platform: 'instagram', GTIDs: ig, text: 'Hi' }),
    );
    expect(igBulk.status).toBe(403);
    expect((igBulk.body!.error as { message: string }).message).toBe(
      'Messaging several people at once on Instagram needs Instagram Pro in your plan.',
    );
  });

  it('new teams start with both bulk-messaging flags on', async () => {
    const r = await s.database.db.execute<{ feature_flags: Record<string, boolean> }>(sql`
      SELECT feature_flags FROM team WHERE team_uid = ${stranger.teamUID}`);
    expect(r.rows[0]!.feature_flags).toMatchObject({
      facebook_bulk_messaging_access: true,
      instagram_bulk_messaging_access: true,
    });
  });

  it('refuses bad input with a 400 and queues nothing', async () => {
    const [gtid] = await contactsWithProfiles(1);
    for (const body of [
      { platform: 'myspace', GTIDs: [gtid], text: 'Hi' },
      { platform: 'facebook', GTIDs: [], text: 'Hi' },
      { platform: 'facebook', GTIDs: [gtid], text: '   ' },
      { platform: 'facebook', GTIDs: [gtid], text: 'Hi', extra: 1 },
    ]) {
      const res = await owner.client.api(team('/items'), post(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await owner.client.api('/api/outreach/facebook/limits', {
      method: 'PUT',
      body: JSON.stringify({ limits: { ...EXACT, hourlySends: 21 } }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('hourlySends');
    const count = await s.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM message_queue_item`,
    );
    expect(Number(count.rows[0]!.n)).toBe(0);
  });
});

describe(`queueing in bulk (${ENGINE})`, () => {
  it('queues one message per selected contact through a bulk job, and reports who has no link', async () => {
    const gtids = await contactsWithProfiles(3);
    const [bare] = await addContacts(s, owner.teamUID, 1);
    const { jobUID, total } = await postBulk(owner.client, owner.teamUID, {
      GTIDs: [...gtids, bare],
      action: {
        type: 'queue-message',
        message: { platform: 'facebook', text: 'Hey {{firstName}}' },
      },
    });
    expect(total).toBe(4);
    const { job } = (await waitForJob(owner.client, owner.teamUID, jobUID)) as unknown as {
      job: { state: string; done: number; failed: number; failures: unknown[] };
    };
    expect(job).toMatchObject({ state: 'done', done: 3, failed: 1 });
    expect(job.failures).toEqual([{ GTID: bare, error: 'Contact 0 has no Facebook profile link' }]);
    const queued = (await owner.client.api(team('/items?box=sending'))).body!.items as {
      text: string;
    }[];
    expect(queued.map((i) => i.text)).toEqual(['Hey Dana0', 'Hey Dana1', 'Hey Dana2']);
  });

  it('is gated as bulk messaging before the job starts', async () => {
    const gtids = await contactsWithProfiles(2, 'linkedin');
    const res = await owner.client.api(`/api/teams/${owner.teamUID}/bulk-jobs`, {
      method: 'POST',
      body: JSON.stringify({
        GTIDs: gtids,
        action: { type: 'queue-message', message: { platform: 'linkedin', text: 'Hi' } },
      }),
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toContain('Your plan does not include LinkedIn');
  });
});

describe(`review (${ENGINE})`, () => {
  it('a teammate’s messages wait in the sender’s review queue, and only approved ones are leased', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(3);
    const res = await member.api(
      team('/items'),
      post({
        platform: 'facebook',
        GTIDs: gtids,
        text: 'Hello {{firstName}}',
        queuedToUID: owner.uid,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body!.items as { status: string }[]).map((i) => i.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    // Nothing pending reaches the extension.
    expect((await lease()).body).toMatchObject({ item: null, wait: { reason: 'empty' } });

    const review = await owner.client.api(team('/items?box=review'));
    const pending = review.body!.items as { itemUID: string; GTID: string; text: string }[];
    expect(pending.map((i) => i.text)).toEqual(['Hello Dana0', 'Hello Dana1', 'Hello Dana2']);
    // The member who queued them cannot approve them: it is not their review queue.
    const notTheirs = await member.api(team('/review'), post({ decision: 'approve' }));
    expect(notTheirs.body).toEqual({ changed: 0 });

    expect(
      (
        await owner.client.api(
          team('/review'),
          post({ decision: 'approve', itemUIDs: [pending[1]!.itemUID] }),
        )
      ).body,
    ).toEqual({ changed: 1 });
    expect(
      (
        await owner.client.api(
          team('/review'),
          post({ decision: 'reject', itemUIDs: [pending[2]!.itemUID] }),
        )
      ).body,
    ).toEqual({ changed: 1 });

    const item = await leased();
    expect(item.itemUID).toBe(pending[1]!.itemUID);
    expect((await report(item, 'sent')).status).toBe(200);
    s.testClock.advance(31 * SECOND);
    // The first is still waiting for review, the third was rejected: nothing more to send.
    expect((await lease()).body).toMatchObject({ item: null, wait: { reason: 'empty' } });
  });

  it('a teammate’s edit of an approved message sends it back for review; the sender’s own edit does not', async () => {
    await useLimits();
    const [gtid] = await contactsWithProfiles(1);
    const queued = await member.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: [gtid], text: 'Hello', queuedToUID: owner.uid }),
    );
    const { itemUID } = (queued.body!.items as { itemUID: string }[])[0]!;
    await owner.client.api(team('/review'), post({ decision: 'approve', itemUIDs: [itemUID] }));
    const patch = (client: typeof member, text: string) =>
      client.api(team(`/items/${itemUID}`), { method: 'PATCH', body: JSON.stringify({ text }) });

    const edited = await patch(member, 'Hello, and buy now');
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', text: 'Hello, and buy now' });
    expect((await lease()).body).toMatchObject({ item: null, wait: { reason: 'empty' } });

    await owner.client.api(team('/review'), post({ decision: 'approve', itemUIDs: [itemUID] }));
    const own = await patch(owner.client, 'Hello there');
    expect(own.body).toMatchObject({ status: 'approved', text: 'Hello there' });
    expect((await leased()).text).toBe('Hello there');
  });
});

describe(`leases and pacing (${ENGINE})`, () => {
  it('sends in order, each once, spaced and under the hourly cap; a sent message is on the contact’s timeline', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(5);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi {{firstName}}\nSecond line 👋' }),
    );

    const first = await leased();
    expect(first.text).toBe('Hi Dana0\nSecond line 👋');
    // Another browser of the same account asks meanwhile: it waits for the lease.
    expect((await lease()).body).toMatchObject({ item: null, wait: { reason: 'busy' } });
    const sent = await report(first, 'sent');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // A second report of the same send changes nothing.
    expect((await report(first, 'sent')).body).toMatchObject({ duplicate: true });

    const acts = await activitiesOf(s, owner.teamUID, gtids[0]!);
    expect(acts).toEqual([
      expect.objectContaining({
        type: 'message',
        action: 'sent',
        note: 'Hi Dana0\nSecond line 👋',
        ref_uid: first.itemUID,
      }),
    ]);
    // Workflows may start on it: one messageSent trigger, however often the send is reported.
    const triggers = await s.database.pool.query<{ payload: { trigger: string; data: unknown } }>(
      `SELECT payload FROM outbox WHERE team_uid = $1 AND kind = 'workflow-trigger'
         AND payload->>'trigger' = 'messageSent' AND payload->>'GTID' = $2`,
      [owner.teamUID, gtids[0]],
    );
    expect(triggers.rows.map((r) => r.payload.data)).toEqual([
      { itemUID: first.itemUID, platform: 'facebook', templateId: null },
    ]);

    // The gap: 30 s, with the app clock's now, which the extension measures the wait from.
    const gap = (await lease()).body as { now: string };
    expectWait(gap, 'spacing', MONDAY_NOON + 30 * SECOND);
    expect(Date.parse(gap.now)).toBeGreaterThanOrEqual(MONDAY_NOON);
    expect(Date.parse(gap.now)).toBeLessThan(MONDAY_NOON + 10 * SECOND);
    const order = [first.itemUID];
    for (let k = 0; k < 2; k++) {
      s.testClock.advance(30 * SECOND);
      const next = await leased();
      order.push(next.itemUID);
      await report(next, 'sent');
    }
    s.testClock.advance(30 * SECOND);
    // Three sent in the hour: the fourth waits until the first is an hour old.
    expectWait((await lease()).body, 'hourly-cap', MONDAY_NOON + 60 * MINUTE);
    const status = await owner.client.api('/api/outreach/status');
    const fb = (
      status.body!.platforms as { platform: string; usage: unknown; queue: unknown }[]
    ).find((p) => p.platform === 'facebook');
    expect(fb).toMatchObject({
      usage: { newConversationsToday: 3, sentToday: 3, lastHour: 3 },
      queue: { approved: 2, leased: 0 },
    });
    // The clock its times are on, for a browser whose own may be off.
    const statusNow = Date.parse(status.body!.now as string);
    expect(statusNow).toBeGreaterThanOrEqual(MONDAY_NOON + 90 * SECOND);
    expect(statusNow).toBeLessThan(MONDAY_NOON + 100 * SECOND);
    s.testClock.set(MONDAY_NOON + 61 * MINUTE);
    const fourthAnswer = (await lease()).body as { now: string; item: Leased };
    expect(Date.parse(fourthAnswer.now)).toBeGreaterThanOrEqual(MONDAY_NOON + 61 * MINUTE);
    expect(Date.parse(fourthAnswer.now)).toBeLessThan(MONDAY_NOON + 61 * MINUTE + 10 * SECOND);
    const fourth = fourthAnswer.item;
    order.push(fourth.itemUID);
    const items = (await owner.client.api(team('/items?box=history'))).body!.items as {
      itemUID: string;
      GTID: string;
    }[];
    // In queue order, each once.
    const queued = (await owner.client.api(team('/items?box=sending'))).body!.items as {
      itemUID: string;
      GTID: string;
    }[];
    expect(new Set(order).size).toBe(4);
    expect([...items].reverse().map((i) => i.GTID)).toEqual(gtids.slice(0, 3));
    expect(queued.map((i) => i.GTID)).toEqual(gtids.slice(3));
  });

  it('the daily cap holds new conversations only: a follow-up to someone messaged before still goes', async () => {
    await useLimits(owner.client, { ...EXACT, dailyNewConversations: 1 });
    const [dana, eli] = await contactsWithProfiles(2);
    const queue = (GTID: string, text: string) =>
      owner.client.api(team('/items'), post({ platform: 'facebook', GTIDs: [GTID], text }));
    await queue(dana!, 'Hi Dana');
    await report(await leased(), 'sent');
    await queue(eli!, 'Hi Eli');
    await queue(dana!, 'Dana, one more thing');
    s.testClock.advance(30 * SECOND);
    // Eli would be a second new conversation today; Dana's follow-up goes first.
    const followUp = await leased();
    expect(followUp.text).toBe('Dana, one more thing');
    await report(followUp, 'sent');
    s.testClock.advance(30 * SECOND);
    expectWait((await lease()).body, 'daily-cap', Date.UTC(2027, 0, 5));
    const status = await owner.client.api('/api/outreach/status');
    const fb = (status.body!.platforms as { platform: string; usage: unknown }[]).find(
      (p) => p.platform === 'facebook',
    );
    expect(fb).toMatchObject({ usage: { newConversationsToday: 1, sentToday: 2 } });
  });

  it('never leases the same item to two browsers asking at once', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(4);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi' }),
    );
    const answers = await Promise.all([lease(), lease(), lease(), lease()]);
    const items = answers.map((a) => a.body!.item).filter(Boolean);
    expect(items).toHaveLength(1);
    expect(
      answers.filter((a) => (a.body!.wait as { reason: string } | null)?.reason === 'busy'),
    ).toHaveLength(3);
  });

  it('a lease that runs out returns the item, marked for a look before sending; the old lease can still report it sent', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(1);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi' }),
    );
    const first = await leased();
    expect(first.resumed).toBe(false);
    s.testClock.advance(6 * MINUTE);
    const second = await leased();
    expect(second).toMatchObject({ itemUID: first.itemUID, resumed: true });
    expect(second.leaseId).not.toBe(first.leaseId);
    // The first browser's late failure is refused: the item is another's now.
    const late = await report(first, 'retry');
    expect(late.status).toBe(409);
    // Its late "sent" is recorded: the message went out, and it is sent once.
    expect((await report(first, 'sent')).status).toBe(200);
    expect((await report(second, 'sent')).body).toMatchObject({ duplicate: true });
    const sends = await s.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM outreach_send`,
    );
    expect(Number(sends.rows[0]!.n)).toBe(1);
  });

  it('a limit dialog pauses the platform for 24 hours and says why; Resume goes on', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(2);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi' }),
    );
    const item = await leased();
    expect((await report(item, 'rate-limited')).body).toMatchObject({
      item: { status: 'approved' },
    });
    const pausedLease = (await lease()).body;
    expectWait(pausedLease, 'paused', MONDAY_NOON + 24 * 60 * MINUTE);
    // The extension is told why, in the words the app shows.
    expect(pausedLease).toMatchObject({
      wait: { message: expect.stringContaining('Facebook showed a limit warning') },
    });
    const status = await owner.client.api('/api/outreach/status');
    const fb = (status.body!.platforms as { platform: string; paused: unknown }[]).find(
      (p) => p.platform === 'facebook',
    );
    expect(fb!.paused).toMatchObject({
      reason: 'limit-dialog',
      message:
        'Facebook showed a limit warning, so sending stopped for 24 hours to protect your account.',
    });
    expect(Date.parse((fb!.paused as { until: string }).until)).toBeGreaterThanOrEqual(
      MONDAY_NOON + 24 * 60 * MINUTE,
    );
    // Other platforms are not paused.
    expect(
      (status.body!.platforms as { platform: string; paused: unknown }[]).find(
        (p) => p.platform === 'instagram',
      )!.paused,
    ).toBeNull();
    await owner.client.api('/api/outreach/facebook/resume', { method: 'POST' });
    expect((await leased()).itemUID).toBe(item.itemUID);
  });

  it('three failures in a row pause for an hour; a recipient who cannot be messaged is not retried', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(4);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi' }),
    );
    const a = await leased();
    expect((await report(a, 'failed')).body).toMatchObject({ item: { status: 'failed' } });
    s.testClock.advance(30 * SECOND);
    const b = await leased();
    expect((await report(b, 'retry')).body).toMatchObject({
      item: { status: 'approved', attempts: 1 },
    });
    s.testClock.advance(30 * SECOND);
    const c = await leased();
    expect(c.itemUID).not.toBe(b.itemUID); // b waits for its retry time
    await report(c, 'failed');
    expect((await lease()).body).toMatchObject({ item: null, wait: { reason: 'paused' } });
    s.testClock.advance(61 * MINUTE);
    const next = await leased();
    expect([b.itemUID, gtids.length && next.itemUID]).toContain(next.itemUID);
    expect(next.itemUID).not.toBe(a.itemUID);
  });

  it('a message sent by hand counts against the caps', async () => {
    await useLimits(owner.client, { ...EXACT, hourlySends: 1 });
    const gtids = await contactsWithProfiles(1);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi' }),
    );
    const manual = await owner.client.api(
      '/api/outreach/facebook/manual-sends',
      post({ recipient: 'https://www.facebook.com/someone' }),
    );
    expect(manual.status).toBe(201);
    s.testClock.advance(31 * SECOND);
    expectWait((await lease()).body, 'hourly-cap', MONDAY_NOON + 60 * MINUTE);
  });

  it('shows the defaults of a platform never used, without writing anything for it', async () => {
    const status = await owner.client.api('/api/outreach/status');
    expect(status.status).toBe(200);
    const platforms = status.body!.platforms as { platform: string; customLimits: boolean }[];
    expect(platforms.map((p) => p.platform)).toEqual(['facebook', 'instagram', 'linkedin']);
    expect(platforms.every((p) => !p.customLimits)).toBe(true);
    const rows = await s.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM sender_pacing`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it('keeps each team’s items to itself: another team’s item is not found', async () => {
    await useLimits();
    const gtids = await contactsWithProfiles(1);
    await owner.client.api(
      team('/items'),
      post({ platform: 'facebook', GTIDs: gtids, text: 'Hi' }),
    );
    const item = await leased();
    const theirs = await stranger.client.api(
      team(`/items/${item.itemUID}/result`, stranger.teamUID),
      post({ leaseId: item.leaseId, code: 'sent' }),
    );
    expect(theirs.status).toBe(404);
    const edit = await stranger.client.api(team(`/items/${item.itemUID}`, owner.teamUID), {
      method: 'PATCH',
      body: JSON.stringify({ text: 'x' }),
    });
    expect(edit.status).toBe(404);
    // The stranger's lease sees none of it.
    expect((await lease(stranger.client)).body).toMatchObject({
      item: null,
      wait: { reason: 'empty' },
    });
  });
});
