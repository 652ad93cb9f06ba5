/**
 * The production server as benchmarks use it: a seeded demo team on a fresh embedded data folder
 * (or on BENCH_DATABASE_URL, an empty PostgreSQL database), signed in as the demo user.
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * BENCH_DATA_DIR=<folder> uses and keeps that data folder instead of a fresh one: seeding is
 * skipped when the demo team is already there, so a benchmark can be re-run without seeding
 * 40,000 contacts again. With BENCH_DATABASE_URL keep the folder too: it holds the auth secret
 * the database's signing keys are encrypted with.
 * BENCH_SEED_CACHE=<folder> (embedded only; `npm run bench -- all` sets it) seeds each data set
 * once into <folder>/<key> and then starts every run on a fresh copy of it; the key hashes the
 * seed options and the seed's sources (demo seed, schema, migrations, prepare scripts), so a
 * change to any of them seeds again.
 * BENCH_APP_ROOT=<checkout> benchmarks that checkout's build and seed instead of this one's
 * (`npm run bench -- compare` measures an older commit with today's harness).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuBetween, embeddedSampler, postgresSampler, type CpuSample, type CpuSplit } from './cpu';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** The checkout whose server is measured. */
export const root = path.resolve(process.env.BENCH_APP_ROOT ?? path.join(benchDir, '..'));

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
  const args = [
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
    '--import',
    path.join(benchDir, 'db-thread.mjs'),
  ];
  const child = spawn(process.execPath, [...args, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A benchmark that throws before its own stop() (no browser, a failed seed) must not leave
  // its server running: it would hold the port and the CPU of every later run.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
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
  /** A CPU reading of the server and of the database; `cpuSince` gives the split since one. */
  cpuSample(): Promise<CpuSample>;
  cpuSince(before: CpuSample): Promise<CpuSplit>;
  stop(): Promise<void>;
}

/** What identifies a seeded data set: its options and the sources that make it. */
function seedKey(opts: object): string {
  const hash = crypto.createHash('sha256').update(JSON.stringify(opts));
  const walk = (p: string) => {
    if (!fs.existsSync(p)) return;
    if (fs.statSync(p).isDirectory()) {
      for (const f of fs.readdirSync(p).sort()) walk(path.join(p, f));
    } else if (!p.endsWith('.test.ts')) {
      hash.update(path.relative(root, p)).update(fs.readFileSync(p));
    }
  };
  for (const p of [
    'apps/server/src/demo.ts',
    'apps/server/src/seed',
    'apps/server/src/db/schema',
    'apps/server/drizzle',
    'bench/kpi-seed.ts',
    'bench/steady-state.ts',
    'package-lock.json',
  ])
    walk(path.join(root, p));
  return hash.digest('hex').slice(0, 16);
}

/** The harness's own steady-state script, whichever checkout is measured. */
const steadyState = path.join(benchDir, 'steady-state.ts');

/**
 * A prepare command with the harness's self-contained steady-state script resolved to this
 * checkout (an older one under `compare` may not have it); other scripts (e.g. kpi-seed, which
 * uses the app's code) are the measured checkout's own.
 */
function harnessScript([script, ...args]: string[]): string[] {
  return [script === 'bench/steady-state.ts' ? steadyState : script!, ...args];
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

/** A port nothing listens on now (other benchmarks and test servers share the machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
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
  const cacheRoot = !dbUrl && !keptDir ? process.env.BENCH_SEED_CACHE : undefined;
  const cached = cacheRoot ? path.join(cacheRoot, seedKey(opts)) : undefined;
  const port = await freePort();
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
  const threadFile = path.join(dataDir, 'bench-db-thread');
  if (cached && fs.existsSync(cached)) {
    fs.cpSync(cached, dataDir, { recursive: true });
    return signIn(await startServer({ ...env, BENCH_DB_THREAD_FILE: threadFile }));
  }
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
  if (opts.prepare)
    await run(process.execPath, ['--import', 'tsx', ...harnessScript(opts.prepare)], env);
  if (cached) {
    // Kept vacuumed and analysed: otherwise the server's VACUUM at start (embedded maintenance)
    // runs during every copy's first measured requests.
    if (!opts.prepare?.includes('bench/steady-state.ts'))
      await run(process.execPath, ['--import', 'tsx', steadyState], env);
    // Copied aside under a temporary name first: a half-written cache entry is never used.
    const partial = `${cached}.${process.pid}.partial`;
    fs.cpSync(dataDir, partial, { recursive: true });
    fs.renameSync(partial, cached);
  }
  return signIn(await startServer({ ...env, BENCH_DB_THREAD_FILE: threadFile }));

  async function signIn(server: ChildProcess): Promise<BenchServer> {
    const sampler = dbUrl
      ? await postgresSampler(server.pid!, dbUrl)
      : embeddedSampler(server.pid!, threadFile);
    let refresh: NodeJS.Timeout | undefined;
    const stop = async () => {
      clearInterval(refresh);
      await sampler.close().catch(() => {});
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
      const identityToken = async () =>
        (
          (await (await fetch(`${base}/api/auth/token`, { headers: { cookie } })).json()) as {
            token?: string;
          }
        ).token;
      const token = await identityToken();
      // Said here, not as a 401 on the benchmark's first request.
      if (!token) throw new Error(`signing in as the demo user answered ${signIn.status}`);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      // The token lasts 15 minutes and a long run (the quick set, a mixed burst) outlasts it: the
      // same headers object, which benchmarks hold on to, gets a fresh one every 10 minutes.
      refresh = setInterval(() => {
        identityToken().then(
          (fresh) => {
            if (fresh) headers.authorization = `Bearer ${fresh}`;
          },
          () => {},
        );
      }, 10 * 60_000);
      refresh.unref();
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
        cpuSample: () => sampler.sample(),
        cpuSince: async (before) => cpuBetween(before, await sampler.sample(), !dbUrl),
        stop,
      };
    } catch (error) {
      await stop();
      throw error;
    }
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
