import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type StartedServices } from '../bootstrap';
import { loadConfig } from '../config';
import { createApp } from '../http/app';
import { createLogger } from '../logger';
import { ENGINE, TEST_DATABASE_URL } from '../test/harness';
import { TestClient } from '../test/http-client';
import { clientIp, tooManyMessage } from './throttle';

/**
 * A backend whose data outlives it, to restart on the same data: a temp data folder on PGlite,
 * or a throwaway database on TEST_DATABASE_URL's server.
 */
async function persistentBackend() {
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  let drop: () => Promise<void>;
  if (TEST_DATABASE_URL) {
    const name = `leadloom_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-throttle-'));
    drop = async () => fs.rmSync(dataDir!, { recursive: true, force: true });
  }
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    NODE_ENV: 'test',
  });
  return {
    start: () => startServices(config, createLogger('silent'), { dataDir }),
    drop,
  };
}

let backend: Awaited<ReturnType<typeof persistentBackend>>;
let s: StartedServices;
let client: TestClient;

const signIn = (email: string, password: string) =>
  client.raw('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });

async function addUser(email: string) {
  await s.auth.api.signUpEmail({ body: { name: email, email, password: 'right-password' } });
}

beforeAll(async () => {
  backend = await persistentBackend();
  s = await backend.start();
  client = new TestClient(createApp(s));
  for (const email of ['victim@example.com', 'bystander@example.com', 'forgiven@example.com']) {
    await addUser(email);
  }
});
afterAll(async () => {
  await s?.close();
  await backend?.drop();
});

describe(`sign-in and reset throttling (${ENGINE})`, () => {
  it('answers 429 after 10 wrong passwords for one account from one address, for the next 10 as well', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 20; i++) {
      last = await signIn('victim@example.com', `wrong-${i}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    expect(((await last!.json()) as { message: string }).message).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(800);
    // Now even the right password waits: the guesser cannot tell it was right.
    expect((await signIn('victim@example.com', 'right-password')).status).toBe(429);
  }, 90_000);

  it('keeps other accounts from the same address signing in', async () => {
    expect((await signIn('bystander@example.com', 'right-password')).status).toBe(200);
  });

  // 19 password checks (scrypt, deliberately slow): a loaded CI machine needs more than 30 s.
  it('forgives earlier failures after a successful sign-in', async () => {
    for (let i = 0; i < 9; i++)
      expect((await signIn('forgiven@example.com', 'x')).status).toBe(401);
    expect((await signIn('forgiven@example.com', 'right-password')).status).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await signIn('forgiven@example.com', 'x')).status).toBe(401);
  }, 90_000);

  it('still throttles after a restart on the same data', async () => {
    await s.close();
    s = await backend.start();
    client = new TestClient(createApp(s));
    const res = await signIn('victim@example.com', 'right-password');
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Too many sign-in attempts\. Try again in 1[45] minutes\.$/,
    );
  });

  it('limits reset requests per account', async () => {
    const request = () =>
      client.raw('/api/auth/request-password-reset', {
        method: 'POST',
        body: JSON.stringify({ email: 'bystander@example.com', redirectTo: '/password-reset' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await request()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const body = (await (await request()).json()) as { message: string };
    expect(body.message).toBe('Too many password reset requests. Try again in 15 minutes.');
  });
});

describe('client address', () => {
  const probe = (trustProxy: boolean) => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientIp(c, trustProxy)));
    return app;
  };
  const forwarded = { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } };

  it('ignores X-Forwarded-For unless the proxy is trusted, then takes the entry the proxy added', async () => {
    expect(await (await probe(false).request('/', forwarded)).text()).toBe('local');
    // The client sent "203.0.113.7"; the proxy appended the address it saw.
    expect(await (await probe(true).request('/', forwarded)).text()).toBe('10.0.0.1');
    expect(await (await probe(true).request('/')).text()).toBe('local');
  });

  it('says how long to wait in seconds under a minute, else in whole minutes', () => {
    expect(tooManyMessage('sign-in attempts', 1)).toBe(
      'Too many sign-in attempts. Try again in 1 second.',
    );
    expect(tooManyMessage('sign-in attempts', 30)).toBe(
      'Too many sign-in attempts. Try again in 30 seconds.',
    );
    expect(tooManyMessage('sign-in attempts', 60)).toBe(
      'Too many sign-in attempts. Try again in 1 minute.',
    );
    expect(tooManyMessage('sign-in attempts', 61)).toBe(
      'Too many sign-in attempts. Try again in 2 minutes.',
    );
  });
});
