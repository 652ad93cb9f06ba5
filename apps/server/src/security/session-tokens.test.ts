import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { INVALID_TOKEN_MESSAGE } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';
import { addMember, createUser, makeSuper, ownerWithTeam, PASSWORD } from '../test/team-fixtures';

/**
 * An identity token lives 15 minutes, but only as long as the session it was minted from: it is
 * refused at once after sign-out, sign out everywhere, a password change that ends other
 * sessions, and a disable; an open realtime stream ends within 5 s of the same.
 */

let s: TestServices;
let app: ReturnType<typeof createApp>;
let teamUID: string;
let owner: TestClient;
let root: TestClient;
let server: ServerType;
let base: string;

beforeAll(async () => {
  s = await startTestServices();
  app = createApp(s);
  ({ teamUID, client: owner } = await ownerWithTeam(s, 'owner@example.com'));
  await makeSuper(s, await createUser(s, 'root@example.com'));
  root = await new TestClient(app).signIn('root@example.com', PASSWORD);
  server = await new Promise<ServerType>((resolve) => {
    const srv = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await s.cleanup();
});

/** A member of the owner's team, signed in on `devices` devices (one client each). */
async function memberOnDevices(email: string, devices = 1) {
  const uid = await createUser(s, email);
  await addMember(s, teamUID, uid);
  const clients: TestClient[] = [];
  for (let i = 0; i < devices; i++) clients.push(await new TestClient(app).signIn(email, PASSWORD));
  return { uid, clients };
}

/** What a token may still do: read the user (/api/me) and write team data (a contact). */
async function tokenWorks(client: TestClient) {
  const me = await client.api('/api/me');
  const contact = await client.api(`/api/teams/${teamUID}/contacts`, {
    method: 'POST',
    body: JSON.stringify({ firstName: 'Probe' }),
  });
  return { me: me.status, contact: contact.status };
}

async function expectRefused(client: TestClient) {
  const me = await client.api('/api/me');
  expect(me).toEqual({
    status: 401,
    body: { error: { status: 'unauthenticated', message: INVALID_TOKEN_MESSAGE } },
  });
  expect(await tokenWorks(client)).toEqual({ me: 401, contact: 401 });
}

const post = (client: TestClient, path: string, body: unknown = {}) =>
  client.raw(path, { method: 'POST', body: JSON.stringify(body) });

describe(`identity tokens end with their session (${ENGINE})`, () => {
  it('works while the session lasts', async () => {
    const { clients } = await memberOnDevices('alive@example.com');
    expect(await tokenWorks(clients[0]!)).toEqual({ me: 200, contact: 201 });
  });

  it('is refused right after sign-out', async () => {
    const {
      clients: [laptop],
    } = await memberOnDevices('signout@example.com');
    expect((await post(laptop!, '/api/auth/sign-out')).status).toBe(200);
    await expectRefused(laptop!);
    expect(await tokenWorks(owner)).toEqual({ me: 200, contact: 201 });
  });

  it('is refused on every device after sign out everywhere', async () => {
    const {
      clients: [laptop, phone],
    } = await memberOnDevices('everywhere@example.com', 2);
    expect((await post(laptop!, '/api/auth/revoke-sessions')).status).toBe(200);
    await expectRefused(laptop!);
    await expectRefused(phone!);
  });

  it('is refused on other devices after a password change that ends other sessions', async () => {
    const {
      clients: [laptop, phone],
    } = await memberOnDevices('password@example.com', 2);
    const changed = await post(laptop!, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-password-2',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    await expectRefused(phone!);
    // The device that changed it continues on the new session better-auth gave it.
    laptop!.cookie = changed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const fresh = await laptop!.raw('/api/auth/token');
    expect(fresh.status).toBe(200);
    laptop!.token = ((await fresh.json()) as { token: string }).token;
    expect(await tokenWorks(laptop!)).toEqual({ me: 200, contact: 201 });
  });

  it('is refused right after a super admin disables the user', async () => {
    const {
      uid,
      clients: [laptop],
    } = await memberOnDevices('disabled@example.com');
    expect((await root.api(`/api/admin/users/${uid}/disable`, { method: 'POST' })).status).toBe(
      200,
    );
    await expectRefused(laptop!);
  });

  it('refuses a token that names no session, or a session of another user', async () => {
    const { uid } = await memberOnDevices('forged@example.com');
    const now = Math.floor(Date.now() / 1000);
    const sign = async (extra: Record<string, unknown>) =>
      (
        await s.auth.api.signJWT({
          body: {
            payload: { sub: uid, email: 'forged@example.com', iat: now, exp: now + 600, ...extra },
          },
        })
      ).token;
    const ownerSid = (
      JSON.parse(Buffer.from(owner.token.split('.')[1]!, 'base64url').toString('utf8')) as {
        sid: string;
      }
    ).sid;
    for (const token of [
      await sign({}),
      await sign({ sid: ownerSid }),
      await sign({ sid: 'nope' }),
    ]) {
      const client = new TestClient(app);
      client.token = token;
      await expectRefused(client);
    }
  });

  it("keeps the extension's session apart from other devices, and ends it with the web session that made it", async () => {
    const {
      clients: [web, laptop],
    } = await memberOnDevices('ext@example.com', 2);
    const extensionOf = async (client: TestClient) => {
      const login = await client.api('/api/extension/login-token', { method: 'POST' });
      const exchanged = await app.request('/api/extension/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'chrome-extension://x' },
        body: JSON.stringify({ token: (login.body as { token: string }).token }),
      });
      const { sessionToken } = (await exchanged.json()) as { sessionToken: string };
      const extension = new TestClient(app);
      const minted = await app.request('/api/auth/token', {
        headers: { authorization: `Bearer ${sessionToken}` },
      });
      extension.token = ((await minted.json()) as { token: string }).token;
      return { extension, sessionToken };
    };
    const one = await extensionOf(web!);
    const other = await extensionOf(laptop!);

    // The web app's sign-out ends the extension signed in from that browser, not the other one.
    expect((await post(web!, '/api/auth/sign-out')).status).toBe(200);
    await expectRefused(web!);
    await expectRefused(one.extension);
    expect(await tokenWorks(other.extension)).toEqual({ me: 200, contact: 201 });
    expect(await tokenWorks(laptop!)).toEqual({ me: 200, contact: 201 });

    // Signing the extension out (its bearer session) ends its token too, and leaves the app's.
    const out = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${other.sessionToken}`,
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
      },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await expectRefused(other.extension);
    expect(await tokenWorks(laptop!)).toEqual({ me: 200, contact: 201 });
  });
});

/** Reads an SSE stream until it ends; `events` names every event received (`message` for data). */
function openStream(token: string) {
  const events: string[] = [];
  const abort = new AbortController();
  let status = 0;
  const ended = (async () => {
    const res = await fetch(`${base}/api/realtime?teams=${teamUID}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    status = res.status;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          if (event) events.push(event);
          else if (/^data: /m.test(block)) events.push('message');
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
    return Date.now();
  })();
  return { events, ended, status: () => status, abort: () => abort.abort() };
}

async function untilOpen(stream: ReturnType<typeof openStream>) {
  const deadline = Date.now() + 20_000;
  while (!stream.events.includes('open')) {
    if (Date.now() > deadline) throw new Error(`stream did not open (${stream.status()})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`realtime streams end with their session (${ENGINE})`, () => {
  it('closes within 5 s of sign-out', async () => {
    const {
      clients: [laptop],
    } = await memberOnDevices('stream-out@example.com');
    const stream = openStream(laptop!.token);
    await untilOpen(stream);
    const at = Date.now();
    expect((await post(laptop!, '/api/auth/sign-out')).status).toBe(200);
    const endedAt = await stream.ended;
    expect(endedAt - at).toBeLessThan(5_000);
    expect(stream.events).toEqual(['open', 'close']);
  });

  it('closes within 5 s of a disable', async () => {
    const {
      uid,
      clients: [laptop],
    } = await memberOnDevices('stream-disabled@example.com');
    const stream = openStream(laptop!.token);
    await untilOpen(stream);
    const at = Date.now();
    expect((await root.api(`/api/admin/users/${uid}/disable`, { method: 'POST' })).status).toBe(
      200,
    );
    const endedAt = await stream.ended;
    expect(endedAt - at).toBeLessThan(5_000);
    expect(stream.events).toEqual(['open', 'close']);
  });

  it('stays open for other sessions of the team', async () => {
    const {
      clients: [laptop, phone],
    } = await memberOnDevices('stream-other@example.com', 2);
    const stays = openStream(phone!.token);
    await untilOpen(stays);
    const closes = openStream(laptop!.token);
    await untilOpen(closes);
    expect((await post(laptop!, '/api/auth/sign-out')).status).toBe(200);
    await closes.ended;
    // A change by the owner still reaches the phone's stream.
    expect(await tokenWorks(owner)).toEqual({ me: 200, contact: 201 });
    const deadline = Date.now() + 5_000;
    while (!stays.events.includes('message') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(stays.events).toContain('message');
    expect(stays.events).not.toContain('close');
    stays.abort();
    await stays.ended;
  });
});
