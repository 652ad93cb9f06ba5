/**
 * The production server as benchmarks use it: a seeded demo team on a fresh embedded data folder
 * (or on BENCH_DATABASE_URL, an empty PostgreSQL database), signed in as the demo user.
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * BENCH_DATA_DIR=<folder> uses and keeps that data folder instead of a fresh one: seeding is
 * skipped when the demo team is already there, so a benchmark can be re-run without seeding
 * 40,000 contacts again. With BENCH_DATABASE_URL keep the folder too: it holds the auth secret
 * the database's signing keys are encrypted with.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_CPU_PROF=DIR writes a V8 CPU profile of the server to DIR (for finding hot paths).
  const prof = process.env.BENCH_CPU_PROF;
  const args = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
  const child = spawn(process.execPath, [...args, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Leadloom is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return child;
}

export interface BenchServer {
  base: string;
  engine: string;
  /** True on PostgreSQL (BENCH_DATABASE_URL), false on embedded PGlite. */
  postgres: boolean;
  teamUID: string;
  /** Headers with a fresh identity token (valid 15 minutes: plenty for one benchmark). */
  headers: Record<string, string>;
  json<T>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }>;
  /**
   * CPU time the server process has used so far (user + system, ms; Linux /proc), NaN where it
   * cannot be read. Per operation it depends far less on the machine's load than latency does.
   */
  cpuMs(): number;
  /** The server process's id (for per-thread CPU under /proc). */
  pid: number;
  stop(): Promise<void>;
}

function processCpuMs(pid: number | undefined): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100
  } catch {
    return NaN;
  }
}

/** Seeds the demo team with `contacts` contacts, starts the server and signs in. */
export async function startBenchServer(opts: {
  contacts: number;
  stageHeavy?: boolean;
  /** Also copy the demo team into the issue 7 dataset of 1,000,000 contacts (`demo --million`). */
  million?: boolean;
  /** Also add the tasks benchmark's teammates and this many open tasks (`demo --tasks`). */
  tasks?: number;
  /** A script (and its arguments) run with the server's environment after the seed, before start. */
  prepare?: string[];
}): Promise<BenchServer> {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('Run `npm run build` first: benchmarks measure the production build.');
  }
  const dbUrl = process.env.BENCH_DATABASE_URL;
  const keptDir = process.env.BENCH_DATA_DIR;
  if (keptDir) fs.mkdirSync(keptDir, { recursive: true });
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://localhost:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  };
  const engine = dbUrl ? 'PostgreSQL' : 'embedded PGlite';
  process.stdout.write(
    `Seeding ${opts.contacts} contacts${opts.tasks ? ` and ${opts.tasks} open tasks` : ''}${opts.million ? ' (then 1,000,000 in all)' : ''} on ${engine}...\n`,
  );
  const seedStarted = performance.now();
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/demo.ts',
      '--contacts',
      String(opts.contacts),
      ...(opts.stageHeavy ? ['--stage-heavy'] : []),
      ...(opts.million ? ['--million'] : []),
      ...(opts.tasks ? ['--tasks', String(opts.tasks)] : []),
    ],
    env,
  );
  process.stdout.write(
    `Seed done in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.\n`,
  );
  if (opts.prepare) await run(process.execPath, ['--import', 'tsx', ...opts.prepare], env);
  const server = await startServer(env);
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'demo@leadloom.dev', password: 'leadloom-demo' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { token } = (await (
      await fetch(`${base}/api/auth/token`, { headers: { cookie } })
    ).json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { teamUID: string };
    return {
      base,
      engine,
      postgres: Boolean(dbUrl),
      teamUID: me.teamUID,
      headers,
      async json<T>(method: string, urlPath: string, body?: unknown) {
        const res = await fetch(`${base}${urlPath}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as T };
      },
      cpuMs: () => processCpuMs(server.pid),
      pid: server.pid!,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo team's default pipeline. */
export async function defaultPipelineUID(
  server: Pick<BenchServer, 'json' | 'teamUID'>,
): Promise<string> {
  const res = await server.json<{ pipelines?: { groupUID: string; isDefault: boolean }[] }>(
    'GET',
    `/api/teams/${server.teamUID}/pipelines`,
  );
  const found = res.body.pipelines?.find((p) => p.isDefault);
  if (!found) {
    throw new Error(
      `GET pipelines answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
    );
  }
  return found.groupUID;
}

/** An active webhooks connection taking stage changes, so every move also writes a sync row. */
export async function addStageWebhook(
  server: Pick<BenchServer, 'json' | 'teamUID'>,
): Promise<void> {
  const created = await server.json('POST', `/api/teams/${server.teamUID}/connections`, {
    system: 'webhooks',
    name: 'Bench webhook',
    options: { syncStages: true },
  });
  if (created.status !== 201) throw new Error(`connection: ${created.status}`);
}
