import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The limits as a real server process on a real socket enforces them: one server (a start takes
 * long under tsx) for the memory held under oversized uploads and for loopback throttling.
 */

const MB = 1024 * 1024;
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

// Real processes start a database, migrate and seed: room for a loaded 2-core machine.
const START_TIMEOUT = 150_000;

describe('the server process', () => {
  let server: { port: number; pid: number };
  beforeAll(async () => {
    server = await startServer();
  }, START_TIMEOUT);

  it('keeps peak memory within 64 MB of idle under 8 concurrent 300 MB bodies, with and without Content-Length', async () => {
    const { port, pid } = server;
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
    const peakMb = (memoryKb(pid, 'VmHWM') - idle) / 1024;
    expect(peakMb).toBeLessThan(64);
    // The uploads stopped at the 413, not after 2.4 GB each way.
    expect(Date.now() - started).toBeLessThan(30_000);

    // The server still serves.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
  }, 60_000);

  it('throttles sign-ups from loopback like from any address (no exemption)', async () => {
    const signUp = () =>
      fetch(`http://127.0.0.1:${server.port}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUp()).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});
