import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import {
  addInvitation,
  addMember,
  addPipeline,
  createUser,
  ownerWithTeam,
  PLAN,
  signIn,
} from '../../test/team-fixtures';

let s: TestServices;
beforeAll(async () => {
  s = await startTestServices();
});
afterAll(() => s.cleanup());

interface MembersBody {
  members: { uid: string; role: string; pipelines: string[] | 'all'; email: string }[];
  invitations: { inviteCode?: string; email: string; status: string }[];
  seats: { used: number; quota: number };
}

const json = (body: unknown) => ({ body: JSON.stringify(body) });
const post = (body: unknown) => ({ method: 'POST', ...json(body) });
const patch = (body: unknown) => ({ method: 'PATCH', ...json(body) });
const del = { method: 'DELETE' };

let n = 0;
const email = (what: string) => `${what}-${++n}@example.com`;

async function members(client: TestClient, teamUID: string) {
  const res = await client.api(`/api/teams/${teamUID}/members`);
  expect(res.status).toBe(200);
  return res.body as unknown as MembersBody;
}

/** Owner, an admin, a member (seeing one of two pipelines), all signed in. */
async function team() {
  const owner = await ownerWithTeam(s, email('owner'));
  const p1 = await addPipeline(s, owner.teamUID, 'One');
  const p2 = await addPipeline(s, owner.teamUID, 'Two');
  const adminEmail = email('admin');
  const adminUID = await createUser(s, adminEmail);
  await addMember(s, owner.teamUID, adminUID, 'admin');
  const memberEmail = email('member');
  const memberUID = await createUser(s, memberEmail);
  await addMember(s, owner.teamUID, memberUID, 'member', [p1.pipelineUID]);
  return {
    ...owner,
    p1,
    p2,
    admin: { uid: adminUID, email: adminEmail, client: await signIn(s, adminEmail) },
    member: { uid: memberUID, email: memberEmail, client: await signIn(s, memberEmail) },
  };
}

