import { INVALID_TOKEN_MESSAGE, MINT_TOKEN_FAILURE_MESSAGE, newPushId } from '@leadloom/core';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitedUser } from '../../auth/invited-user';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { insertTeam } from '../teams/repo';

let s: TestServices;
let app: ReturnType<typeof createApp>;
let ann: TestClient;
let annUID: string;
let annTeam: string;
let bobTeam: string;

async function signUp(email: string, teamName: string) {
  const res = await new TestClient(app).raw('/api/signup', {
    method: 'POST',
    body: JSON.stringify({ name: email.split('@')[0], email, password: 'password-1', teamName }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { uid: string; teamUID: string };
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function tokenFor(client: TestClient) {
  const res = await client.raw('/api/auth/token');
  return {
    status: res.status,
    token: res.ok ? ((await res.json()) as { token: string }).token : '',
  };
}

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
  ({ uid: annUID, teamUID: annTeam } = await signUp('ann@example.com', 'Ann Co'));
  ({ teamUID: bobTeam } = await signUp('bob@example.com', 'Bob Co'));
  ann = await new TestClient(app).signIn('ann@example.com', 'password-1');
});
afterAll(() => s.cleanup());

describe(`account (${ENGINE})`, () => {
  it('GET /api/me carries the time zone and the super-admin flag', async () => {
    const me = await ann.api('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ uid: annUID, timeZone: null, isSuper: false });
  });

  it('PATCH /api/me updates the given fields and answers the new user data', async () => {
    const res = await ann.api('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({
        name: 'Ann Archer',
        photoURL: 'https://img.example.com/ann.png',
        timeZone: 'Europe/Berlin',
        defaultContactView: 'table',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Ann Archer',
      photoURL: 'https://img.example.com/ann.png',
      timeZone: 'Europe/Berlin',
      defaultContactView: 'table',
    });
    // Only what is sent changes; null clears the time zone.
    const again = await ann.api('/api/me', {
      method: 'PATCH',
      body: JSON.stringify({ timeZone: null }),
    });
    expect(again.body).toMatchObject({
      name: 'Ann Archer',
      timeZone: null,
      defaultContactView: 'table',
    });
    expect((await ann.api('/api/me')).body).toMatchObject({ name: 'Ann Archer', timeZone: null });
  });

  it.each([
    ['timeZone', { timeZone: 'Mars/Olympus_Mons' }],
    ['timeZone', { timeZone: '+01:00' }],
    ['defaultContactView', { defaultContactView: 'calendar' }],
    ['photoURL', { photoURL: 'not a url' }],
    ['name', { name: ' ' }],
  ])('PATCH /api/me answers 400 naming %s', async (field, body) => {
    const res = await ann.api('/api/me', { method: 'PATCH', body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { status: 'invalid-argument', field } });
  });

  it('accepts only the current terms version', async () => {
    const wrong = await ann.api('/api/me/accept-terms', {
      method: 'POST',
      body: JSON.stringify({ version: '1.0.0' }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { field: 'version' } });
    expect((await ann.api('/api/me')).body).toMatchObject({ termsVersion: null });
    const ok = await ann.api('/api/me/accept-terms', {
      method: 'POST',
      body: JSON.stringify({ version: '1.0.1' }),
    });
    expect(ok.status).toBe(200);
    expect((await ann.api('/api/me')).body).toMatchObject({ termsVersion: '1.0.1' });
  });

  it('switches the current team only to a team the user is in', async () => {
    const second = newPushId();
    const scope = systemScope('test');
    await withTx(s.database, scope, (tx) =>
      insertTeam(scope, tx.db, {
        teamUID: second,
        name: 'Ann Two',
        slug: `t-${second.toLowerCase()}`,
        ownerUID: annUID,
        subscription: {},
      }),
    );
    const put = (teamUID: string) =>
      ann.api('/api/me/current-team', { method: 'PUT', body: JSON.stringify({ teamUID }) });
    expect((await put(annTeam)).status).toBe(200);
    expect((await ann.api('/api/me')).body).toMatchObject({ currentTeam: { teamUID: annTeam } });
    expect((await put(second)).status).toBe(200);
    expect((await ann.api('/api/me')).body).toMatchObject({ currentTeam: { teamUID: second } });
    const other = await put(bobTeam);
    expect(other.status).toBe(404);
    expect((await ann.api('/api/me')).body).toMatchObject({ currentTeam: { teamUID: second } });
    expect((await put(annTeam)).status).toBe(200);
  });

  it('lets an invited user set a first password once, and sign in with it', async () => {
    const { headers } = await createInvitedUser(s, { email: 'ivy@example.com', name: 'Ivy' });
    const ivy = new TestClient(app);
    ivy.cookie = cookieOf(headers);
    ivy.token = (await tokenFor(ivy)).token;
    const set = (password: string) =>
      ivy.api('/api/me/initial-password', { method: 'POST', body: JSON.stringify({ password }) });

    const short = await set('12345');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: { field: 'password' } });
    expect((await set('ivy-secret')).status).toBe(200);
    expect((await ivy.api('/api/me')).body).toMatchObject({ passwordSet: true });
    const again = await set('another-one');
    expect(again.status).toBe(409);
    await new TestClient(app).signIn('ivy@example.com', 'ivy-secret');
  });

  it('refuses an initial password for a user who has one', async () => {
    const res = await ann.api('/api/me/initial-password', {
      method: 'POST',
      body: JSON.stringify({ password: 'hijacked-1' }),
    });
    expect(res.status).toBe(409);
    await new TestClient(app).signIn('ann@example.com', 'password-1');
  });
});

describe(`team token (${ENGINE})`, () => {
  const mint = (body: unknown) =>
    app.request('/api/v2-auth-mintAuthToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('mints a 15-minute JWT for a team the user is in, with aud = its shard', async () => {
    const res = await mint({ token: ann.token, uid: annUID, teamUID: annTeam });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { token: string } };
    const jwks = (await s.auth.api.getJwks()) as JSONWebKeySet;
    const { payload } = await jwtVerify(data.token, createLocalJWKSet(jwks), { audience: 'S1' });
    expect(payload).toMatchObject({ sub: annUID, teamUID: annTeam, aud: 'S1' });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    // A team token is not an identity token: the API refuses it.
    const asIdentity = await app.request('/api/me', {
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(asIdentity.status).toBe(401);
  });

  it('uses the current team when none is named', async () => {
    const res = await mint({ token: ann.token, uid: annUID });
    const { data } = (await res.json()) as { data: { token: string } };
    const claims = JSON.parse(Buffer.from(data.token.split('.')[1]!, 'base64url').toString()) as {
      teamUID: string;
    };
    expect(claims.teamUID).toBe(annTeam);
  });

  it.each([
    ['another team', () => ({ token: ann.token, uid: annUID, teamUID: bobTeam })],
    ['an unknown team', () => ({ token: ann.token, uid: annUID, teamUID: 'nope' })],
    ['another uid', () => ({ token: ann.token, uid: 'someone-else', teamUID: annTeam })],
    ['a forged token', () => ({ token: `${ann.token}x`, uid: annUID, teamUID: annTeam })],
    ['no token', () => ({ uid: annUID })],
  ])('answers 401 with the spec text for %s', async (_what, body) => {
    const res = await mint(body());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { status: 'unauthenticated', message: MINT_TOKEN_FAILURE_MESSAGE },
    });
  });
});

