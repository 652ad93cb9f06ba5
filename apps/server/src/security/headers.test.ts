import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_ID, ROUTES } from '@leadloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { EXTENSION_FRAMED_PATHS, PLATFORM_ORIGINS } from '../http/security-headers';
import { startTestServices, type TestServices } from '../test/harness';
import { ownerWithTeam } from '../test/team-fixtures';

const STORE_ID = 'abcdefghijklmnopabcdefghijklmnop';

const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
  "form-action 'self'; frame-ancestors 'none'";
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

let s: TestServices;
let app: ReturnType<typeof createApp>;
let webDist: string;
let owner: Awaited<ReturnType<typeof ownerWithTeam>>;

beforeAll(async () => {
  s = await startTestServices({ EXTENSION_IDS: STORE_ID });
  // A built web app in miniature: the static handler serves it as it serves apps/web/dist.
  webDist = mkdtempSync(join(tmpdir(), 'leadloom-headers-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Leadloom</title>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = createApp(s, { webDist });
  owner = await ownerWithTeam(s, 'headers-owner@example.com');
});
afterAll(async () => {
  await s.cleanup();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => app.request(path, init);

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  // PUBLIC_URL is http here: no HSTS.
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

function expectPage(res: Response) {
  expectBaseHeaders(res);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy')).toBe(PAGE_POLICY);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

function expectNonPage(res: Response) {
  expectBaseHeaders(res);
  expect(res.headers.get('content-security-policy')).toBe(NON_PAGE_POLICY);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers on pages and assets', () => {
  it.each(['/', '/login', '/contacts/pipeline', '/no/such/screen', '/bex/sidebar/extra'])(
    'the page %s gets the page policy and may not be framed',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expectPage(res);
    },
  );

  it('an asset gets the empty policy and nosniff', async () => {
    const js = await get('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectNonPage(js);
    const svg = await get('/favicon.svg');
    expect(svg.status).toBe(200);
    expectNonPage(svg);
  });

  it('without a built web app the 503 answer carries them too', async () => {
    const bare = createApp(s, { webDist: join(webDist, 'missing') });
    const res = await bare.request('/login');
    expect(res.status).toBe(503);
    expectNonPage(res);
  });
});

describe('security headers on API answers', () => {
  it('a signed-in answer', async () => {
    const res = await get(`/api/teams/${owner.teamUID}/pipelines`, {
      headers: { authorization: `Bearer ${owner.client.token}` },
    });
    expect(res.status).toBe(200);
    expectNonPage(res);
  });

  it('401 without a token, 404 for an unknown endpoint, 400 for a bad body', async () => {
    const unauthorized = await get(`/api/teams/${owner.teamUID}/pipelines`);
    expect(unauthorized.status).toBe(401);
    expectNonPage(unauthorized);

    const missing = await get('/api/no-such-endpoint', {
      headers: { authorization: `Bearer ${owner.client.token}` },
    });
    expect(missing.status).toBe(404);
    expectNonPage(missing);

    // A body that fails validation is thrown and answered by the app's error handler.
    const invalid = await get(`/api/teams/${owner.teamUID}/pipelines`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.client.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ nickName: 42 }),
    });
    expect(invalid.status).toBe(400);
    expectNonPage(invalid);
  });

  it("better-auth's own answers and the health checks", async () => {
    const token = await get('/api/auth/token', {
      headers: { cookie: owner.client.cookie },
    });
    expect(token.status).toBe(200);
    expectNonPage(token);
    const jwks = await get('/api/auth/jwks');
    expect(jwks.status).toBe(200);
    expectNonPage(jwks);
    const wrong = await get('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: 'headers-owner@example.com', password: 'wrong-password' }),
    });
    expect(wrong.status).toBe(401);
    expectNonPage(wrong);
    expectNonPage(await get('/healthz'));
  });

  it('a /v2 answer', async () => {
    const res = await get('/v2/no-such-function', { method: 'POST' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expectNonPage(res);
  });
});

describe("the extension's screens", () => {
  const extensionAncestors = `chrome-extension://${EXTENSION_ID} chrome-extension://${STORE_ID}`;

  it('are screens of the app', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const path of EXTENSION_FRAMED_PATHS) expect(paths).toContain(path);
  });

  it.each(['/bex/sidebar', '/bex/test', '/bex/offscreen', '/ext/popup', '/bex/sidebar/'])(
    '%s may be framed by the extension (its key id and the configured one) only',
    async (path) => {
      const res = await get(path);
      expectBaseHeaders(res);
      expect(res.headers.get('content-security-policy')).toBe(
        PAGE_POLICY.replace("frame-ancestors 'none'", `frame-ancestors ${extensionAncestors}`),
      );
      expect(res.headers.get('x-frame-options')).toBeNull();
    },
  );

  it('/bex/overlay may also be framed by the three platforms', async () => {
    const res = await get('/bex/overlay');
    expect(res.headers.get('content-security-policy')).toBe(
      PAGE_POLICY.replace(
        "frame-ancestors 'none'",
        `frame-ancestors ${extensionAncestors} ${PLATFORM_ORIGINS.join(' ')}`,
      ),
    );
    expect(PLATFORM_ORIGINS).toEqual([
      'https://www.facebook.com',
      'https://www.instagram.com',
      'https://www.linkedin.com',
    ]);
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});

describe('HSTS', () => {
  it('is sent on every answer when PUBLIC_URL is https', async () => {
    const https = createApp({
      ...s,
      config: { ...s.config, publicUrl: 'https://crm.example.com' },
    });
    for (const path of ['/api/no-such-endpoint', '/healthz']) {
      const res = await https.request(path);
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});

describe('an internal error', () => {
  // Last: it stops the database.
  it('answers 500 with the headers', async () => {
    await s.database.close();
    const res = await get(`/api/teams/${owner.teamUID}/pipelines`, {
      headers: { authorization: `Bearer ${owner.client.token}` },
    });
    expect(res.status).toBe(500);
    expectNonPage(res);
  });
});
