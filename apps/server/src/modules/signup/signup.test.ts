import { TIERS } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { TestClient } from '../../test/http-client';

let s: TestServices;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
});
afterAll(() => s.cleanup());

const valid = {
  name: 'Sam Seller',
  email: 'Sam@Example.com',
  password: 'sesame-42',
  teamName: 'Sam Sells',
};

async function signUp(body: Record<string, unknown>) {
  const client = new TestClient(app);
  const res = await client.raw('/api/signup', { method: 'POST', body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  client.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { res, json, client };
}

describe(`sign-up (${ENGINE})`, () => {
  it('creates the user, signs them in and gives them a team on a 14-day trial', async () => {
    const before = Date.now();
    const { res, json, client } = await signUp(valid);
    expect(res.status).toBe(201);
    expect(json).toEqual({ uid: expect.any(String), teamUID: expect.any(String) });
    expect(client.cookie).toMatch(/session_token=/);

    const tokenRes = await client.raw('/api/auth/token');
    expect(tokenRes.status).toBe(200);
    client.token = ((await tokenRes.json()) as { token: string }).token;
    const me = await client.api('/api/me');
    expect(me.body).toMatchObject({
      uid: json.uid,
      name: 'Sam Seller',
      email: 'sam@example.com',
      teamUID: json.teamUID,
      currentTeam: { teamUID: json.teamUID, role: 'owner', name: 'Sam Sells' },
      passwordSet: true,
      termsVersion: null,
      isSuper: false,
    });

    const sub = await s.database.pool.query<{ subscription: Record<string, unknown> }>(
      'SELECT subscription FROM team WHERE team_uid = $1',
      [json.teamUID],
    );
    const subscription = sub.rows[0]!.subscription;
    expect(subscription).toMatchObject({
      status: 'trialing',
      tier: { value: 1, name: 'basic' },
      includedContacts: TIERS[1].contacts,
      includedSeats: TIERS[1].seats,
      addons: { contactBlocks: 0, teamMembers: 0 },
      platforms: { facebook: { level: 'basic' } },
      stripeData: { baseSub: { status: 'trialing' } },
    });
    const trialDays =
      (Date.parse(String(subscription.trialEndsAt)) - before) / (24 * 60 * 60 * 1000);
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);
  });

  it("dates the trial's end on the app clock, while the session keeps real time", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    s.testClock.advance(30 * DAY);
    try {
      const { res, json, client } = await signUp({ ...valid, email: 'later@example.com' });
      expect(res.status).toBe(201);
      expect((await client.raw('/api/auth/token')).status).toBe(200);
      const sub = await s.database.pool.query<{ subscription: { trialEndsAt: string } }>(
        'SELECT subscription FROM team WHERE team_uid = $1',
        [json.teamUID],
      );
      const trialDays = (Date.parse(sub.rows[0]!.subscription.trialEndsAt) - Date.now()) / DAY;
      expect(trialDays).toBeGreaterThan(43.99);
      expect(trialDays).toBeLessThan(44.01);
    } finally {
      s.testClock.reset();
    }
  });

  it('signs in with the chosen password afterwards', async () => {
    const client = await new TestClient(app).signIn('sam@example.com', 'sesame-42');
    expect((await client.api('/api/me')).status).toBe(200);
  });

  it('answers 409 already-exists for an e-mail with an account, in any case', async () => {
    const { res, json } = await signUp({ ...valid, email: 'SAM@example.com' });
    expect(res.status).toBe(409);
    expect(json).toMatchObject({ error: { status: 'already-exists', field: 'email' } });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['password', { password: '12345' }],
    ['name', { name: '   ' }],
    ['teamName', { teamName: '' }],
    ['teamName', { teamName: undefined }],
  ])('answers 400 naming %s', async (field, change) => {
    const { res, json } = await signUp({ ...valid, email: 'other@example.com', ...change });
    expect(res.status).toBe(400);
    expect(json).toMatchObject({ error: { status: 'invalid-argument', field } });
  });

  it('accepts a 6-character password (SPEC §5 default minimum)', async () => {
    const { res } = await signUp({ ...valid, email: 'six@example.com', password: '123456' });
    expect(res.status).toBe(201);
  });
});

describe(`PASSWORD_MIN_LENGTH (${ENGINE})`, () => {
  let strict: TestServices;
  beforeAll(async () => {
    strict = await startTestServices({ PASSWORD_MIN_LENGTH: '10' });
  });
  afterAll(() => strict.cleanup());

  it('applies to sign-up and to better-auth’s own password checks', async () => {
    const client = new TestClient(createApp(strict));
    const post = (password: string) =>
      client.raw('/api/signup', {
        method: 'POST',
        body: JSON.stringify({ ...valid, password }),
      });
    const short = await post('123456789');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: { field: 'password', message: 'password: The password needs at least 10 characters.' },
    });
    expect((await post('1234567890')).status).toBe(201);
    const signedIn = await new TestClient(createApp(strict)).signIn(valid.email, '1234567890');
    const change = (newPassword: string) =>
      signedIn.raw('/api/auth/change-password', {
        method: 'POST',
        body: JSON.stringify({ currentPassword: '1234567890', newPassword }),
      });
    expect((await change('123456789')).status).toBe(400);
    expect((await change('abcdefghij')).status).toBe(200);
  });
});