describe(`sessions and tokens (${ENGINE})`, () => {
  it('sign-out ends the session on the server: the old cookie gets no token', async () => {
    const c = await new TestClient(app).signIn('bob@example.com', 'password-1');
    const oldCookie = c.cookie;
    const out = await c.raw('/api/auth/sign-out', { method: 'POST', body: '{}' });
    expect(out.status).toBe(200);
    const replay = new TestClient(app);
    replay.cookie = oldCookie;
    expect((await tokenFor(replay)).status).toBe(401);
  });

  it('sign out everywhere ends every session of the user', async () => {
    const laptop = await new TestClient(app).signIn('bob@example.com', 'password-1');
    const phone = await new TestClient(app).signIn('bob@example.com', 'password-1');
    const other = await new TestClient(app).signIn('ann@example.com', 'password-1');
    expect((await tokenFor(phone)).status).toBe(200);
    const res = await laptop.raw('/api/auth/revoke-sessions', { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect((await tokenFor(phone)).status).toBe(401);
    expect((await tokenFor(laptop)).status).toBe(401);
    expect((await tokenFor(other)).status).toBe(200);
  });

  it('an expired identity token answers 401 Invalid token; a fresh one works', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await s.auth.api.signJWT({
      body: {
        payload: { sub: annUID, email: 'ann@example.com', iat: now - 3600, exp: now - 60 },
      },
    });
    const res = await app.request('/api/me', { headers: { authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { status: 'unauthenticated', message: INVALID_TOKEN_MESSAGE },
    });
    const { token: fresh } = await tokenFor(ann);
    const ok = await app.request('/api/me', { headers: { authorization: `Bearer ${fresh}` } });
    expect(ok.status).toBe(200);
  });
});
