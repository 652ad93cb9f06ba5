import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { ApiError } from '../http/errors';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';
import { createInvitedUser } from './invited-user';

let s: TestServices;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
});
afterAll(() => s.cleanup());

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe(`createInvitedUser (${ENGINE})`, () => {
  it('creates a user with no password set and a session for them', async () => {
    const { uid, headers } = await createInvitedUser(s, {
      email: 'Invitee@Example.com',
      name: 'Ivy Invitee',
    });
    const client = new TestClient(app);
    client.cookie = cookieOf(headers);
    expect(client.cookie).toMatch(/session_token=/);
    const tokenRes = await client.raw('/api/auth/token');
    expect(tokenRes.status).toBe(200);
    client.token = ((await tokenRes.json()) as { token: string }).token;
    const me = await client.api('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ uid, email: 'invitee@example.com', passwordSet: false });
  });

  it('leaves no password anyone can sign in with', async () => {
    const res = await new TestClient(app).raw('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'invitee@example.com', password: '' }),
    });
    expect(res.status).not.toBe(200);
  });

  it('refuses an e-mail that already has an account', async () => {
    const error = await createInvitedUser(s, { email: 'invitee@example.com', name: '' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe('already-exists');
  });
});
