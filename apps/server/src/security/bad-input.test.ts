import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import type { AppEnv } from '../http/env';
import { respondError } from '../http/errors';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { ownerWithTeam, PASSWORD } from '../test/team-fixtures';
import type { Team } from '../test/isolation';

/**
 * Input the database cannot store (U+0000, lone surrogates) or a URL that does not decode is the
 * caller's mistake: a 400 in the app's error shape that changes nothing, never a 500.
 */

let s: TestServices;
let owner: Team;
let webDist: string;

beforeAll(async () => {
  s = await startTestServices();
  owner = await ownerWithTeam(s, 'bad-input-owner@example.com');
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Leadloom</title>');
});
afterAll(async () => {
  await s.cleanup();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function contactCount() {
  const r = await s.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM contact WHERE team_uid = ${owner.teamUID}`,
  );
  return Number(r.rows[0]!.n);
}

async function expect400(res: Response | { status: number; body: unknown }) {
  const body = res instanceof Response ? await res.json() : res.body;
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body).toMatchObject({
    error: { status: 'invalid-argument', message: expect.any(String) },
  });
  return body as { error: { message: string; field?: string } };
}

const post = (body: string, contentType = 'application/json') => ({
  method: 'POST',
  body,
  headers: { 'content-type': contentType },
});

describe(`bad input is a 400 that changes nothing (${ENGINE})`, () => {
  it('a %00 path parameter, unauthenticated: GET /api/invitations/%00', async () => {
    const body = await expect400(await createApp(s).request('/api/invitations/%00'));
    expect(body.error.message).toMatch(/path/i);
  });

  it('a %00 path parameter on a team route', async () => {
    await expect400(await owner.client.api(`/api/teams/${owner.teamUID}/contacts/%00`));
    await expect400(
      await owner.client.api(`/api/teams/${owner.teamUID}/contacts/%00`, { method: 'DELETE' }),
    );
  });

  it('broken percent-encoding in a page path: GET /%', async () => {
    const app = createApp(s, { webDist });
    await expect400(await app.request('/%'));
    await expect400(await app.request('/contacts/%zz'));
    await expect400(await app.request('/%ED%A0%80'));
    // A well-formed path still gets the web app.
    expect((await app.request('/contacts/%C3%A9')).status).toBe(200);
  });

  it('a NUL or a broken escape in the query string', async () => {
    const tasks = `/api/teams/${owner.teamUID}/tasks`;
    await expect400(await owner.client.api(`${tasks}?assignee=%00`));
    await expect400(await owner.client.api(`${tasks}?assignee=%`));
    expect((await owner.client.api(`${tasks}?assignee=me`)).status).toBe(200);
  });

  it('a NUL in a contact name: 400 naming the field, nothing stored', async () => {
    const before = await contactCount();
    const res = await owner.client.api(`/api/teams/${owner.teamUID}/contacts`, {
      method: 'POST',
      body: JSON.stringify({ fullName: 'Ada\u0000Lovelace' }),
    });
    const body = await expect400(res);
    expect(body.error.field).toBe('fullName');
    expect(await contactCount()).toBe(before);
  });

  it('a NUL in JSON sent as text/plain (routes read JSON whatever the type)', async () => {
    const before = await contactCount();
    await expect400(
      await owner.client.api(`/api/teams/${owner.teamUID}/contacts`, {
        method: 'POST',
        body: JSON.stringify({ fullName: 'Ada\u0000' }),
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expect(await contactCount()).toBe(before);
  });

  it('a lone surrogate in JSON (a key or a value, at any depth): 400, nothing stored', async () => {
    const before = await contactCount();
    const contacts = `/api/teams/${owner.teamUID}/contacts`;
    // JSON.stringify writes a lone surrogate as the escape \ud800, as an attacker would.
    const value = await expect400(
      await owner.client.api(contacts, {
        method: 'POST',
        body: JSON.stringify({ fullName: 'x', profiles: { facebook: 'a\ud800b' } }),
      }),
    );
    expect(value.error.field).toBe('profiles.facebook');
    await expect400(
      await owner.client.api(contacts, {
        method: 'POST',
        body: JSON.stringify({ fullName: 'x', profiles: { ['\udc00']: 'https://x.example' } }),
      }),
    );
    expect(await contactCount()).toBe(before);
    // A well-formed pair (an emoji) is fine.
    const ok = await owner.client.api(contacts, {
      method: 'POST',
      body: JSON.stringify({ fullName: 'Ada \ud83d\ude00' }),
    });
    expect(ok.status).toBe(201);
  });

  it('JSON nested deeper than 64 levels: 400 before a handler walks it', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const body = await expect400(
      await owner.client.api(`/api/teams/${owner.teamUID}/contacts`, {
        method: 'POST',
        body: deep,
      }),
    );
    expect(body.error.message).toMatch(/nested/);
  });

  it('a NUL in the sign-in e-mail (JSON and form)', async () => {
    const app = createApp(s);
    await expect400(
      await app.request(
        '/api/auth/sign-in/email',
        post(JSON.stringify({ email: 'bad-input-owner@example.com\u0000', password: PASSWORD })),
      ),
    );
    await expect400(
      await app.request(
        '/api/auth/sign-in/email',
        post(`email=a%00%40example.com&password=${PASSWORD}`, 'application/x-www-form-urlencoded'),
      ),
    );
  });

  it('a 1 MB e-mail to request-password-reset (413: over the body limit), a 100 kB one (400)', async () => {
    const app = createApp(s);
    const huge = `${'a'.repeat(1024 * 1024)}@example.com`;
    const tooLarge = await app.request(
      '/api/auth/request-password-reset',
      post(JSON.stringify({ email: huge })),
    );
    expect(tooLarge.status).toBe(413);
    const email = `${'a'.repeat(100 * 1024)}@example.com`;
    const body = await expect400(
      await app.request('/api/auth/request-password-reset', post(JSON.stringify({ email }))),
    );
    expect(body.error.field).toBe('email');
    const throttled = await s.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM auth_throttle WHERE length(key) > 1000`,
    );
    expect(Number(throttled.rows[0]!.n)).toBe(0);
  });

  it('a control character in a header the app reads', async () => {
    await expect400(
      await owner.client.api(`/api/teams/${owner.teamUID}/contacts`, {
        method: 'POST',
        body: JSON.stringify({ fullName: 'Header' }),
        headers: { 'x-change-id': 'a\u0001b' },
      }),
    );
  });

  it('safety net: a NUL or lone surrogate the database refuses is a 400, not a 500', async () => {
    const app = new Hono<AppEnv>();
    app.onError((error, c) => respondError(c, error));
    app.get('/text', async (c) =>
      c.json(await s.database.db.execute(sql`SELECT ${'a\u0000'}::text`)),
    );
    app.get('/jsonb', async (c) =>
      c.json(await s.database.db.execute(sql`SELECT ${'"\\ud800"'}::jsonb`)),
    );
    app.get('/jsonb-nul', async (c) =>
      c.json(await s.database.db.execute(sql`SELECT ${'"\\u0000"'}::jsonb`)),
    );
    for (const path of ['/text', '/jsonb', '/jsonb-nul']) {
      const body = await expect400(await app.request(path));
      expect(body.error.message).toMatch(/cannot be stored/);
    }
  });
});
