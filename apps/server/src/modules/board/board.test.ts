import { sql } from 'drizzle-orm';
import {
  newPushId,
  resolveBoard,
  resolveContactPage,
  type BoardAnswer,
  type ContactPageAnswer,
} from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { createApp } from '../../http/app';
import { DEMO_USER } from '../../seed/demo-data';
import { seedDemo } from '../../seed/demo';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { insertTeam } from '../teams/repo';

interface Card {
  GTID: string;
  fullName: string;
}
interface StageBody {
  stageUID: string;
  name: string;
  idx: number;
  count: number;
  contacts: Card[];
  nextCursor: string | null;
}

let s: TestServices;
let demo: TestClient;
let teamUID: string;
const CONTACTS = 120;

beforeAll(async () => {
  s = await startTestServices();
  const seeded = await seedDemo(s.database, s.auth, { contacts: CONTACTS });
  teamUID = seeded.teamUID!;
  demo = await new TestClient(createApp(s)).signIn(DEMO_USER.email, DEMO_USER.password);
});
afterAll(() => s.cleanup());

async function defaultPipeline(client = demo) {
  const res = await client.api(`/api/teams/${teamUID}/pipelines`);
  const pipelines = res.body!.pipelines as {
    groupUID: string;
    isDefault: boolean;
    contactCount: number;
  }[];
  return pipelines.find((p) => p.isDefault)!;
}

