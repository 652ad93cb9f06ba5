import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { ENGINE, startTestServices, type TestServices } from '../../test/harness';
import { createUser, signIn } from '../../test/team-fixtures';
import type { TestClient } from '../../test/http-client';
import { readZip } from '../../test/read-zip';
import { zip } from './zip';

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

  it("ends the extension's session when the web session it came from signs out", async () => {
    const web = await signIn(s, 'ext@example.com');
    const other = await signIn(s, 'ext@example.com');
    const tokenOf = async (client: TestClient) => {
      const issued = await client.api('/api/extension/login-token', { method: 'POST' });
      const res = await post('/api/extension/session', { token: issued.body!.token });
      return ((await res.json()) as { sessionToken: string }).sessionToken;
    };
    const fromWeb = await tokenOf(web);
    const fromOther = await tokenOf(other);
    const check = async (sessionToken: string) =>
      (
        await createApp(s).request('/api/auth/token', {
          headers: { authorization: `Bearer ${sessionToken}` },
        })
      ).status;
    expect(await check(fromWeb)).toBe(200);

    const out = await web.raw('/api/auth/sign-out', { method: 'POST', body: '{}' });
    expect(out.status).toBe(200);
    expect(await check(fromWeb)).toBe(401);
    // Another web session's extension session is not touched.
    expect(await check(fromOther)).toBe(200);
  });

  it('refuses a token whose web session signed out before the exchange', async () => {
    const web = await signIn(s, 'ext@example.com');
    const issued = await web.api('/api/extension/login-token', { method: 'POST' });
    await web.raw('/api/auth/sign-out', { method: 'POST', body: '{}' });
    expect((await post('/api/extension/session', { token: issued.body!.token })).status).toBe(401);
  });

  it('the extension ends its own session with DELETE /api/extension/session', async () => {
    const { token } = await loginToken();
    const res = await post('/api/extension/session', { token });
    const { sessionToken } = (await res.json()) as { sessionToken: string };
    const del = (headers: Record<string, string>) =>
      createApp(s).request('/api/extension/session', { method: 'DELETE', headers });
    expect((await del({})).status).toBe(401);
    expect((await del({ authorization: `Bearer ${sessionToken}` })).status).toBe(204);
    const after = await createApp(s).request('/api/auth/token', {
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(after.status).toBe(401);
    // Again: the same answer, nothing to end.
    expect((await del({ authorization: `Bearer ${sessionToken}` })).status).toBe(204);
    // A web session's token is not ended this way: the user stays signed in.
    const webToken = user.cookie.match(/session_token=([^.;]+)/)?.[1] ?? '';
    expect((await del({ authorization: `Bearer ${webToken}` })).status).toBe(204);
    expect((await user.api('/api/extension/login-token', { method: 'POST' })).status).toBe(200);
  });

  it('tells the install page the app origin and where to get the extension', async () => {
    const res = await user.api('/api/extension/install');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      appOrigin: new URL(s.config.publicUrl).origin,
      storeUrl: null,
      zipUrl: '/extension.zip',
    });
    const store = 'https://chromewebstore.google.com/detail/leadloom/abc';
    const withStore = createApp({ ...s, config: { ...s.config, extensionStoreUrl: store } });
    const info = await withStore.request('/api/extension/install', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await info.json()).toMatchObject({ storeUrl: store });
  });

  it('serves /extension.zip: the extension built for PUBLIC_URL, built once', async () => {
    const download = () => createApp(s).request('/extension.zip');
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const archive = Buffer.from(await res.arrayBuffer());
    expect(archive.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    const files = readZip(archive);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['manifest.json', 'background.js', 'popup.html']),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      externally_connectable: { matches: string[] };
    };
    const origin = new URL(s.config.publicUrl);
    expect(manifest.externally_connectable.matches).toEqual([
      `${origin.protocol}//${origin.hostname}:${origin.port || 80}/*`,
    ]);
    expect(files.get('background.js')!.toString('utf8')).toContain(JSON.stringify(origin.origin));
    // Cached: the second download is the same bytes, without a second build.
    const started = performance.now();
    const again = Buffer.from(await (await download()).arrayBuffer());
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(again.equals(archive)).toBe(true);
  }, 120_000);
});

describe('zip', () => {
  it('writes an archive its entries read back from', () => {
    const files = [
      { name: 'a.txt', data: Buffer.from('hello') },
      { name: 'dir/b.json', data: Buffer.from('{"x":1}'.repeat(100)) },
      { name: 'empty', data: Buffer.alloc(0) },
    ];
    const read = readZip(zip(files));
    expect([...read.entries()]).toEqual(files.map((f) => [f.name, f.data]));
  });
});
