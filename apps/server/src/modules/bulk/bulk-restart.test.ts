import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { realClock } from '../../clock';
import { openDatabase } from '../../db/database';
import { DEMO_USER } from '../../seed/demo-data';

/**
 * Issue 7's done-when: "Killing the server in the middle of a bulk job and starting it again:
 * the job finishes, every contact moved exactly once (one activity each)". The server runs as
 * a person starts it (a real process on a real port), on an embedded data folder, or on a
 * fresh database of TEST_DATABASE_URL's PostgreSQL when that is set; it is killed with SIGKILL
 * (no shutdown of any kind) while the job is half done.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
const PG_URL = process.env.TEST_DATABASE_URL;
const ENGINE = PG_URL ? 'postgresql' : 'pglite';
let dropDatabase: (() => Promise<void>) | null = null;

/** Contacts the job moves: half of the seeded demo contacts ("stage heavy"), several batches. */
const SEEDED = 6_000;
const MOVED = SEEDED / 2;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await dropDatabase?.();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverDir, script), ...args],
    {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => out.includes('Leadloom is running') && resolve());
    void exited.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  running.catch(() => {});
  return { child, exited, running, out: () => out };
}

/** Signs in as the demo user against a running server and calls its API with the token. */
async function signIn(base: string) {
  const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  if (signedIn.status !== 200) {
    throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  }
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const tokenRes = await fetch(`${base}/api/auth/token`, { headers: { cookie, origin: base } });
  const { token } = (await tokenRes.json()) as { token: string };
  return token;
}

function client(base: () => string, token: string) {
  return async <T>(p: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base()}${p}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
}

interface Job {
  state: string;
  total: number;
  done: number;
  failed: number;
}

describe(`a bulk job across a killed server (${ENGINE})`, () => {
  it('finishes after SIGKILL and a new start, every contact moved exactly once with one activity', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-bulk-restart-'));
    dirs.push(dataDir);
    let where: Record<string, string> = { DATA_DIR: dataDir };
    if (PG_URL) {
      const name = `bulk_restart_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      where = { DATABASE_URL: url.toString() };
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
    }

    const seed = run('src/demo.ts', ['--contacts', String(SEEDED), '--stage-heavy'], where);
    expect(await seed.exited, seed.out()).toBe(0);

    let port = await freePort();
    const base = () => `http://localhost:${port}`;
    const start = () =>
      run('src/main.ts', [], { ...where, PORT: String(port), PUBLIC_URL: base() });
    let server = start();
    await server.running;
    let api = client(base, await signIn(base()));

    const me = await api<{ teams: { teamUID: string }[] }>('/api/me');
    const teamUID = me.body.teams[0]!.teamUID;
    const { pipelines } = (
      await api<{ pipelines: { groupUID: string; isDefault: boolean }[] }>(
        `/api/teams/${teamUID}/pipelines`,
      )
    ).body;
    const pipelineUID = pipelines.find((p) => p.isDefault)!.groupUID;
    const { stages } = (
      await api<{ stages: { stageUID: string; name: string; count: number }[] }>(
        `/api/teams/${teamUID}/pipelines/${pipelineUID}`,
      )
    ).body;
    const from = stages.find((st) => st.name === 'New Lead')!;
    const to = stages.find((st) => st.name === 'Contacted')!;
    expect(from.count).toBe(MOVED);

    const created = await api<{ jobUID: string; total: number }>(
      `/api/teams/${teamUID}/bulk-jobs`,
      {
        method: 'POST',
        body: {
          action: { type: 'stage', pipelineUID, stageUID: to.stageUID },
          filter: { pipelineUID, stageUIDs: [from.stageUID] },
        },
      },
    );
    expect(created.status).toBe(202);
    const { jobUID, total } = created.body;
    expect(total).toBe(MOVED);
    const status = async () => {
      const res = await api<{ job: Job }>(`/api/teams/${teamUID}/bulk-jobs/${jobUID}`);
      // The server's own log says why (e.g. a request starved of the embedded connection).
      if (res.status !== 200) {
        throw new Error(`job status: ${JSON.stringify(res)}\n${server.out()}`);
      }
      return res.body.job;
    };

    // Half-way: some batches committed, not all.
    let seen: Job;
    for (;;) {
      seen = await status();
      if (seen.done > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    expect(seen.done, 'the job ended before the kill').toBeLessThan(MOVED);

    // Started again (a new port: the old one may linger): the job resumes and finishes.
    port = await freePort();
    server = start();
    await server.running;
    api = client(
      base,
      await signIn(base()).catch((e: unknown) => {
        throw new Error(`${String(e)}\n${server.out()}`);
      }),
    );
    let job: Job;
    for (let i = 0; ; i++) {
      job = await status();
      if (job.state === 'done' || job.state === 'failed') break;
      if (i > 3000) throw new Error(`the job did not finish: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toMatchObject({ state: 'done', total: MOVED, done: MOVED, failed: 0 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Every contact of the job: in the target stage, with exactly one activity, one history
    // entry and one sync/trigger of that move.
    const db = await openDatabase({
      clock: realClock,
      databaseUrl: where.DATABASE_URL,
      dataDir: where.DATA_DIR,
      logger: (await import('../../logger')).createLogger('warn'),
    });
    try {
      const q = async (text: string) =>
        (await db.pool.query<{ n: string }>(text, [teamUID, jobUID, pipelineUID, to.stageUID]))
          .rows[0]!.n;
      const items = `SELECT gtid FROM bulk_job_item WHERE team_uid = $1 AND job_uid = $2`;
      expect(
        Number(
          await q(`SELECT count(*) AS n FROM bulk_job_item
        WHERE team_uid = $1 AND job_uid = $2 AND status = 'done' AND $3::text <> $4::text`),
        ),
      ).toBe(MOVED);
      expect(
        Number(
          await q(`SELECT count(*) AS n FROM contact_pipeline
        WHERE team_uid = $1 AND pipeline_uid = $3 AND stage_uid = $4
          AND gtid IN (${items})`),
        ),
      ).toBe(MOVED);
      const perContact = (table: string, cond: string) => `
        SELECT count(*) AS n FROM (
          SELECT i.gtid, (SELECT count(*) FROM ${table} x
            WHERE x.team_uid = $1 AND x.gtid = i.gtid AND ${cond}) AS k
          FROM bulk_job_item i WHERE i.team_uid = $1 AND i.job_uid = $2) t
        WHERE k = 1`;
      expect(
        Number(
          await q(
            perContact(
              'activity',
              `x.type = 'stage' AND x.action = 'changed' AND x.pipeline_uid = $3 AND x.stage_uid = $4`,
            ),
          ),
        ),
      ).toBe(MOVED);
      expect(
        Number(await q(perContact('stage_history', `x.pipeline_uid = $3 AND x.stage_uid = $4`))),
      ).toBe(MOVED);
      const triggers = await q(`SELECT count(*) AS n FROM outbox o
        WHERE o.team_uid = $1 AND o.kind = 'workflow-trigger'
          AND o.payload->>'trigger' = 'stageChanged' AND o.payload->'data'->>'to' = $4
          AND o.payload->>'GTID' IN (${items}) AND $3::text <> ''`);
      expect(Number(triggers)).toBe(MOVED);
    } finally {
      await db.close();
    }
  }, 600_000);
});