describe(`team roles and members (${ENGINE})`, () => {
  it('lists members with roles and pipelines, and counts seats; members read without invite codes', async () => {
    const t = await team();
    await t.client.api(
      `/api/teams/${t.teamUID}/invitations`,
      post({ email: email('x'), role: 'member' }),
    );
    const body = await members(t.client, t.teamUID);
    expect(body.members.map((m) => m.role)).toEqual(['owner', 'admin', 'member']);
    expect(body.members[0]!.pipelines).toBe('all');
    expect(body.members[2]!.pipelines).toEqual([t.p1.pipelineUID]);
    expect(body.seats).toEqual({ used: 3, quota: 5 });
    expect(body.invitations[0]!.inviteCode).toEqual(expect.any(String));
    const asMember = await members(t.member.client, t.teamUID);
    expect(asMember.members).toHaveLength(3);
    expect(asMember.invitations[0]!.inviteCode).toBeUndefined();
  });

  it('lets only owners and admins manage, with 403 permission-denied for members', async () => {
    const t = await team();
    const res = await t.member.client.api(
      `/api/teams/${t.teamUID}/invitations`,
      post({ email: email('y'), role: 'member' }),
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: { status: 'permission-denied', message: expect.stringContaining('owners and admins') },
    });
    for (const [path, init] of [
      [`/api/teams/${t.teamUID}/members/${t.admin.uid}`, patch({ role: 'member' })],
      [`/api/teams/${t.teamUID}/members/${t.admin.uid}`, del],
      [`/api/teams/${t.teamUID}/billing`, {}],
    ] as const) {
      expect((await t.member.client.api(path, init)).status).toBe(403);
    }
  });

  it('protects the owner and keeps admin grants with the owner', async () => {
    const t = await team();
    const base = `/api/teams/${t.teamUID}/members`;
    // Nobody demotes or removes the owner.
    for (const client of [t.client, t.admin.client]) {
      const demote = await client.api(`${base}/${t.uid}`, patch({ role: 'member' }));
      expect(demote.status).toBe(403);
      expect((await client.api(`${base}/${t.uid}`, del)).status).toBe(403);
    }
    expect((await t.client.api(`${base}/${t.uid}`, patch({ role: 'owner' }))).status).toBe(400);
    // An admin can neither promote nor touch another admin, nor invite one.
    const promote = await t.admin.client.api(`${base}/${t.member.uid}`, patch({ role: 'admin' }));
    expect(promote.status).toBe(403);
    expect(promote.body).toMatchObject({
      error: { message: 'Only the team owner can make someone an admin.' },
    });
    const peer = await t.admin.client.api(`${base}/${t.admin.uid}`, patch({ pipelines: [] }));
    expect(peer.status).toBe(403);
    const inviteAdmin = await t.admin.client.api(
      `/api/teams/${t.teamUID}/invitations`,
      post({ email: email('a'), role: 'admin' }),
    );
    expect(inviteAdmin.status).toBe(403);
    // The admin manages members' pipelines.
    const ok = await t.admin.client.api(
      `${base}/${t.member.uid}`,
      patch({ pipelines: [t.p1.pipelineUID, t.p2.pipelineUID] }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      member: { role: 'member', pipelines: [t.p1.pipelineUID, t.p2.pipelineUID].sort() },
    });
    // The owner promotes (pipeline rows go: admins see all) and demotes (default: all pipelines).
    const up = await t.client.api(`${base}/${t.member.uid}`, patch({ role: 'admin' }));
    expect(up.body).toMatchObject({ member: { role: 'admin', pipelines: 'all' } });
    const rows = await s.database.db.execute(sql`
      SELECT 1 FROM pipeline_access WHERE team_uid = ${t.teamUID} AND uid = ${t.member.uid}`);
    expect(rows.rows).toHaveLength(0);
    const down = await t.client.api(`${base}/${t.member.uid}`, patch({ role: 'member' }));
    expect((down.body as { member: { pipelines: string[] } }).member.pipelines).toHaveLength(2);
  });

  it('rejects a pipeline that is not the team’s, naming the field', async () => {
    const t = await team();
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/members/${t.member.uid}`,
      patch({ pipelines: [t.p1.pipelineUID, 'nope'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { status: 'invalid-argument', field: 'pipelines.1' } });
    const bad = await t.client.api(
      `/api/teams/${t.teamUID}/members/${t.member.uid}`,
      patch({ role: 5 }),
    );
    expect(bad.body).toMatchObject({ error: { field: 'role' } });
    expect((await t.client.api(`/api/teams/${t.teamUID}/members/nobody`, patch({}))).status).toBe(
      404,
    );
  });

  it('removes a member with their pipeline access; their current team falls back', async () => {
    const t = await team();
    // The member also owns a team of their own, created first, and has this team as current.
    const own = await ownerWithTeam(s, email('solo'));
    await addMember(s, t.teamUID, own.uid, 'member', [t.p2.pipelineUID]);
    await s.database.db.execute(sql`
      UPDATE user_profile SET current_team_uid = ${t.teamUID} WHERE uid = ${own.uid}`);
    const res = await t.admin.client.api(`/api/teams/${t.teamUID}/members/${own.uid}`, del);
    expect(res.status).toBe(200);
    const access = await s.database.db.execute(sql`
      SELECT 1 FROM pipeline_access WHERE team_uid = ${t.teamUID} AND uid = ${own.uid}`);
    expect(access.rows).toHaveLength(0);
    const me = await own.client.api('/api/me');
    expect(me.body).toMatchObject({ teamUID: own.teamUID, teams: [{ teamUID: own.teamUID }] });
    expect((await own.client.api(`/api/teams/${t.teamUID}/members`)).status).toBe(404);
    // Only the owner removes an admin; a member may leave by themselves.
    expect(
      (await t.admin.client.api(`/api/teams/${t.teamUID}/members/${t.admin.uid}`, del)).status,
    ).toBe(200);
    expect(
      (await t.member.client.api(`/api/teams/${t.teamUID}/members/${t.member.uid}`, del)).status,
    ).toBe(200);
    expect((await members(t.client, t.teamUID)).members).toHaveLength(1);
  });
});

describe(`invitations (${ENGINE})`, () => {
  it('creates an invitation with a long random code, a 7-day expiry and an e-mail with the link', async () => {
    const t = await team();
    const to = email('new');
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/invitations`,
      post({ email: to.toUpperCase(), role: 'member', pipelines: [t.p2.pipelineUID] }),
    );
    expect(res.status).toBe(201);
    const inv = (
      res.body as {
        invitation: { inviteCode: string; expiresAt: string; email: string; pipelines: string[] };
      }
    ).invitation;
    expect(inv.email).toBe(to);
    expect(inv.pipelines).toEqual([t.p2.pipelineUID]);
    expect(inv.inviteCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (new Date(inv.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await s.database.db.execute<{ to: string; text: string; kind: string }>(sql`
      SELECT "to", text, kind FROM mail_message WHERE "to" = ${to}`);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.kind).toBe('invitation');
    expect(mail.rows[0]!.text).toContain(`http://localhost:3000/login/invite/${inv.inviteCode}`);
    // Without pipelines, a member gets every pipeline there is now.
    const all = await t.client.api(
      `/api/teams/${t.teamUID}/invitations`,
      post({ email: email('d'), role: 'member' }),
    );
    expect((all.body as { invitation: { pipelines: string[] } }).invitation.pipelines).toHaveLength(
      2,
    );
  });

  it('refuses bad bodies, pipelines outside the team, existing members and double invitations', async () => {
    const t = await team();
    const url = `/api/teams/${t.teamUID}/invitations`;
    expect(
      (await t.client.api(url, post({ email: 'not-an-email', role: 'member' }))).body,
    ).toMatchObject({
      error: { status: 'invalid-argument', field: 'email' },
    });
    expect(
      (await t.client.api(url, post({ email: email('r'), role: 'owner' }))).body,
    ).toMatchObject({
      error: { field: 'role' },
    });
    expect(
      (await t.client.api(url, post({ email: email('p'), role: 'member', pipelines: ['x'] }))).body,
    ).toMatchObject({ error: { status: 'invalid-argument', field: 'pipelines.0' } });
    const dupMember = await t.client.api(url, post({ email: t.member.email, role: 'member' }));
    expect(dupMember.status).toBe(409);
    const to = email('twice');
    expect((await t.client.api(url, post({ email: to, role: 'member' }))).status).toBe(201);
    const twice = await t.client.api(url, post({ email: to, role: 'member' }));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: { field: 'email' } });
  });

  it('enforces the seat quota with a message naming it; revoking and expiry free the seat', async () => {
    const t = await team(); // admin + member hold 2 of 5 seats
    const url = `/api/teams/${t.teamUID}/invitations`;
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.client.api(url, post({ email: email('fill'), role: 'member' }));
      expect(res.status).toBe(201);
      codes.push((res.body as { invitation: { inviteCode: string } }).invitation.inviteCode);
    }
    const full = await t.client.api(url, post({ email: email('over'), role: 'member' }));
    expect(full.status).toBe(429);
    expect(full.body).toEqual({
      error: {
        status: 'resource-exhausted',
        message:
          'Your plan includes 5 team members and all seats are taken. Remove a member or add seats to invite more.',
      },
    });
    // Revoking frees a seat.
    const revoked = await t.client.api(`${url}/${codes[0]}`, del);
    expect(revoked.status).toBe(200);
    expect((await members(t.client, t.teamUID)).seats).toEqual({ used: 4, quota: 5 });
    expect(
      (await t.client.api(url, post({ email: email('after-revoke'), role: 'member' }))).status,
    ).toBe(201);
    expect((await t.client.api(url, post({ email: email('over'), role: 'member' }))).status).toBe(
      429,
    );
    // An expired invitation no longer holds its seat and reads as expired.
    await s.database.db.execute(sql`
      UPDATE team_invitation SET expires_at = now() - interval '1 minute'
      WHERE team_uid = ${t.teamUID} AND invite_code = ${codes[1]}`);
    const listed = await members(t.client, t.teamUID);
    expect(listed.seats.used).toBe(4);
    expect(listed.invitations.find((i) => i.inviteCode === codes[1])!.status).toBe('expired');
    expect(
      (await t.client.api(url, post({ email: email('after-expiry'), role: 'member' }))).status,
    ).toBe(201);
    // Unknown codes and other teams' codes are 404; accepted ones cannot be revoked.
    expect((await t.client.api(`${url}/nope`, del)).status).toBe(404);
  });

  it('holds the quota under 20 concurrent invitations at quota − 5', async () => {
    const quotaPlan = { ...PLAN, includedSeats: 26 }; // 25 invitable seats
    const t = await ownerWithTeam(s, email('busy'), quotaPlan);
    for (let i = 0; i < 20; i++) await addInvitation(s, t.teamUID, t.uid, email('held'));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.client.api(
          `/api/teams/${t.teamUID}/invitations`,
          post({ email: email('race'), role: 'member' }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
    expect((await members(t.client, t.teamUID)).seats).toEqual({ used: 25, quota: 25 });
  });
});

