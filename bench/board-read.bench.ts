/**
 * Board read through the production server: GET the first page (50 cards) of every stage of
 * the default pipeline, over HTTP on loopback, as the board does when it opens.
 *
 * Data: the demo team seeded with 10,000 contacts (`npm run demo -- --contacts 10000`), on
 * embedded PGlite (default) or on PostgreSQL with BENCH_DATABASE_URL (an empty database).
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Load: 1,200 requests per run, 4 concurrent clients, median of 3 runs. Needs `npm run build`.
 * Target: p95 ≤ 50 ms embedded, ≤ 25 ms on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, percentile } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTACTS = 10_000;
const REQUESTS = 1_200;
const CONCURRENCY = 4;
const RUNS = 3;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
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

export default async function boardRead(): Promise<boolean> {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('Run `npm run build` first: benchmarks measure the production build.');
  }
  const dbUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadloom-bench-'));
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
  process.stdout.write(`Seeding ${CONTACTS} contacts on ${engine}...\n`);
  await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/demo.ts', '--contacts', String(CONTACTS)],
    env,
  );
  const server = await startServer(env);
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
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { teamUID: string };
    const { pipelines } = (await (
      await fetch(`${base}/api/teams/${me.teamUID}/pipelines`, { headers })
    ).json()) as {
      pipelines: { groupUID: string; isDefault: boolean; contactCount: number }[];
    };
    const pipeline = pipelines.find((p) => p.isDefault)!;
    const url = `${base}/api/teams/${me.teamUID}/pipelines/${pipeline.groupUID}/board?limit=50`;

    const p50s: number[] = [];
    const p95s: number[] = [];
    const p99s: number[] = [];
    const rates: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
      const samples: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < REQUESTS) {
            const t = performance.now();
            const res = await fetch(url, { headers });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`board answered ${res.status}`);
            samples.push(performance.now() - t);
          }
        }),
      );
      const secs = (performance.now() - started) / 1000;
      samples.sort((a, b) => a - b);
      p50s.push(percentile(samples, 50));
      p95s.push(percentile(samples, 95));
      p99s.push(percentile(samples, 99));
      rates.push(samples.length / secs);
    }
    const target = dbUrl ? 25 : 50;
    const p95 = median(p95s);
    process.stdout.write(
      [
        '',
        `board-read: ${engine}, ${pipeline.contactCount} contacts in the pipeline (${CONTACTS} in the team), ` +
          `${REQUESTS} requests x ${RUNS} runs, ${CONCURRENCY} concurrent, median of runs`,
        `  p50 ${ms(median(p50s))}  p95 ${ms(p95)}  p99 ${ms(median(p99s))}  throughput ${median(rates).toFixed(0)} req/s`,
        `  target p95 <= ${target} ms: ${p95 <= target ? 'met' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    return p95 <= target;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
