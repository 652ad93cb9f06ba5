import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
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

// ---------------------------------------------------------------------------------------------
// The server process under 8 concurrent 300 MB uploads: its memory must not follow the bodies.

const serverDir = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function startServer(): Promise<{ port: number; pid: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-body-limit-'));
  dirs.push(dataDir);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Leadloom is running')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { port, pid: child.pid! };
}

function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
}

/**
 * Streams up to `total` bytes of JSON-looking text to `path` (never more than one 64 KB chunk in
 * memory here), stopping the upload as soon as the answer arrives. Resolves with the status.
 */
function upload(port: number, path: string, total: number, declareLength: boolean) {
  return new Promise<number>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': String(total) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode!);
      req.destroy();
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write('{"name":"');
    let sent = 9;
    const pump = () => {
      while (!answered && sent < total) {
        const piece = Math.min(chunk.length, total - sent);
        sent += piece;
        if (!req.write(piece === chunk.length ? chunk : chunk.subarray(0, piece))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request body limits, in the server process', () => {
  it('keeps peak memory within 64 MB of idle under 8 concurrent 300 MB bodies, with and without Content-Length', async () => {
    const { port, pid } = await startServer();
    // Let start-up garbage settle, then measure the peak from here on.
    await new Promise((r) => setTimeout(r, 1000));
    const idle = memoryKb(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    expect(memoryKb(pid, 'VmHWM')).toBeLessThan(idle + 8 * 1024);

    const started = Date.now();
    for (const declareLength of [false, true]) {
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () => upload(port, '/api/signup', 300 * MB, declareLength)),
      );
      expect(statuses).toEqual(Array(8).fill(413));
    }
    const peakKb = memoryKb(pid, 'VmHWM');
    expect((peakKb - idle) / 1024).toBeLessThan(64);
    // The uploads stopped at the 413, not after 2.4 GB each way.
    expect(Date.now() - started).toBeLessThan(30_000);

    // The server still serves.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
  }, 120_000);
});
