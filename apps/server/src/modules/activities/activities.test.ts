import { newPushId } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { addContacts } from '../../test/team-fixtures';
import { contactWorld, insertActivityRows, type ContactWorld } from '../contact-parts/test-helpers';

let s: TestServices;
let w: ContactWorld;

beforeAll(async () => {
  s = await startTestServices();
  w = await contactWorld(s, 'acts');
});
afterAll(() => s.cleanup());

interface Item {
  activityUID: string;
  type: string;
  action: string;
  pipelineUID: string | null;
  createdAt: string;
  createdAtUnix: number;
}

const listPath = (gtid: string, query = '', teamUID = w.teamUID) =>
  `/api/teams/${teamUID}/contacts/${gtid}/activities${query}`;

const byNewest = (a: { at: number; activityUID: string }, b: { at: number; activityUID: string }) =>
  b.at - a.at || (a.activityUID < b.activityUID ? 1 : a.activityUID > b.activityUID ? -1 : 0);

describe(`contact activity list (${ENGINE})`, () => {
  it('pages through every activity once, newest first, with an opaque cursor', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const base = Date.UTC(2026, 0, 1);
    // 95 activities; groups of five share a millisecond, so the uid breaks the ties.
    const rows = Array.from({ length: 95 }, (_, i) => ({
      activityUID: newPushId('act', base) + String(i).padStart(3, '0'),
      at: base + Math.floor(i / 5) * 1000,
      type: i % 3 === 0 ? 'stage' : 'note',
    }));
    await insertActivityRows(s, w.teamUID, gtid!, rows);

    const seen: Item[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await w.owner.client.api(
        listPath(gtid!, `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body!.activities as Item[];
      expect(page.length).toBeLessThanOrEqual(10);
      seen.push(...page);
      cursor = res.body!.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 50);
    expect(pages).toBe(10);
    expect(seen.map((a) => a.activityUID)).toEqual(
      [...rows].sort(byNewest).map((r) => r.activityUID),
    );
    expect(seen[0]).toMatchObject({
      createdAtUnix: base + 18_000,
      createdAt: new Date(base + 18_000).toISOString(),
    });

    const first = await w.owner.client.api(listPath(gtid!));
    expect((first.body!.activities as Item[]).length).toBe(30);
    const all = await w.owner.client.api(listPath(gtid!, '?limit=100'));
    expect((all.body!.activities as Item[]).length).toBe(95);
    expect(all.body!.nextCursor).toBeNull();

    const stages = await w.owner.client.api(listPath(gtid!, '?limit=100&type=stage'));
    const stageItems = stages.body!.activities as Item[];
    expect(stageItems.length).toBe(32);
    expect(stageItems.every((a) => a.type === 'stage')).toBe(true);
  });

  it('answers 400 naming the parameter for a bad limit, type or cursor', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    for (const [query, field] of [
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?limit=ten', 'limit'],
      ['?type=sms', 'type'],
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from('["x","y"]').toString('base64url')}`, 'cursor'],
    ]) {
      const res = await w.owner.client.api(listPath(gtid!, query));
      expect(res.status, query).toBe(400);
      expect(res.body!.error, query).toMatchObject({ status: 'invalid-argument', field });
    }
  });

  it('hides from a member the activities of pipelines they may not see', async () => {
    const [inBoth] = await addContacts(s, w.teamUID, 1, [w.p1, w.p2]);
    const [onlyP2] = await addContacts(s, w.teamUID, 1, [w.p2]);
    const now = Date.now();
    await insertActivityRows(s, w.teamUID, inBoth!, [
      { activityUID: newPushId('act', now - 3000), at: now - 3000, type: 'initial' },
      { activityUID: newPushId('act', now - 2000), at: now - 2000, pipelineUID: w.p1.pipelineUID },
      { activityUID: newPushId('act', now - 1000), at: now - 1000, pipelineUID: w.p2.pipelineUID },
    ]);
    const asOwner = await w.owner.client.api(listPath(inBoth!));
    expect((asOwner.body!.activities as Item[]).map((a) => a.pipelineUID)).toEqual([
      w.p2.pipelineUID,
      w.p1.pipelineUID,
      null,
    ]);
    const asMember = await w.member.api(listPath(inBoth!));
    expect(asMember.status).toBe(200);
    expect((asMember.body!.activities as Item[]).map((a) => a.pipelineUID)).toEqual([
      w.p1.pipelineUID,
      null,
    ]);
    expect((await w.member.api(listPath(onlyP2!))).status).toBe(404);
  });

  it('dates what an action records by the app clock, as every due time is', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    const at = Date.UTC(2027, 2, 28, 1, 30);
    s.testClock.set(at);
    try {
      const res = await w.owner.client.api(`/api/teams/${w.teamUID}/contacts/${gtid}/notes`, {
        method: 'POST',
        body: JSON.stringify({ text: 'Written on the app clock' }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } finally {
      s.testClock.reset();
    }
    const list = await w.owner.client.api(listPath(gtid!, '?type=note'));
    const [note] = list.body!.activities as Item[];
    // The clock runs on from where it was set.
    expect(note?.createdAtUnix).toBeGreaterThanOrEqual(at);
    expect(note?.createdAtUnix).toBeLessThan(at + 60_000);
  });

  it('answers 404 for another team’s contact', async () => {
    const [gtid] = await addContacts(s, w.teamUID, 1, [w.p1]);
    expect((await w.other.client.api(listPath(gtid!))).status).toBe(404);
    expect((await w.other.client.api(listPath(gtid!, '', w.other.teamUID))).status).toBe(404);
    expect((await w.owner.client.api(listPath('no-such-contact-1'))).status).toBe(404);
  });
});
