import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type StartedServices } from '../bootstrap';
import { loadConfig } from '../config';
import { createApp } from '../http/app';
import { ENGINE, startTestServices, TEST_DATABASE_URL, type TestServices } from '../test/harness';
import { TestClient } from '../test/http-client';

/**
 * Super admins are made only on the server, by `npm run admin -- grant EMAIL`: nothing verifies
 * an e-mail address, so SUPER_ADMIN_EMAILS (which once promoted whoever signed up with a listed
 * address) promotes no one and is only warned about.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let dataDir: string;
/** On PostgreSQL: a throwaway database the command and the backends share. */
let pgHolder: TestServices | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-admin-'));
  if (TEST_DATABASE_URL) pgHolder = await startTestServices();
});
afterAll(async () => {
  await pgHolder?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const where = () =>
  pgHolder ? { DATABASE_URL: pgHolder.config.databaseUrl! } : { DATA_DIR: dataDir };

/** The backend on the shared data folder (or database); closed before the command runs. */
async function open(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const config = loadConfig({
    ...where(),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    NODE_ENV: 'test',
    ...env,
  });
  const logger = pino({ level: 'warn', base: undefined }, { write: (l: string) => lines.push(l) });
  const services: StartedServices = await startServices(config, logger, {
    dataDir: pgHolder ? undefined : dataDir,
  });
  return { services, app: createApp(services), lines };
}

/** `npm run admin -- ...args` as someone on the server runs it. */
function admin(...args: string[]) {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...where() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

async function signUp(app: ReturnType<typeof createApp>, email: string) {
  const res = await new TestClient(app).raw('/api/signup', {
    method: 'POST',
    body: JSON.stringify({ name: 'N', email, password: 'password-1', teamName: 'T' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { uid: string }).uid;
}

async function standing(app: ReturnType<typeof createApp>, email: string) {
  const client = await new TestClient(app).signIn(email, 'password-1');
  const me = await client.api('/api/me');
  const adminArea = await client.api('/api/admin/users');
  return { isSuper: me.body!.isSuper, adminArea: adminArea.status, client };
}

// Each step starts a backend or a process (a database opened and migrated) on 2 shared cores.
const SLOW = 420_000;

/** The `permissions` claim of an identity token (a JWT: its payload is the middle part). */
function tokenPermissions(token: string): string[] {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    permissions: string[];
  };
  return payload.permissions;
}

describe(`super admins (${ENGINE})`, () => {
  it(
    'SUPER_ADMIN_EMAILS promotes no one, at sign-up or at start, and is warned about',
    async () => {
      const first = await open();
      const preUID = await signUp(first.app, 'pre@example.com');
      await first.services.close();

      const listed = await open({ SUPER_ADMIN_EMAILS: 'pre@example.com,Boss@Example.com' });
      try {
        expect(listed.lines.join('')).toContain(
          'SUPER_ADMIN_EMAILS is set but ignored: make a super admin with `npm run admin -- grant EMAIL`',
        );
        await signUp(listed.app, 'boss@example.com');
        for (const email of ['pre@example.com', 'boss@example.com']) {
          const s = await standing(listed.app, email);
          expect({ email, isSuper: s.isSuper, adminArea: s.adminArea }).toEqual({
            email,
            isSuper: false,
            adminArea: 404,
          });
          expect(tokenPermissions(s.client.token)).toEqual([]);
        }
        expect(preUID).toBeTruthy();
      } finally {
        await listed.services.close();
      }
      const unset = await open();
      expect(unset.lines.join('')).not.toContain('SUPER_ADMIN_EMAILS');
      await unset.services.close();
    },
    SLOW,
  );

  it(
    '`npm run admin -- grant/revoke EMAIL` makes and unmakes one, on the server only',
    async () => {
      const granted = await admin('grant', 'BOSS@example.com');
      expect(granted).toMatchObject({ code: 0, stderr: '' });
      expect(granted.stdout).toMatch(/^boss@example\.com is now a super admin \(.+\)\.\n$/);
      expect(await admin('grant', 'boss@example.com')).toMatchObject({
        code: 0,
        stdout: 'boss@example.com is already a super admin; nothing changed.\n',
      });

      const unknown = await admin('grant', 'ghost@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toBe(
        'leadloom admin: no account has the e-mail ghost@example.com; nothing changed. They sign up first, then run this again.\n',
      );
      // Refused before any database is opened, so these run side by side.
      const usage = await Promise.all(
        [[], ['promote', 'x@example.com'], ['grant', 'not-an-email']].map((args) => admin(...args)),
      );
      for (const bad of usage) {
        expect(bad.code).toBe(2);
        expect(bad.stderr).toMatch(
          /^leadloom admin: .*usage: npm run admin -- grant EMAIL \| npm run admin -- revoke EMAIL\n$/,
        );
      }

      const after = await open();
      try {
        const boss = await standing(after.app, 'boss@example.com');
        expect({ isSuper: boss.isSuper, adminArea: boss.adminArea }).toEqual({
          isSuper: true,
          adminArea: 200,
        });
        // The identity token a granted super admin signs in with says so too.
        expect(tokenPermissions(boss.client.token)).toEqual(['super']);
        expect((await standing(after.app, 'pre@example.com')).isSuper).toBe(false);
        // A super admin still grants others from the admin screen.
        const users = (await boss.client.api('/api/admin/users?q=pre')).body!.users as {
          uid: string;
        }[];
        const grant = await boss.client.api(`/api/admin/users/${users[0]!.uid}/super`, {
          method: 'POST',
          body: JSON.stringify({ super: true }),
        });
        expect(grant.status).toBe(200);
        expect((await standing(after.app, 'pre@example.com')).isSuper).toBe(true);
      } finally {
        await after.services.close();
      }

      const revoked = await admin('revoke', 'boss@example.com');
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(/^boss@example\.com is no longer a super admin \(.+\)\.\n$/);
      const last = await open();
      try {
        expect((await standing(last.app, 'boss@example.com')).isSuper).toBe(false);
        expect((await standing(last.app, 'pre@example.com')).isSuper).toBe(true);
      } finally {
        await last.services.close();
      }
    },
    SLOW,
  );
});
