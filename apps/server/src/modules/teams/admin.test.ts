import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import {
  addContacts,
  addInvitation,
  createUser,
  makeSuper,
  ownerWithTeam,
  PLAN,
  signIn,
} from '../../test/team-fixtures';

let s: TestServices;
let admin: TestClient;
let team: Awaited<ReturnType<typeof ownerWithTeam>>;

beforeAll(async () => {
  s = await startTestServices();
  const uid = await createUser(s, 'super@example.com');
  await makeSuper(s, uid);
  admin = await signIn(s, 'super@example.com');
  team = await ownerWithTeam(s, 'acme-owner@example.com');
  await addContacts(s, team.teamUID, 2);
  await addInvitation(s, team.teamUID, team.uid, 'guest@example.com');
});
afterAll(() => s.cleanup());

const put = (body: unknown) => ({ method: 'PUT', body: JSON.stringify(body) });

describe(`admin team endpoints (${ENGINE})`, () => {
  it('answers 404 to anyone who is not a super admin, team owners included', async () => {
    for (const [path, init] of [
      ['/api/admin/teams', {}],
      [`/api/admin/teams/${team.teamUID}`, {}],
      [`/api/admin/teams/${team.teamUID}/subscription`, put(PLAN)],
      [`/api/admin/teams/${team.teamUID}/flags`, put({ flags: { x: true } })],
    ] as const) {
      const res = await team.client.api(path, init);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { status: 'not-found' } });
    }
  });

  it('lists and finds teams by name, id or owner e-mail', async () => {
    const all = await admin.api('/api/admin/teams');
    expect(all.status).toBe(200);
    const found = await admin.api('/api/admin/teams?q=acme-owner');
    expect(found.body).toEqual({
      teams: [
        {
          teamUID: team.teamUID,
          name: "acme-owner@example.com's team",
          ownerEmail: 'acme-owner@example.com',
          members: 1,
          status: 'active',
          tier: 3,
        },
      ],
    });
    const byId = (await admin.api(`/api/admin/teams?q=${team.teamUID}`)).body as {
      teams: unknown[];
    };
    expect(byId.teams).toHaveLength(1);
    expect(
      ((await admin.api('/api/admin/teams?q=%25')).body as { teams: unknown[] }).teams,
    ).toHaveLength(0);
  });

  it('shows a team with members, invitations, subscription, flags and usage', async () => {
    const res = await admin.api(`/api/admin/teams/${team.teamUID}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      team: { teamUID: team.teamUID, ownerEmail: 'acme-owner@example.com' },
      members: [{ uid: team.uid, role: 'owner', pipelines: 'all' }],
      invitations: [
        { email: 'guest@example.com', status: 'pending', inviteCode: expect.any(String) },
      ],
      subscription: PLAN,
      status: 'active',
      usage: { contacts: 2, seats: 1, pipelines: 0 },
      limits: { seats: 5 },
    });
    expect((await admin.api('/api/admin/teams/no-such-team')).status).toBe(404);
  });

  it('sets the subscription, validated field by field', async () => {
    const plan = {
      status: 'trialing',
      tier: { value: 2, name: 'premier' },
      includedContacts: 10000,
      includedSeats: 3,
      addons: { contactBlocks: 5000, teamMembers: 2 },
      platforms: { linkedin: { level: 'basic' } },
      features: { two_way_sync: true },
    };
    const res = await admin.api(`/api/admin/teams/${team.teamUID}/subscription`, put(plan));
    expect(res).toEqual({ status: 200, body: { subscription: plan } });
    const billing = await team.client.api(`/api/teams/${team.teamUID}/billing`);
    expect(billing.body).toMatchObject({
      status: 'trialing',
      limits: { contacts: 15000, seats: 4, pipelines: 10 },
      features: { two_way_sync: true, linkedin_access: false },
    });
    for (const [body, field] of [
      [{ ...plan, tier: { value: 5, name: 'x' } }, 'tier.value'],
      [{ ...plan, status: 'happy' }, 'status'],
      [{ ...plan, includedSeats: -1 }, 'includedSeats'],
      [{ ...plan, addons: { contactBlocks: 'many' } }, 'addons.contactBlocks'],
      [{ ...plan, platforms: { myspace: { level: 'pro' } } }, 'platforms'],
      [{ ...plan, platforms: { facebook: {} } }, 'platforms.facebook.level'],
      [{ ...plan, features: { flying: true } }, 'features'],
      [{ ...plan, tier: undefined }, 'tier'],
    ] as const) {
      const bad = await admin.api(`/api/admin/teams/${team.teamUID}/subscription`, put(body));
      expect(bad.status, field).toBe(400);
      expect(bad.body, field).toMatchObject({ error: { status: 'invalid-argument', field } });
    }
    expect((await admin.api('/api/admin/teams/nope/subscription', put(plan))).status).toBe(404);
  });

  it('sets feature flags', async () => {
    const res = await admin.api(
      `/api/admin/teams/${team.teamUID}/flags`,
      put({ flags: { facebook_bulk_messaging_access: true, 'dev-x': true } }),
    );
    expect(res.status).toBe(200);
    const detail = await admin.api(`/api/admin/teams/${team.teamUID}`);
    expect(detail.body).toMatchObject({
      flags: { facebook_bulk_messaging_access: true, 'dev-x': false },
    });
    const bad = await admin.api(`/api/admin/teams/${team.teamUID}/flags`, put({ flags: { X: 1 } }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { field: 'flags.X' } });
  });
});
