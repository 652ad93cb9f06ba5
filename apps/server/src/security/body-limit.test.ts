import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app';
import { DEFAULT_BODY_LIMIT } from '../http/body-limit';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';

const MB = 1024 * 1024;

/** A body streamed in 64 KB chunks with no Content-Length; counts what the server pulled. */
function streamedBody(totalBytes: number, fill = ' ') {
  const chunk = new TextEncoder().encode(fill.repeat(64 * 1024));
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

/** `{"name": "<pad>", ...}`: valid JSON of about `bytes` bytes, streamed. */
function streamedJson(prefix: string, bytes: number, suffix: string) {
  const enc = new TextEncoder();
  const parts = [enc.encode(prefix)];
  const pad = enc.encode('x'.repeat(64 * 1024));
  for (let n = 0; n < bytes; n += pad.length) parts.push(pad);
  parts.push(enc.encode(suffix));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

describe(`request body limits, in process (${ENGINE})`, () => {
  let s: TestServices;
  let app: ReturnType<typeof createApp>;
  let owner: TestClient;
  let teamUID: string;

  beforeAll(async () => {
    s = await startTestServices();
    app = createApp(s);
    owner = new TestClient(app);
    const res = await owner.raw('/api/signup', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Olga Owner',
        email: 'olga@example.com',
        password: 'olga-password',
        teamName: 'Olga Co',
      }),
    });
    expect(res.status).toBe(201);
    teamUID = ((await res.json()) as { teamUID: string }).teamUID;
    await owner.signIn('olga@example.com', 'olga-password');
  });
  afterAll(() => s?.cleanup());

  const post = (
    path: string,
    body: string | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    app.request(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);

  it('answers 413 from Content-Length alone, without reading the body', async () => {
    const { stream, pulled } = streamedBody(300 * MB);
    const res = await post('/api/signup', stream, { 'content-length': String(300 * MB) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: {
        status: 'invalid-argument',
        message: 'The request body is too large: at most 1 MB here.',
      },
    });
    // A ReadableStream may pull one chunk ahead of any reader; nothing more was read.
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it('answers 413 for a streamed body without Content-Length once it passes the limit', async () => {
    const { stream, pulled } = streamedBody(300 * MB);
    const res = await post('/api/signup', stream);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /too large/,
    );
    expect(pulled.bytes).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    expect(pulled.bytes).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT + 2 * 64 * 1024);
  });

  it('refuses an oversized sign-in before the throttle parses it', async () => {
    const res = await post(
      '/api/auth/sign-in/email',
      streamedJson('{"email":"olga@example.com","password":"', 2 * MB, '"}'),
    );
    expect(res.status).toBe(413);
  });

  it('hands bodies within the limit to the handlers, streamed or not', async () => {
    const streamed = await post(
      '/api/signup',
      streamedJson(
        '{"email":"streamed@example.com","password":"streamed-pw","teamName":"S","name":"',
        DEFAULT_BODY_LIMIT / 2,
        '"}',
      ),
    );
    // The name is far over its 200 characters: the handler read and validated the whole body.
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toMatchObject({ error: { field: 'name' } });

    const ok = await post(
      '/api/signup',
      JSON.stringify({
        name: 'Sven',
        email: 'sven@example.com',
        password: 'sven-password',
        teamName: 'Sven Co',
      }),
    );
    expect(ok.status).toBe(201);
    const signIn = await post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: 'sven@example.com', password: 'sven-password' }),
    );
    expect(signIn.status).toBe(200);
  });

  it('takes a bulk action of 50,000 contacts (over the default limit), streamed or not', async () => {
    const GTIDs = Array.from(
      { length: 50_000 },
      (_, i) => `some-long-contact-id-${i}-${'x'.repeat(20)}`,
    );
    const body = JSON.stringify({ action: 'no-such-action', GTIDs });
    expect(body.length).toBeGreaterThan(2 * DEFAULT_BODY_LIMIT);
    const path = `/api/teams/${teamUID}/bulk-jobs`;
    const headers = { authorization: `Bearer ${owner.token}` };
    // Parsed and validated (the action is wrong), not refused for its size.
    const whole = await post(path, body, headers);
    expect(whole.status).toBe(400);
    expect(await whole.json()).toMatchObject({ error: { field: 'action' } });
    const bytes = new TextEncoder().encode(body);
    const streamed = await post(
      path,
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024)
            controller.enqueue(bytes.subarray(i, i + 64 * 1024));
          controller.close();
        },
      }),
      headers,
    );
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toMatchObject({ error: { field: 'action' } });

    const tooBig = await post(path, 'x'.repeat(17 * MB), headers);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe(
      'The request body is too large: at most 16 MB here.',
    );
  });
});
