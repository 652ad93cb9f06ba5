import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../auth/endpoints';
import { createApp } from '../http/app';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';
import { addMember, createUser, ownerWithTeam, PASSWORD } from '../test/team-fixtures';

/**
 * Only the better-auth endpoints the app uses answer under /api/auth (AUTH_ENDPOINTS); the rest
 * (organization, admin, profile, sign-up...) skip the app's rules and answer 404, changing
 * nothing. Members, roles and profile fields change through the app's validated routes.
 */

let s: TestServices;
let app: ReturnType<typeof createApp>;
let teamUID: string;
let ownerUID: string;
let owner: TestClient;
let memberUID: string;
let member: TestClient;

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
  ({ teamUID, uid: ownerUID, client: owner } = await ownerWithTeam(s, 'owner@example.com'));
  memberUID = await createUser(s, 'member@example.com', 'Member');
  await addMember(s, teamUID, memberUID);
  member = await new TestClient(app).signIn('member@example.com', PASSWORD);
});
afterAll(() => s.cleanup());

const NOT_FOUND = { error: { status: 'not-found', message: 'No such API endpoint' } };

async function state() {
  const members = await s.database.db.execute<{ userId: string; role: string }>(sql`
    SELECT "userId", role FROM "member" WHERE "organizationId" = ${teamUID} ORDER BY "userId"`);
  const users = await s.database.db.execute<{ id: string; name: string; image: string | null }>(
    sql`SELECT id, name, image, role, banned FROM "user" ORDER BY id`,
  );
  const teams = await s.database.db.execute(sql`SELECT id, name, slug FROM "organization"`);
  return { members: members.rows, users: users.rows, teams: teams.rows };
}

const post = (client: TestClient, path: string, body: unknown) =>
  client.raw(path, { method: 'POST', body: JSON.stringify(body) });

