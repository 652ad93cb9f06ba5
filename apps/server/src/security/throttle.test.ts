import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'right-password';

let s: TestServices;
let app: ReturnType<typeof createApp>;

/** Behind a trusted proxy, so each test picks its client's address with X-Forwarded-For. */
beforeAll(async () => {
  s = await startTestServices({ TRUST_PROXY: 'true' });
  app = createApp(s);
  for (const email of ['owner@example.com', 'formed@example.com', 'burst@example.com']) {
    await s.auth.api.signUpEmail({ body: { name: email, email, password: PASSWORD } });
  }
});
afterAll(() => s?.cleanup());

function signIn(
  email: string,
  password: string,
  from: string,
  encode: 'json' | 'form' | 'multipart' | 'text' = 'json',
) {
  const headers = new Headers({ origin: ORIGIN, 'x-forwarded-for': from });
  let body: string | FormData | URLSearchParams;
  if (encode === 'json' || encode === 'text') {
    body = JSON.stringify({ email, password });
    headers.set('content-type', encode === 'json' ? 'application/json' : 'text/plain');
  } else if (encode === 'form') {
    body = new URLSearchParams({ email, password });
  } else {
    body = new FormData();
    body.set('email', email);
    body.set('password', password);
  }
  return app.request('/api/auth/sign-in/email', { method: 'POST', headers, body });
}

