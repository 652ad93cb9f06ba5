import { INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { makeSuper } from '../../test/team-fixtures';

let s: TestServices;
let app: ReturnType<typeof createApp>;
let root: TestClient;
let carl: TestClient;
let carlUID: string;

async function signUp(email: string, name: string) {
  const res = await new TestClient(app).raw('/api/signup', {
    method: 'POST',
    body: JSON.stringify({ name, email, password: 'password-1', teamName: `${name} Co` }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { uid: string }).uid;
}

interface AdminUser {
  uid: string;
  email: string;
  isSuper: boolean;
  banned: boolean;
  teams: { name: string; role: string }[];
}

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
  await makeSuper(s, await signUp('root@example.com', 'Root'));
  carlUID = await signUp('carl@example.com', 'Carl');
  await signUp('dora@example.com', 'Dora_100%');
  await signUp('eve@example.com', 'Eve A100');
  root = await new TestClient(app).signIn('root@example.com', 'password-1');
  carl = await new TestClient(app).signIn('carl@example.com', 'password-1');
});
afterAll(() => s.cleanup());

describe(`super admin: users (${ENGINE})`, () => {
  it('answers 404 to everyone who is not a super admin', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/mail'],
      ['POST', `/api/admin/users/${carlUID}/disable`],
      ['POST', `/api/admin/users/${carlUID}/super`],
      ['POST', `/api/admin/users/${carlUID}/reset-password`],
    ] as const) {
      const body = method === 'POST' ? JSON.stringify({ super: true }) : null;
      const res = await carl.api(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('finds users by e-mail or name, with their teams', async () => {
    const all = await root.api('/api/admin/users');
    expect((all.body!.users as AdminUser[]).map((u) => u.email).sort()).toEqual([
      'carl@example.com',
      'dora@example.com',
      'eve@example.com',
      'root@example.com',
    ]);
    const carlOnly = await root.api('/api/admin/users?q=CARL');
    expect(carlOnly.body!.users).toEqual([
      expect.objectContaining({
        uid: carlUID,
        email: 'carl@example.com',
        isSuper: false,
        banned: false,
        teams: [expect.objectContaining({ name: 'Carl Co', role: 'owner' })],
      }),
    ]);
    // "%" and "_" are searched for literally ("_" would match the "A" of "Eve A100").
    const literal = await root.api(`/api/admin/users?q=${encodeURIComponent('_100%')}`);
    expect((literal.body!.users as AdminUser[]).map((u) => u.email)).toEqual(['dora@example.com']);
  });

  it('disabling stops an unexpired token at once and ends the sessions', async () => {
    const before = await carl.api('/api/me');
    expect(before.status).toBe(200);
    // A team route reads standing and membership in one statement: it is refused too.
    const members = `/api/teams/${before.body!.teamUID as string}/members`;
    expect((await carl.api(members)).status).toBe(200);
    const res = await root.api(`/api/admin/users/${carlUID}/disable`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await carl.api(members)).status).toBe(401);
    const me = await carl.api('/api/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({
      error: { status: 'unauthenticated', message: INVALID_TOKEN_MESSAGE },
    });
    expect((await carl.raw('/api/auth/token')).status).toBe(401);
    const signIn = await new TestClient(app).raw('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'carl@example.com', password: 'password-1' }),
    });
    expect(signIn.status).not.toBe(200);
    const listed = await root.api('/api/admin/users?q=carl');
    expect(listed.body!.users).toEqual([expect.objectContaining({ banned: true })]);
  });

  it('enabling lets the user sign in again', async () => {
    expect((await root.api(`/api/admin/users/${carlUID}/enable`, { method: 'POST' })).status).toBe(
      200,
    );
    carl = await new TestClient(app).signIn('carl@example.com', 'password-1');
    expect((await carl.api('/api/me')).status).toBe(200);
  });

  it('grants and removes "super", re-checked on every call', async () => {
    const grant = (on: boolean) =>
      root.api(`/api/admin/users/${carlUID}/super`, {
        method: 'POST',
        body: JSON.stringify({ super: on }),
      });
    expect((await grant(true)).status).toBe(200);
    // Carl's token was issued before: the database decides, not the token.
    expect((await carl.api('/api/admin/users')).status).toBe(200);
    expect((await carl.api('/api/me')).body).toMatchObject({ isSuper: true });
    expect((await grant(false)).status).toBe(200);
    expect((await carl.api('/api/admin/users')).status).toBe(404);
    const bad = await root.api(`/api/admin/users/${carlUID}/super`, {
      method: 'POST',
      body: JSON.stringify({ super: 'yes' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { field: 'super' } });
  });

  it('does not let a super admin lock themselves out', async () => {
    const me = (await root.api('/api/me')).body as { uid: string };
    expect((await root.api(`/api/admin/users/${me.uid}/disable`, { method: 'POST' })).status).toBe(
      400,
    );
    const drop = await root.api(`/api/admin/users/${me.uid}/super`, {
      method: 'POST',
      body: JSON.stringify({ super: false }),
    });
    expect(drop.status).toBe(400);
  });

  it('answers 404 for an unknown user', async () => {
    for (const action of ['disable', 'enable', 'reset-password']) {
      const res = await root.api(`/api/admin/users/no-such-user/${action}`, { method: 'POST' });
      expect(res.status, action).toBe(404);
    }
  });

  it('mails a reset link and shows it in the mail log with its token masked, newest first', async () => {
    const res = await root.api(`/api/admin/users/${carlUID}/reset-password`, { method: 'POST' });
    expect(res.status).toBe(200);
    const log = await root.api('/api/admin/mail?limit=5');
    expect(log.status).toBe(200);
    const messages = log.body!.messages as { to: string; kind: string; text: string }[];
    expect(messages[0]).toMatchObject({
      to: 'carl@example.com',
      kind: 'password-reset',
      status: 'stored',
      error: null,
      sentAt: null,
    });
    expect(messages[0]!.text).toContain('http://localhost:3000/password-reset?token=••••••');
    expect((await root.api('/api/admin/mail?limit=0')).status).toBe(400);
  });
});