describe(`board API (${ENGINE})`, () => {
  it('answers the signed-in user data with the current team', async () => {
    const res = await demo.api('/api/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: DEMO_USER.email,
      teamUID,
      currentTeam: { teamUID, role: 'owner' },
      termsVersion: '1.0.1',
      defaultContactView: 'pipeline',
    });
  });

  it('lists the pipelines with their contact counts adding up to every placed contact', async () => {
    const res = await demo.api(`/api/teams/${teamUID}/pipelines`);
    const pipelines = res.body!.pipelines as { contactCount: number; isDefault: boolean }[];
    expect(pipelines).toHaveLength(2);
    expect(pipelines.filter((p) => p.isDefault)).toHaveLength(1);
    expect(pipelines.reduce((n, p) => n + p.contactCount, 0)).toBe(CONTACTS);
  });

  it('shows stages in order, placeholder first, and pages through every card exactly once', async () => {
    const pipeline = await defaultPipeline();
    const res = await demo.api(
      `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board?limit=5`,
    );
    expect(res.status).toBe(200);
    const stages = res.body!.stages as StageBody[];
    expect(stages[0]).toMatchObject({ name: 'Set Stage...', idx: 0 });
    expect(stages.map((st) => st.idx)).toEqual(
      [...stages.map((st) => st.idx)].sort((a, b) => a - b),
    );
    expect(stages.reduce((n, st) => n + st.count, 0)).toBe(pipeline.contactCount);

    const seen = new Set<string>();
    for (const stage of stages) {
      const cards = [...stage.contacts];
      expect(cards.length).toBe(Math.min(5, stage.count));
      let cursor = stage.nextCursor;
      while (cursor) {
        const page = await demo.api(
          `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/stages/${stage.stageUID}/contacts?limit=7&cursor=${cursor}`,
        );
        expect(page.status).toBe(200);
        cards.push(...(page.body!.contacts as Card[]));
        cursor = page.body!.nextCursor as string | null;
      }
      expect(cards).toHaveLength(stage.count);
      for (const c of cards) {
        expect(seen.has(c.GTID)).toBe(false);
        seen.add(c.GTID);
      }
    }
    expect(seen.size).toBe(pipeline.contactCount);
  });

  it('shows on each stage exactly the cards, tags, labels and cursor of its first page', async () => {
    const pipeline = await defaultPipeline();
    const base = `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}`;
    const res = await demo.api(`${base}/board?limit=6`);
    expect(res.status).toBe(200);
    expect(res.body!.pipeline).toEqual({
      groupUID: pipeline.groupUID,
      nickName: expect.any(String),
      isDefault: true,
    });
    const answer = res.body as unknown as BoardAnswer;
    const stages = resolveBoard(answer).stages;
    const cards = stages.flatMap((st) => st.contacts);
    // The demo seed decorates some cards: the comparison must cover tags, labels and activity.
    expect(cards.some((c) => c.tags.length > 0)).toBe(true);
    expect(cards.some((c) => c.statusLabel !== null)).toBe(true);
    expect(cards.some((c) => c.lastActivityAt !== null)).toBe(true);
    // Each tag the cards carry is described once.
    const described = answer.tags.map((t) => t.tagID);
    expect(new Set(described).size).toBe(described.length);
    const carried = new Set(answer.stages.flatMap((st) => st.contacts.flatMap((c) => c.tagIDs)));
    expect(new Set(described)).toEqual(carried);
    for (const stage of stages) {
      const page = await demo.api(`${base}/stages/${stage.stageUID}/contacts?limit=6`);
      expect(page.status).toBe(200);
      expect({ contacts: stage.contacts, nextCursor: stage.nextCursor }).toEqual(
        resolveContactPage(page.body as unknown as ContactPageAnswer),
      );
    }
  });

  it('rejects a bad limit or cursor with a message naming the field', async () => {
    const pipeline = await defaultPipeline();
    const bad = await demo.api(
      `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board?limit=5000`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { status: 'invalid-argument', field: 'limit' } });
    const stages = (await demo.api(`/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board`))
      .body!.stages as StageBody[];
    const badCursor = await demo.api(
      `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/stages/${stages[1]!.stageUID}/contacts?cursor=nonsense`,
    );
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ error: { field: 'cursor' } });
  });

  it('answers 401 "Unauthorized: Invalid token" without a valid token', async () => {
    const anonymous = new TestClient(createApp(s));
    const none = await anonymous.api('/api/me');
    expect(none).toEqual({
      status: 401,
      body: { error: { status: 'unauthenticated', message: 'Unauthorized: Invalid token' } },
    });
    anonymous.token = `${demo.token.slice(0, -4)}AAAA`;
    expect((await anonymous.api('/api/me')).status).toBe(401);
  });

  it("hides another team's board, and pipelines outside a member's access, behind 404", async () => {
    const other = await s.auth.api.signUpEmail({
      body: { email: 'rival@example.com', password: 'rival-password', name: 'Rival' },
    });
    const rivalTeam = newPushId();
    await withTx(s.database, systemScope('test'), async (tx) => {
      await insertTeam(systemScope('test'), tx.db, {
        teamUID: rivalTeam,
        name: 'Rival team',
        slug: 'rival',
        ownerUID: other.user.id,
        subscription: {},
      });
    });
    const rival = await new TestClient(createApp(s)).signIn('rival@example.com', 'rival-password');
    const pipeline = await defaultPipeline();
    for (const path of [
      `/api/teams/${teamUID}/pipelines`,
      `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board`,
    ]) {
      const res = await rival.api(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { status: 'not-found' } });
    }
    // The rival's own team works and is empty.
    expect((await rival.api(`/api/teams/${rivalTeam}/pipelines`)).body).toEqual({ pipelines: [] });

    // A member of the demo team who may see only the second pipeline.
    const member = await s.auth.api.signUpEmail({
      body: { email: 'member@example.com', password: 'member-password', name: 'Member' },
    });
    const pipelines = (await demo.api(`/api/teams/${teamUID}/pipelines`)).body!.pipelines as {
      groupUID: string;
    }[];
    const visible = pipelines.find((p) => p.groupUID !== pipeline.groupUID)!.groupUID;
    await s.database.db.execute(sql`
      INSERT INTO "member" (id, "organizationId", "userId", role, "createdAt")
      VALUES (${newPushId()}, ${teamUID}, ${member.user.id}, 'member', now())`);
    await s.database.db.execute(sql`
      INSERT INTO pipeline_access (team_uid, uid, pipeline_uid) VALUES (${teamUID}, ${member.user.id}, ${visible})`);
    const m = await new TestClient(createApp(s)).signIn('member@example.com', 'member-password');
    const listed = (await m.api(`/api/teams/${teamUID}/pipelines`)).body!.pipelines as {
      groupUID: string;
    }[];
    expect(listed.map((p) => p.groupUID)).toEqual([visible]);
    expect((await m.api(`/api/teams/${teamUID}/pipelines/${visible}/board`)).status).toBe(200);
    expect((await m.api(`/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board`)).status).toBe(
      404,
    );
  });

  it('answers a callable function with {result}, and an unknown one with 404', async () => {
    const ok = await demo.api('/api/functions/v2-app-getWebAppVersion', {
      method: 'POST',
      body: '{"data":{}}',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ result: { version: expect.any(String) } });
    const missing = await demo.api('/api/functions/nope', { method: 'POST', body: '{"data":{}}' });
    expect(missing.status).toBe(404);
    const bad = await demo.api('/api/functions/v2-app-getWebAppVersion', {
      method: 'POST',
      body: 'not json',
    });
    expect(bad.status).toBe(400);
  });

  it('seeds only once', async () => {
    expect((await seedDemo(s.database, s.auth)).created).toBe(false);
  });

  it('answers health and readiness', async () => {
    const app = createApp(s);
    expect((await app.request('/healthz')).status).toBe(200);
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true });
  });
});