const retryAfter = (res: Response) => Number(res.headers.get('retry-after'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`sign-in throttling by account and address (${ENGINE})`, () => {
  it('refuses form, multipart and text bodies, so no encoding escapes the count', async () => {
    for (let i = 0; i < 10; i++)
      expect((await signIn('formed@example.com', `wrong-${i}`, '192.0.2.10')).status).toBe(401);
    expect((await signIn('formed@example.com', PASSWORD, '192.0.2.10')).status).toBe(429);
    for (const encode of ['form', 'multipart', 'text'] as const) {
      const res = await signIn('formed@example.com', PASSWORD, '192.0.2.10', encode);
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: {
          status: 'invalid-argument',
          message: 'Send the request body as JSON (Content-Type: application/json).',
        },
      });
    }
    // Every auth endpoint, not only sign-in.
    const reset = await app.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: new URLSearchParams({ email: 'formed@example.com' }),
    });
    expect(reset.status).toBe(415);
  }, 60_000);

  it('counts a burst of parallel guesses: one address gets 10 against one account', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => signIn('burst@example.com', `wrong-${i}`, '192.0.2.20')),
    ).then((answers) => answers.map((r) => r.status));
    expect(statuses.filter((st) => st === 401)).toHaveLength(10);
    expect(statuses.filter((st) => st === 429)).toHaveLength(15);
  }, 60_000);

  it('does not let a stranger lock the owner out, and slows guessing across addresses', async () => {
    const home = '198.51.100.1';
    expect((await signIn('owner@example.com', PASSWORD, home)).status).toBe(200);

    // A guesser at one address: 10 tries, then that address is refused for this account.
    for (let i = 0; i < 10; i++)
      expect((await signIn('owner@example.com', `guess-${i}`, '203.0.113.1')).status).toBe(401);
    const pairRefused = await signIn('owner@example.com', 'guess-x', '203.0.113.1');
    expect(pairRefused.status).toBe(429);
    expect(retryAfter(pairRefused)).toBeGreaterThan(800);

    // The owner at home signs in at once, even with the account under attack.
    expect((await signIn('owner@example.com', PASSWORD, home)).status).toBe(200);

    // From anywhere else the account takes one try per wait, and the wait doubles with each
    // try past the 10th: 1 s after it, 2 s after the 11th, 4 s after the 12th, 8 s...
    let address = 0;
    const elsewhere = () => `203.0.113.${100 + address++}`;
    await sleep(1100);
    expect((await signIn('owner@example.com', 'guess', elsewhere())).status).toBe(401);
    await sleep(2100);
    for (const wait of [4, 8]) {
      expect((await signIn('owner@example.com', 'guess', elsewhere())).status).toBe(401);
      const early = await signIn('owner@example.com', 'guess', elsewhere());
      expect(early.status).toBe(429);
      // The wait started when the try was taken, before its password check.
      expect(retryAfter(early)).toBeGreaterThan(wait / 2);
      expect(retryAfter(early)).toBeLessThanOrEqual(wait);
      expect(((await early.json()) as { message: string }).message).toBe(
        `Too many sign-in attempts. Try again in ${retryAfter(early)} seconds.`,
      );
      await sleep(retryAfter(early) * 1000 + 100);
    }

    // The owner on a new network waits seconds, not a lock-out; the refused try counted nothing.
    expect((await signIn('owner@example.com', 'guess', elsewhere())).status).toBe(401);
    const travel = '198.51.100.2';
    const waiting = await signIn('owner@example.com', PASSWORD, travel);
    expect(waiting.status).toBe(429);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(16);
    await sleep(retryAfter(waiting) * 1000 + 100);
    expect((await signIn('owner@example.com', PASSWORD, travel)).status).toBe(200);
  }, 90_000);

  it('throttles in-process requests with no socket like any address', async () => {
    const local = (password: string) =>
      app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await local(`x-${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  }, 60_000);
});

describe(`throttle keys from what the client sends (${ENGINE})`, () => {
  it('answers 4xx, not 500, for an e-mail or a forwarded address too long to be one', async () => {
    // Random, so that PostgreSQL cannot compress it into an index entry.
    const huge = `${randomBytes(75_000).toString('base64url')}@example.com`;
    const statuses: number[] = [];
    for (const path of ['/api/auth/sign-in/email', '/api/auth/request-password-reset']) {
      const res = await app.request(path, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': randomBytes(6000).toString('base64url'),
        },
        body: JSON.stringify({ email: huge, password: 'x', redirectTo: '/password-reset' }),
      });
      statuses.push(res.status);
    }
    // Too long to be an e-mail: refused in front of better-auth, nothing keyed.
    expect(statuses).toEqual([400, 400]);
  });
});

describe(`sign-up throttling (${ENGINE})`, () => {
  const signUp = (path: '/api/signup', from: string) =>
    app.request(path, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': from },
      // Off the schema: answered at once, but counted like any sign-up.
      body: JSON.stringify({ name: 'x' }),
    });

  it('takes 10 sign-ups an hour from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signUp('/api/signup', '192.0.2.50')).status);
    expect(statuses.every((st) => st === 400)).toBe(true);

    const refused = await signUp('/api/signup', '192.0.2.50');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: {
        status: 'resource-exhausted',
        message: 'Too many sign-ups. Try again in 60 minutes.',
      },
    });
    // Another address is not affected.
    expect((await signUp('/api/signup', '192.0.2.51')).status).toBe(400);
  });

  it('a real sign-up counts too', async () => {
    const post = (i: number) =>
      app.request('/api/signup', {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': '192.0.2.60',
        },
        body: JSON.stringify({
          name: 'Nia',
          email: `nia-${i}@example.com`,
          password: 'nia-password',
          teamName: 'Nia Co',
        }),
      });
    for (let i = 0; i < 10; i++) expect((await post(i)).status).toBe(201);
    expect((await post(10)).status).toBe(429);
  }, 60_000);
});

describe(`LEADLOOM_TEST_THROTTLE_FACTOR (${ENGINE})`, () => {
  let raised: TestServices;
  beforeAll(async () => {
    raised = await startTestServices({ LEADLOOM_TEST_THROTTLE_FACTOR: '2' });
  });
  afterAll(() => raised?.cleanup());

  it('raises the limits for test suites that sign up many times from one address', async () => {
    const raisedApp = createApp(raised);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await raisedApp.request('/api/signup', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
  });
});