describe(`better-auth endpoints the app does not use (${ENGINE})`, () => {
  it('refuses the organization endpoints: no owner made, no owner demoted', async () => {
    const before = await state();
    const attempts: [TestClient, string, unknown][] = [
      [
        owner,
        '/api/auth/organization/update-member-role',
        { memberId: `${teamUID}-${memberUID}`, role: 'owner', organizationId: teamUID },
      ],
      [
        member,
        '/api/auth/organization/update-member-role',
        { memberId: ownerUID, role: 'member', organizationId: teamUID },
      ],
      [
        owner,
        '/api/auth/organization/remove-member',
        { memberIdOrEmail: 'member@example.com', organizationId: teamUID },
      ],
      [member, '/api/auth/organization/leave', { organizationId: teamUID }],
      [
        owner,
        '/api/auth/organization/invite-member',
        { email: 'x@example.com', role: 'owner', organizationId: teamUID },
      ],
      [
        owner,
        '/api/auth/organization/update',
        { data: { name: 'Renamed' }, organizationId: teamUID },
      ],
      [owner, '/api/auth/organization/delete', { organizationId: teamUID }],
      [member, '/api/auth/organization/create', { name: 'Side', slug: 'side-team' }],
      [member, '/api/auth/organization/set-active', { organizationId: teamUID }],
    ];
    for (const [client, path, body] of attempts) {
      const res = await post(client, path, body);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    for (const path of [
      '/api/auth/organization/list',
      '/api/auth/organization/get-full-organization',
      '/api/auth/organization/list-members',
    ]) {
      expect((await owner.raw(path)).status, path).toBe(404);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses update-user: no 5 MB name, no javascript: image', async () => {
    const before = await state();
    // 5 MB is over any body limit: refused before anything reads it.
    expect(
      (await post(member, '/api/auth/update-user', { name: 'x'.repeat(5_000_000) })).status,
    ).toBe(413);
    for (const body of [
      { name: 'x'.repeat(500_000) },
      { image: 'javascript:alert(document.cookie)' },
      { name: 'Fine' },
    ]) {
      const res = await post(member, '/api/auth/update-user', body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses sign-up, sessions, admin and account endpoints', async () => {
    const before = await state();
    for (const [method, path, body] of [
      [
        'POST',
        '/api/auth/sign-up/email',
        { email: 'new@example.com', password: 'password-1', name: 'N' },
      ],
      ['GET', '/api/auth/get-session', undefined],
      ['GET', '/api/auth/list-sessions', undefined],
      ['POST', '/api/auth/revoke-session', { token: 'x' }],
      ['POST', '/api/auth/revoke-other-sessions', {}],
      ['POST', '/api/auth/change-email', { newEmail: 'owned@example.com' }],
      ['POST', '/api/auth/delete-user', {}],
      ['POST', '/api/auth/set-password', { newPassword: 'password-2' }],
      ['POST', '/api/auth/admin/set-role', { userId: memberUID, role: 'admin' }],
      ['POST', '/api/auth/admin/ban-user', { userId: ownerUID }],
      ['POST', '/api/auth/admin/impersonate-user', { userId: ownerUID }],
      ['GET', '/api/auth/admin/list-users', undefined],
      ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
      ['GET', '/api/auth/ok', undefined],
    ] as const) {
      const res = await owner.raw(path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await state()).toEqual(before);
  });

  it('matches the path exactly as better-auth would route it', async () => {
    for (const path of [
      '/api/auth/organization%2Fupdate-member-role',
      '/api/auth/%6Frganization/update-member-role',
      '/api/auth/token/',
      '/api/auth/token?x=/api/auth/update-user',
      '/api/auth/update-user?/api/auth/token',
      '/api/auth//update-user',
      '/api/auth/./update-user',
    ]) {
      const res = await post(member, path, { name: 'Changed' });
      expect(res.status, path).toBe(404);
    }
    // The query string is no part of the path: the identity token still answers with one.
    expect((await member.raw('/api/auth/token?fresh=1')).status).toBe(200);
    // A method the endpoint does not have is refused too.
    expect((await post(member, '/api/auth/token', {})).status).toBe(404);
    expect((await member.raw('/api/auth/sign-out')).status).toBe(404);
  });
});

describe(`better-auth endpoints the app uses (${ENGINE})`, () => {
  it('lists each endpoint once, every one reached by better-auth', async () => {
    const keys = AUTH_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const stranger = new TestClient(app);
    for (const e of AUTH_ENDPOINTS) {
      // Without a session (a throwaway caller), so nothing of the fixtures' ends.
      const res = await stranger.raw(e.path, {
        method: e.method,
        ...(e.method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${e.method} ${e.path}`).not.toBe(404);
      expect(res.status, `${e.method} ${e.path}`).toBeLessThan(500);
    }
    expect(AUTH_ENDPOINTS.filter((e) => e.endsSessions).map((e) => e.path)).toEqual([
      '/api/auth/sign-out',
      '/api/auth/revoke-sessions',
      '/api/auth/reset-password',
      '/api/auth/change-password',
    ]);
  });

  it('keeps the sign-in, token, JWKS, password and sign-out flows working', async () => {
    const email = 'flows@example.com';
    await createUser(s, email);
    const client = await new TestClient(app).signIn(email, PASSWORD);
    expect((await client.api('/api/me')).status).toBe(200);
    const jwks = await client.raw('/api/auth/jwks');
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    const reset = await post(new TestClient(app), '/api/auth/request-password-reset', {
      email,
      redirectTo: '/password-reset',
    });
    expect(reset.status).toBe(200);
    const badReset = await post(new TestClient(app), '/api/auth/reset-password', {
      token: 'not-a-token',
      newPassword: 'password-9',
    });
    expect(badReset.status).toBe(400);
    const changed = await post(client, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'password-3',
    });
    expect(changed.status).toBe(200);
    expect((await post(client, '/api/auth/sign-out', {})).status).toBe(200);
    const again = await new TestClient(app).signIn(email, 'password-3');
    expect((await post(again, '/api/auth/revoke-sessions', {})).status).toBe(200);
    expect((await again.raw('/api/auth/token')).status).toBe(401);
  });

  it("changes the profile only through the app's validated route", async () => {
    const long = await member.api('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'x'.repeat(201) }),
    });
    expect(long.status).toBe(400);
    const ok = await member.api('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Member Renamed' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Member Renamed' });
  });
});
