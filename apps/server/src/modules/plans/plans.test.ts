import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import {
  addContacts,
  addInvitation,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  PLAN,
  signIn,
} from '../../test/team-fixtures';
import { resolveTeamScope } from '../../scope/repo';
import { systemScope } from '../../db/scope';
import {
  assertContactQuota,
  assertFeature,
  assertPipelineQuota,
  assertSeatAvailable,
} from './service';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

let n = 0;
const email = (what: string) => `${what}-${++n}@example.com`;

async function scopeOf(uid: string, teamUID: string): Promise<TeamScope> {
  return (await resolveTeamScope(systemScope('test'), s.database.db, uid, teamUID))!;
}

/** Runs an assert in its own transaction; answers the ApiError (or null when it passes). */
async function check(scope: TeamScope, fn: Parameters<typeof withTx>[2]) {
  try {
    await withTx(s.database, scope, fn);
    return null;
  } catch (error) {
    return error as { status: string; message: string; httpCode: number };
  }
}

describe(`plans (${ENGINE})`, () => {
  it('assertContactQuota: includedContacts + contact blocks', async () => {
    const t = await ownerWithTeam(s, email('c'), {
      ...PLAN,
      includedContacts: 3,
      addons: { contactBlocks: 2, teamMembers: 0 },
    });
    const scope = await scopeOf(t.uid, t.teamUID);
    await addContacts(s, t.teamUID, 4);
    expect(await check(scope, (tx) => assertContactQuota(tx, scope, 1))).toBeNull();
    const over = await check(scope, (tx) => assertContactQuota(tx, scope, 2));
    expect(over).toMatchObject({
      status: 'resource-exhausted',
      httpCode: 429,
      message: expect.stringContaining('Your plan includes 5 contacts and the team has 4'),
    });
  });

  it('assertPipelineQuota: the tier limit; an unknown tier allows none', async () => {
    const t = await ownerWithTeam(s, email('p'));
    const scope = await scopeOf(t.uid, t.teamUID);
    for (let i = 0; i < 9; i++) await addPipeline(s, t.teamUID, `P${i}`);
    expect(await check(scope, (tx) => assertPipelineQuota(tx, scope))).toBeNull();
    await addPipeline(s, t.teamUID, 'P10');
    expect(await check(scope, (tx) => assertPipelineQuota(tx, scope))).toMatchObject({
      status: 'resource-exhausted',
      message: expect.stringContaining('Your plan includes 10 pipelines'),
    });
    const none = await ownerWithTeam(s, email('p0'), { ...PLAN, tier: { value: 9, name: 'x' } });
    const noneScope = await scopeOf(none.uid, none.teamUID);
    expect(await check(noneScope, (tx) => assertPipelineQuota(tx, noneScope))).toMatchObject({
      status: 'resource-exhausted',
    });
  });

  it('assertSeatAvailable: members after the owner and pending, unexpired invitations', async () => {
    const t = await ownerWithTeam(s, email('s'), {
      ...PLAN,
      includedSeats: 2,
      addons: { contactBlocks: 0, teamMembers: 1 },
    }); // quota 2
    const scope = await scopeOf(t.uid, t.teamUID);
    await addMember(s, t.teamUID, await createUser(s, email('m')));
    await addInvitation(s, t.teamUID, t.uid, email('old'), new Date(Date.now() - 1000));
    expect(await check(scope, (tx) => assertSeatAvailable(tx, scope))).toBeNull();
    await addInvitation(s, t.teamUID, t.uid, email('pending'));
    expect(await check(scope, (tx) => assertSeatAvailable(tx, scope))).toMatchObject({
      status: 'resource-exhausted',
      message:
        'Your plan includes 2 team members and all seats are taken. Remove a member or add seats to invite more.',
    });
    // At the quota, not over it: an accept (adding 0) passes.
    expect(await check(scope, (tx) => assertSeatAvailable(tx, scope, 0))).toBeNull();
  });

  it('assertFeature: plan rules from core, plus the feature flag where the spec gates by one', async () => {
    const t = await ownerWithTeam(s, email('f'), {
      ...PLAN,
      tier: { value: 2, name: 'premier' },
      platforms: { facebook: { level: 'pro' } },
    });
    const scope = await scopeOf(t.uid, t.teamUID);
    const ok = (f: Parameters<typeof assertFeature>[2]) =>
      check(scope, (tx) => assertFeature(tx, scope, f));
    expect(await ok('two_way_sync')).toBeNull();
    expect(await ok('facebook_access')).toBeNull();
    expect(await ok('ai_message_generator')).toMatchObject({
      status: 'permission-denied',
      message: 'Your plan does not include the AI message generator. Upgrade your plan to use it.',
    });
    expect(await ok('instagram_bulk_messaging')).toMatchObject({ status: 'permission-denied' });
    // New teams have the flag on (migration 0021); Facebook pro allows bulk messaging by plan,
    // and with the flag switched off it is refused.
    expect(await ok('facebook_bulk_messaging')).toBeNull();
    await s.database.db.execute(sql`
      UPDATE team SET feature_flags = '{"facebook_bulk_messaging_access": false}'::jsonb
      WHERE team_uid = ${t.teamUID}`);
    expect(await ok('facebook_bulk_messaging')).toMatchObject({ status: 'permission-denied' });
    await s.database.db.execute(sql`
      UPDATE team SET feature_flags = '{"facebook_bulk_messaging_access": true}'::jsonb
      WHERE team_uid = ${t.teamUID}`);
    expect(await ok('facebook_bulk_messaging')).toBeNull();
    // A features map wins over the legacy rules.
    await s.database.db.execute(sql`
      UPDATE team SET subscription = subscription || '{"features": {"ai_message_generator": true}}'::jsonb
      WHERE team_uid = ${t.teamUID}`);
    expect(await ok('ai_message_generator')).toBeNull();
    expect(await ok('two_way_sync')).toMatchObject({ status: 'permission-denied' });
  });

  it('GET billing: status, limits, usage, features and flags; owners and admins only', async () => {
    const t = await ownerWithTeam(s, email('b'), {
      ...PLAN,
      stripeData: { baseSub: { status: 'past_due' } },
    });
    const { pipelineUID, stageUID } = await addPipeline(s, t.teamUID);
    await addContacts(s, t.teamUID, 3, [{ pipelineUID, stageUID }]);
    await addInvitation(s, t.teamUID, t.uid, email('i'));
    await s.database.db.execute(sql`
      UPDATE team SET feature_flags = '{"dev-thing": true, "instagram_bulk_messaging_access": true}'::jsonb
      WHERE team_uid = ${t.teamUID}`);
    const res = await t.client.api(`/api/teams/${t.teamUID}/billing`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subscription: { includedSeats: 6 },
      status: 'past_due',
      allowsUse: true,
      limits: { contacts: 25000, seats: 5, pipelines: 10 },
      usage: { contacts: 3, seats: 1, pipelines: 1 },
      features: {
        instagram_bulk_messaging: true,
        facebook_bulk_messaging: false,
        ai_message_generator: true,
        linkedin_access: false,
      },
      flags: {
        'dev-thing': false,
        instagram_bulk_messaging_access: true,
        facebook_bulk_messaging_access: false,
      },
    });
    const memberEmail = email('mem');
    await addMember(s, t.teamUID, await createUser(s, memberEmail));
    const member = await signIn(s, memberEmail);
    expect((await member.api(`/api/teams/${t.teamUID}/billing`)).status).toBe(403);
  });

  it('GET validation-info: members, contact count, visible pipelines, subscription without billing ids', async () => {
    const t = await ownerWithTeam(s, email('v'), {
      ...PLAN,
      subIds: { base: 'sub_1' },
      stripeData: { baseSub: { status: 'canceled' } },
    });
    const a = await addPipeline(s, t.teamUID, 'A');
    const b = await addPipeline(s, t.teamUID, 'B');
    await addContacts(s, t.teamUID, 2, [a]);
    await addContacts(s, t.teamUID, 1);
    const memberEmail = email('vm');
    const memberUID = await createUser(s, memberEmail);
    await addMember(s, t.teamUID, memberUID, 'member', [b.pipelineUID]);
    const res = await (await signIn(s, memberEmail)).api(`/api/teams/${t.teamUID}/validation-info`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      members: [
        { uid: t.uid, role: 'owner' },
        { uid: memberUID, role: 'member' },
      ],
      contactCount: 3,
      pipelines: { [b.pipelineUID]: { nickName: 'B' } },
      subscription: { ...PLAN, status: 'canceled', contactCount: 3 },
    });
  });
});
