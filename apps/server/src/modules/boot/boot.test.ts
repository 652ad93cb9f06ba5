import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import {
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  signIn,
} from '../../test/team-fixtures';
import { membersIncomplete, syncTeamMembers } from '../member-sync/service';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;
const email = (what: string) => `${what}-${++n}@example.com`;

async function memberRows(teamUID: string) {
  const r = await s.database.db.execute<{ uid: string; role: string }>(sql`
    SELECT "userId" AS uid, role FROM "member" WHERE "organizationId" = ${teamUID}
    ORDER BY role`);
  return r.rows;
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe(`team data (${ENGINE})`, () => {
  it('answers the AI context, the pipeline summary by order and empty lists', async () => {
    const t = await ownerWithTeam(s, email('data'));
    const a = await addPipeline(s, t.teamUID, 'A');
    const b = await addPipeline(s, t.teamUID, 'B');
    await s.database.db.execute(sql`
      UPDATE pipeline SET "order" = CASE pipeline_uid WHEN ${a.pipelineUID} THEN 2 ELSE 1 END
      WHERE team_uid = ${t.teamUID}`);
    await s.database.db.execute(sql`
      UPDATE team SET ai_context = '{"about":"We sell bikes"}'::jsonb
      WHERE team_uid = ${t.teamUID}`);
    const res = await t.client.api(`/api/teams/${t.teamUID}/team-data`);
    expect(res).toEqual({
      status: 200,
      body: {
        aiContext: { about: 'We sell bikes' },
        statusLabels: [],
        templateCategories: [],
        templateTypes: [],
        globalTagSets: [],
        pipelines: [
          { groupUID: b.pipelineUID, order: 1 },
          { groupUID: a.pipelineUID, order: 2 },
        ],
        phases: [],
        orphanedTags: [],
      },
    });
  });

  it('shows a member only the pipelines they may see, and strangers nothing', async () => {
    const t = await ownerWithTeam(s, email('vis'));
    const seen = await addPipeline(s, t.teamUID, 'Seen');
    await addPipeline(s, t.teamUID, 'Hidden');
    const memberEmail = email('member');
    await addMember(s, t.teamUID, await createUser(s, memberEmail), 'member', [seen.pipelineUID]);
    const member = await signIn(s, memberEmail);
    const res = await member.api(`/api/teams/${t.teamUID}/team-data`);
    expect((res.body as { pipelines: { groupUID: string }[] }).pipelines).toEqual([
      { groupUID: seen.pipelineUID, order: expect.any(Number) },
    ]);
    const strangerEmail = email('stranger');
    await createUser(s, strangerEmail);
    const stranger = await signIn(s, strangerEmail);
    expect((await stranger.api(`/api/teams/${t.teamUID}/team-data`)).status).toBe(404);
  });
});

describe(`member-data sync (${ENGINE})`, () => {
  it('calls a list without an owner incomplete', () => {
    expect(membersIncomplete([])).toBe(true);
    expect(membersIncomplete([{ role: 'admin' }, { role: 'member' }])).toBe(true);
    expect(membersIncomplete([{ role: 'member' }, { role: 'owner' }])).toBe(false);
  });

  it('repairs the owner row and drops stray access, idempotently', async () => {
    const t = await ownerWithTeam(s, email('repair'));
    const p = await addPipeline(s, t.teamUID);
    const goneUID = await createUser(s, email('gone'));
    await addMember(s, t.teamUID, goneUID, 'member', [p.pipelineUID]);
    await s.database.db.execute(sql`
      DELETE FROM "member" WHERE "organizationId" = ${t.teamUID}`);
    expect(await syncTeamMembers(s, t.teamUID)).toEqual({
      ownerRepaired: true,
      strayAccessRemoved: 1,
    });
    expect(await memberRows(t.teamUID)).toEqual([{ uid: t.uid, role: 'owner' }]);
    expect(await syncTeamMembers(s, t.teamUID)).toEqual({
      ownerRepaired: false,
      strayAccessRemoved: 0,
    });
  });

  it('gives a demoted owner the owner role back', async () => {
    const t = await ownerWithTeam(s, email('demoted'));
    await s.database.db.execute(sql`
      UPDATE "member" SET role = 'admin' WHERE "organizationId" = ${t.teamUID}`);
    expect((await syncTeamMembers(s, t.teamUID)).ownerRepaired).toBe(true);
    expect(await memberRows(t.teamUID)).toEqual([{ uid: t.uid, role: 'owner' }]);
  });

  it('is started by validation info that lacks the owner, and the worker repairs it', async () => {
    const t = await ownerWithTeam(s, email('job'));
    const adminEmail = email('admin');
    await addMember(s, t.teamUID, await createUser(s, adminEmail), 'admin');
    await s.database.db.execute(sql`
      DELETE FROM "member" WHERE "organizationId" = ${t.teamUID} AND "userId" = ${t.uid}`);
    const admin = await signIn(s, adminEmail);
    const info = await admin.api(`/api/teams/${t.teamUID}/validation-info`);
    expect(info.status).toBe(200);
    expect((info.body as { members: unknown[] }).members).toHaveLength(1);
    await waitFor(async () => (await memberRows(t.teamUID)).some((m) => m.role === 'owner'));
    expect(await memberRows(t.teamUID)).toContainEqual({ uid: t.uid, role: 'owner' });
  });
});
