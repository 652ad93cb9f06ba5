import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { createUser, signIn } from '../../test/team-fixtures';
import type { TestClient } from '../../test/http-client';

let s: TestServices;
let user: TestClient;
let uid: string;

beforeAll(async () => {
  s = await startTestServices();
  uid = await createUser(s, 'ext@example.com');
  user = await signIn(s, 'ext@example.com');
});
afterAll(() => s.cleanup());

/** A caller with no cookie and no identity token: the extension's background. */
function post(path: string, body: unknown) {
  return createApp(s).request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'chrome-extension://x' },
    body: JSON.stringify(body),
  });
}

async function loginToken() {
  const res = await user.api('/api/extension/login-token', { method: 'POST' });
  expect(res.status).toBe(200);
  return res.body as { token: string; uid: string };
}

describe(`extension session (${ENGINE})`, () => {
  it('issues a login token only to a signed-in caller', async () => {
    const anonymous = await createApp(s).request('/api/extension/login-token', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const issued = await loginToken();
    expect(issued.uid).toBe(uid);
    expect(issued.token.length).toBeGreaterThanOrEqual(40);
  });

  it('exchanges the token once for a session usable with the bearer plugin', async () => {
    const { token } = await loginToken();
    const res = await post('/api/extension/session', { token });
    expect(res.status).toBe(200);
    const { sessionToken, uid: sessionUid } = (await res.json()) as {
      sessionToken: string;
      uid: string;
    };
    expect(sessionUid).toBe(uid);

    const identity = await createApp(s).request('/api/auth/token', {
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(identity.status).toBe(200);
    const jwt = ((await identity.json()) as { token: string }).token;
    // The identity token minted from the extension's session opens the API as that user.
    expect(await s.verifyToken(jwt)).toMatchObject({ uid, email: 'ext@example.com' });

    const again = await post('/api/extension/session', { token });
    expect(again.status).toBe(401);
  });

  it('refuses unknown, malformed and expired tokens', async () => {
    expect((await post('/api/extension/session', { token: 'nope' })).status).toBe(401);
    expect((await post('/api/extension/session', {})).status).toBe(400);
    const { token } = await loginToken();
    // Age every token past its two minutes.
    await s.database.db.execute(
      sql`UPDATE extension_login_token SET expires_at = now() - interval '1 second'`,
    );
    expect((await post('/api/extension/session', { token })).status).toBe(401);
  });

  it('does not accept a made-up bearer session', async () => {
    const res = await createApp(s).request('/api/auth/token', {
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(res.status).toBe(401);
  });
});
