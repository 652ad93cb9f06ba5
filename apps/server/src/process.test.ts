import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The server as a person starts it: a real process on a real port and data folder.
const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const main = path.join(serverDir, 'src/main.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const running = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => stdout.includes('Leadloom is running') && resolve());
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  // Only some callers wait for `running`; an expected early exit must not be an unhandled rejection.
  running.catch(() => {});
  return { child, exited, running, out: () => stdout, err: () => stderr };
}

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-proc-'));
  dirs.push(dir);
  return dir;
}

const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// Real processes start a database and migrate: give them room on a loaded 2-core machine.
const PROCESS_TIMEOUT = 120_000;

describe('the server process', () => {
  it(
    'refuses a second process on a data folder in use with one line, and keeps the first one serving',
    async () => {
      const dataDir = tempDir();
      const port = freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port) });
      await first.running;
      expect(first.out()).toContain('Demo sign-in: demo@leadloom.dev / leadloom-demo');

      const second = start({ DATA_DIR: dataDir, PORT: String(port + 1) });
      expect(await second.exited).toBe(1);
      const lines = second.err().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/data folder .* is in use by another Leadloom process/);

      // `npm start` checks before it builds anything.
      const preflight = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(serverDir, 'src/preflight.ts')],
        {
          cwd: serverDir,
          env: { ...process.env, DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let preflightErr = '';
      preflight.stderr.on('data', (d: Buffer) => (preflightErr += d.toString()));
      expect(await new Promise((resolve) => preflight.on('exit', resolve))).toBe(1);
      expect(preflightErr.trim().split('\n')).toEqual([
        expect.stringMatching(/is in use by another Leadloom process/),
      ]);

      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toMatchObject({ ok: true, database: 'embedded' });

      // Data survives a restart: stop, start again, sign in as the demo user.
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const again = start({ DATA_DIR: dataDir, PORT: String(port + 2) });
      await again.running;
      const signIn = await fetch(`http://127.0.0.1:${port + 2}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port + 2}` },
        body: JSON.stringify({ email: 'demo@leadloom.dev', password: 'leadloom-demo' }),
      });
      expect(signIn.status).toBe(200);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
      // Three real starts on embedded PGlite (each 10+ s under tsx): more than the 30 s default.
    },
    PROCESS_TIMEOUT,
  );

  it(
    'exits with one line naming the database when PostgreSQL cannot be reached',
    async () => {
      const p = start({ DATABASE_URL: 'postgres://127.0.0.1:1/x', PORT: String(freePort()) });
      expect(await p.exited).not.toBe(0);
      const lines = p.err().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('127.0.0.1:1/x');
    },
    PROCESS_TIMEOUT,
  );

  it(
    'exits with one line naming a bad setting',
    async () => {
      const p = start({ PORT: 'eighty', DATA_DIR: tempDir() });
      expect(await p.exited).toBe(1);
      expect(p.err().trim()).toMatch(/^leadloom: Invalid PORT="eighty"/);
    },
    PROCESS_TIMEOUT,
  );
});