describe(`accepting invitations (${ENGINE})`, () => {
  async function invite(
    t: Awaited<ReturnType<typeof team>>,
    to: string,
    extra: Record<string, unknown> = {},
  ) {
    const res = await t.client.api(
      `/api/teams/${t.teamUID}/invitations`,
      post({ email: to, role: 'member', pipelines: [t.p2.pipelineUID], ...extra }),
    );
    expect(res.status).toBe(201);
    return (res.body as { invitation: { inviteCode: string } }).invitation.inviteCode;
  }

  it('describes an invitation publicly, and 404s an unknown code', async () => {
    const t = await team();
    const to = email('look');
    const code = await invite(t, to);
    const anon = new TestClient(createApp(s));
    const res = await anon.api(`/api/invitations/${code}`);
    expect(res).toEqual({
      status: 200,
      body: {
        teamName: expect.any(String),
        email: to,
        inviterName: expect.any(String),
        role: 'member',
        status: 'pending',
        hasAccount: false,
      },
    });
    expect((await anon.api('/api/invitations/unknown')).status).toBe(404);
  });

  it('creates the account of a new invitee, joins them with their pipelines and signs them in', async () => {
    const t = await team();
    const to = email('fresh');
    const code = await invite(t, to);
    const anon = new TestClient(createApp(s));
    const res = await anon.raw(`/api/invitations/${code}/accept`, {
      method: 'POST',
      body: '{"name":"Fresh Person"}',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { uid: string; teamUID: string; created: boolean };
    expect(body).toMatchObject({ teamUID: t.teamUID, created: true });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('session_token');
    // The session works: fetch a token and read /api/me.
    anon.cookie = cookie;
    anon.token = ((await (await anon.raw('/api/auth/token')).json()) as { token: string }).token;
    const me = await anon.api('/api/me');
    expect(me.body).toMatchObject({
      uid: body.uid,
      name: 'Fresh Person',
      teamUID: t.teamUID,
      passwordSet: false,
      currentTeam: { role: 'member' },
      groupAccess: { [t.teamUID]: [t.p2.pipelineUID] },
    });
    expect((await anon.api(`/api/invitations/${code}`)).body).toMatchObject({
      status: 'accepted',
      hasAccount: true,
    });
    // Used once: a second accept is refused with a clear message.
    const again = await new TestClient(createApp(s)).api(`/api/invitations/${code}/accept`, {
      method: 'POST',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      error: { status: 'invalid-argument', message: expect.stringContaining('already been used') },
    });
    // The accepted member holds their seat, the invitation no longer does.
    expect((await members(t.client, t.teamUID)).seats.used).toBe(3);
  });

  it('joins a signed-in user of the invited e-mail; refuses anyone else', async () => {
    const t = await team();
    const to = email('known');
    await createUser(s, to);
    const code = await invite(t, to, { role: 'admin', pipelines: [] });
    // No token, but the e-mail has an account: sign in first.
    const anon = await new TestClient(createApp(s)).api(`/api/invitations/${code}/accept`, {
      method: 'POST',
    });
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({
      error: { status: 'permission-denied', message: `Sign in as ${to} to accept this invitation` },
    });
    const wrong = await t.member.client.api(`/api/invitations/${code}/accept`, { method: 'POST' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      error: { message: `Sign in as ${to} to accept this invitation` },
    });
    const bad = new TestClient(createApp(s));
    bad.token = 'not-a-token';
    expect((await bad.api(`/api/invitations/${code}/accept`, { method: 'POST' })).status).toBe(401);
    const right = await signIn(s, to);
    const ok = await right.api(`/api/invitations/${code}/accept`, { method: 'POST' });
    expect(ok).toMatchObject({ status: 200, body: { teamUID: t.teamUID, created: false } });
    const me = await right.api('/api/me');
    expect(me.body).toMatchObject({ teamUID: t.teamUID, currentTeam: { role: 'admin' } });
  });

  it('refuses revoked and expired invitations, and an accept that the plan no longer allows', async () => {
    const t = await team();
    const revoked = await invite(t, email('rev'));
    await t.client.api(`/api/teams/${t.teamUID}/invitations/${revoked}`, del);
    const r1 = await new TestClient(createApp(s)).api(`/api/invitations/${revoked}/accept`, {
      method: 'POST',
    });
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ error: { message: expect.stringContaining('revoked') } });

    const expired = await invite(t, email('exp'));
    await s.database.db.execute(sql`
      UPDATE team_invitation SET expires_at = now() - interval '1 second' WHERE invite_code = ${expired}`);
    expect(
      (await new TestClient(createApp(s)).api(`/api/invitations/${expired}`)).body,
    ).toMatchObject({ status: 'expired' });
    const r2 = await new TestClient(createApp(s)).api(`/api/invitations/${expired}/accept`, {
      method: 'POST',
    });
    expect(r2.status).toBe(400);
    expect(r2.body).toMatchObject({ error: { message: expect.stringContaining('expired') } });

    // The plan shrank below the members already there: accepting would exceed it.
    const to = email('late');
    await createUser(s, to);
    const late = await invite(t, to);
    await s.database.db.execute(sql`
      UPDATE team SET subscription = ${JSON.stringify({ ...PLAN, includedSeats: 2 })}::jsonb
      WHERE team_uid = ${t.teamUID}`);
    const r3 = await (
      await signIn(s, to)
    ).api(`/api/invitations/${late}/accept`, { method: 'POST' });
    expect(r3.status).toBe(429);
    expect(r3.body).toMatchObject({
      error: { status: 'resource-exhausted', message: expect.stringContaining('1 team member') },
    });
  });
});
