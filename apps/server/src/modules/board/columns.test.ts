import { sql } from 'drizzle-orm';
import {
  newPushId,
  resolveBoard,
  resolveContactPage,
  type BoardAnswer,
  type ContactPageAnswer,
} from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import {
  addContacts,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';

interface StageBody {
  stageUID: string;
  dealTotals: { currency: string; open: string; won: string }[];
  contacts: {
    GTID: string;
    tags: { tagID: string; name: string; color: string }[];
    statusLabel: { labelUID: string; display: string; color: string } | null;
  }[];
  nextCursor: string | null;
}

let s: TestServices;
let owner: TestClient;
let teamUID: string;
let p1: { pipelineUID: string; stageUID: string };
let p2: { pipelineUID: string; stageUID: string };
let stage2: string;
let gtids: string[];

async function deal(
  gtid: string,
  pipelineUID: string,
  value: string,
  currency: string,
  status: string,
) {
  await s.database.db.execute(sql`
    INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, currency, status)
    VALUES (${teamUID}, ${newPushId()}, ${gtid}, ${pipelineUID}, 'Deal', ${value}, ${currency}, ${status})`);
}

beforeAll(async () => {
  s = await startTestServices();
  ({ teamUID, client: owner } = await ownerWithTeam(s, 'owner-columns@example.com'));
  p1 = await addPipeline(s, teamUID, 'Sales');
  p2 = await addPipeline(s, teamUID, 'Other');
  stage2 = newPushId();
  await s.database.db.execute(sql`
    INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx)
    VALUES (${teamUID}, ${stage2}, ${p1.pipelineUID}, 'Talking', '#123456', '#000', 1)`);
  gtids = await addContacts(s, teamUID, 3, [p1]);
  // The third contact moves to the second stage and is also in the other pipeline.
  await s.database.db.execute(sql`
    UPDATE contact_pipeline SET stage_uid = ${stage2}
    WHERE team_uid = ${teamUID} AND gtid = ${gtids[2]!} AND pipeline_uid = ${p1.pipelineUID}`);
  await s.database.db.execute(sql`
    INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
    VALUES (${teamUID}, ${gtids[2]!}, ${p2.pipelineUID}, ${p2.stageUID}, 'a0')`);
  const [a, b, c] = gtids as [string, string, string];
  await deal(a, p1.pipelineUID, '1000.10', 'USD', 'open');
  await deal(b, p1.pipelineUID, '0.20', 'USD', 'open');
  await deal(b, p1.pipelineUID, '250', 'USD', 'won');
  await deal(b, p1.pipelineUID, '999', 'USD', 'lost');
  await deal(a, p1.pipelineUID, '75.5', 'EUR', 'won');
  await deal(c, p1.pipelineUID, '40', 'USD', 'open');
  await deal(c, p2.pipelineUID, '5000', 'USD', 'open'); // another pipeline: not counted
});
afterAll(() => s.cleanup());

const board = (client: TestClient, pipelineUID: string, limit = 50) =>
  client.api(`/api/teams/${teamUID}/pipelines/${pipelineUID}/board?limit=${limit}`);

describe(`board columns (${ENGINE})`, () => {
  it('totals open and won deals per stage and currency, exactly, leaving lost deals out', async () => {
    const res = await board(owner, p1.pipelineUID);
    expect(res.status).toBe(200);
    const stages = res.body!.stages as StageBody[];
    const first = stages.find((st) => st.stageUID === p1.stageUID)!;
    const second = stages.find((st) => st.stageUID === stage2)!;
    expect(first.dealTotals).toEqual([
      { currency: 'EUR', open: '0', won: '75.5' },
      { currency: 'USD', open: '1000.30', won: '250' },
    ]);
    expect(second.dealTotals).toEqual([{ currency: 'USD', open: '40', won: '0' }]);
  });

  it("gives a member their pipeline's totals and another pipeline's board nothing but 404", async () => {
    const uid = await createUser(s, 'member-columns@example.com');
    await addMember(s, teamUID, uid, 'member', [p2.pipelineUID]);
    const member = await signIn(s, 'member-columns@example.com');
    expect((await board(member, p1.pipelineUID)).status).toBe(404);
    const res = await board(member, p2.pipelineUID);
    const stages = res.body!.stages as StageBody[];
    expect(stages[0]!.dealTotals).toEqual([{ currency: 'USD', open: '5000', won: '0' }]);
    // Only the contact placed in the member's pipeline is on it.
    expect(stages[0]!.contacts.map((c) => c.GTID)).toEqual([gtids[2]]);
  });

  it('puts global and pipeline tags (not orphans or other pipelines) and the label on cards', async () => {
    const [a, b] = gtids as [string, string];
    const globalSet = newPushId();
    const pipeSet = newPushId();
    const otherSet = newPushId();
    const label = newPushId();
    await s.database.db.execute(sql`
      INSERT INTO tag_set (team_uid, tag_set_uid, pipeline_uid, name, color, "order") VALUES
        (${teamUID}, ${globalSet}, NULL, 'Global', '#111111', 0),
        (${teamUID}, ${pipeSet}, ${p1.pipelineUID}, 'Sales tags', '#222222', 0),
        (${teamUID}, ${otherSet}, ${p2.pipelineUID}, 'Other tags', '#333333', 0)`);
    await s.database.db.execute(sql`
      INSERT INTO tag (team_uid, tag_id, tag_set_uid, name, color, "order") VALUES
        (${teamUID}, 'tag-vip', ${globalSet}, 'VIP', '#ff0000', 0),
        (${teamUID}, 'tag-hot', ${pipeSet}, 'Hot', NULL, 0),
        (${teamUID}, 'tag-other', ${otherSet}, 'Elsewhere', NULL, 0)`);
    await s.database.db.execute(sql`
      INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name) VALUES
        (${teamUID}, ${a}, ${p1.pipelineUID}, ${pipeSet}, 'tag-hot', 'Hot'),
        (${teamUID}, ${a}, NULL, ${globalSet}, 'tag-vip', 'VIP'),
        (${teamUID}, ${a}, NULL, ${globalSet}, 'tag-gone', 'Orphan')`);
    await s.database.db.execute(sql`
      INSERT INTO status_label (team_uid, label_uid, display, color) VALUES
        (${teamUID}, ${label}, 'Replied', '#00aa00')`);
    await s.database.db.execute(sql`
      UPDATE contact SET status_label_uid = ${label} WHERE team_uid = ${teamUID} AND gtid = ${a}`);

    const res = await board(owner, p1.pipelineUID, 1);
    const answer = res.body as unknown as BoardAnswer;
    const first = resolveBoard(answer).stages.find((st) => st.stageUID === p1.stageUID)!;
    const cards = [...first.contacts];
    // The board names each card's tags by id and describes them once, orphans left out.
    const rawA = answer.stages.flatMap((st) => st.contacts).find((c) => c.GTID === a)!;
    expect([...rawA.tagIDs].sort()).toEqual(['tag-hot', 'tag-vip']);
    expect(answer.tags.map((t) => t.tagID)).toEqual(['tag-vip', 'tag-hot']);
    // The second card comes from the next-page endpoint, decorated the same way.
    const next = await owner.api(
      `/api/teams/${teamUID}/pipelines/${p1.pipelineUID}/stages/${p1.stageUID}/contacts?cursor=${first.nextCursor}&limit=5`,
    );
    expect(next.status).toBe(200);
    cards.push(...resolveContactPage(next.body as unknown as ContactPageAnswer).contacts);
    const cardA = cards.find((c) => c.GTID === a)!;
    const cardB = cards.find((c) => c.GTID === b)!;
    expect(cardA.tags).toEqual([
      { tagID: 'tag-vip', name: 'VIP', color: '#ff0000' },
      { tagID: 'tag-hot', name: 'Hot', color: '#222222' },
    ]);
    expect(cardA.statusLabel).toEqual({ labelUID: label, display: 'Replied', color: '#00aa00' });
    expect(cardB).toMatchObject({ tags: [], statusLabel: null });
  });
});
