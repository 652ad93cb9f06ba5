import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';

/**
 * The equal-work rule: an unknown e-mail must answer exactly like a wrong password and cost the
 * same (one password hash), so neither the answer nor its timing tells whether an account
 * exists. A correctness test, not a performance target.
 */
let s: TestServices;
let client: TestClient;
const ACCOUNTS = ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com'];
const SAMPLES = 20;

beforeAll(async () => {
  s = await startTestServices();
  client = new TestClient(createApp(s));
  for (const email of ACCOUNTS) {
    await s.auth.api.signUpEmail({ body: { name: email, email, password: 'right-password' } });
  }
});
afterAll(() => s.cleanup());

async function attempt(email: string) {
  const started = performance.now();
  const res = await client.raw('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
  const ms = performance.now() - started;
  return { status: res.status, body: await res.text(), ms };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return (sorted[Math.floor(mid - 0.5)]! + sorted[Math.ceil(mid - 0.5)]!) / 2;
};

describe(`unknown e-mail vs wrong password (${ENGINE})`, () => {
  it('gives the same answer in about the same time', async () => {
    // Warm-up (JIT, first key lookups); stays well under the 50-per-address throttle.
    await attempt('warm-up@example.com');
    await attempt(ACCOUNTS[0]!);
    const unknown: Awaited<ReturnType<typeof attempt>>[] = [];
    const wrong: Awaited<ReturnType<typeof attempt>>[] = [];
    // Interleaved, so drift in machine load hits both sides alike. Each account sees 5 failures
    // (under the 10-per-account throttle).
    for (let i = 0; i < SAMPLES; i++) {
      unknown.push(await attempt(`nobody-${i}@example.com`));
      wrong.push(await attempt(ACCOUNTS[i % ACCOUNTS.length]!));
    }
    const answers = new Set([...unknown, ...wrong].map((r) => `${r.status} ${r.body}`));
    expect([...answers]).toEqual([
      '401 {"message":"Invalid email or password","code":"INVALID_EMAIL_OR_PASSWORD"}',
    ]);
    const a = median(unknown.map((r) => r.ms));
    const b = median(wrong.map((r) => r.ms));
    const gap = Math.abs(a - b) / Math.max(a, b);
    expect(gap, `medians ${a.toFixed(1)} / ${b.toFixed(1)} ms`).toBeLessThanOrEqual(0.2);
  });
});
