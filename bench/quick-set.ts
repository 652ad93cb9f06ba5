/**
 * `npm run bench -- all --quick`: every benchmark at a reduced size in one run, one table of
 * each figure with the CPU per request of the server and of the database. Data folders are
 * seeded once per data set and seed version and copied for each run (BENCH_SEED_CACHE, default
 * ~/.cache/leadloom-bench; embedded only). Quick figures are judged against bench/baseline.json
 * only (CPU per request, printed); targets are judged at full size, so a goal not met yet is a
 * "goal" line and does not fail the run; failed requests and crashed benchmarks do.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, perRequest, type BenchLine, type Quick } from './figures';
import { mixedBurst, P99_GOAL_MS } from './mixed-burst.bench';
import { measure, type RunFigures } from './search.bench';
import { defaultPipelineUID, startBenchServer, type BenchServer } from './server';
import { ms, percentile } from './stats';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BASELINE = path.join(here, 'baseline.json');

export interface Baseline {
  commit: string;
  measuredAt: string;
  machine: string;
  lines: BenchLine[];
}

/** JSON has no NaN: unknown CPU figures are stored as null. */
export function readBaseline(file = BASELINE): Baseline | null {
  if (!fs.existsSync(file)) return null;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Baseline;
  return {
    ...raw,
    lines: raw.lines.map((l) => ({
      ...l,
      serverCpuMs: l.serverCpuMs ?? NaN,
      dbCpuMs: l.dbCpuMs ?? NaN,
    })),
  };
}

async function withServer<T>(
  opts: Parameters<typeof startBenchServer>[0],
  fn: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const server = await startBenchServer(opts);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

/** The board read: first page of every stage, 4 clients, 200 requests after 20. */
async function boardRead(quick: Quick) {
  await withServer({ contacts: 10_000 }, async (server) => {
    const pipelineUID = await defaultPipelineUID(server);
    const url = `${server.base}/api/teams/${server.teamUID}/pipelines/${pipelineUID}/board?limit=50`;
    for (let i = 0; i < 20; i++)
      await (await fetch(url, { headers: server.headers })).arrayBuffer();
    const samples: number[] = [];
    let errors = 0;
    let next = 0;
    const before = await server.cpuSample();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next++ < 200) {
          const t = performance.now();
          const res = await fetch(url, { headers: server.headers });
          await res.arrayBuffer();
          if (res.status === 200) samples.push(performance.now() - t);
          else errors++;
        }
      }),
    );
    const secs = (performance.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    const p95 = percentile(samples, 95);
    quick.collect({
      id: 'board-read',
      figure: `p95 ${ms(p95)}, ${(samples.length / secs).toFixed(0)} req/s`,
      ...perRequest(await server.cpuSince(before), samples.length),
      goal: server.postgres
        ? 'p95 <= 20 ms and >= 300 req/s on PostgreSQL (full size: bench board-read)'
        : 'p95 <= 35 ms embedded (full size: bench board-read)',
      errors,
    });
  });
}

/** Search: a team of 10,000, 8 clients; the paced replay (per-shape goal) and the closed loop. */
async function search(quick: Quick) {
  await withServer({ contacts: 10_000 }, async (server) => {
    let runs: { paced: RunFigures[]; closed: RunFigures[] } | null = null;
    await measure(server, {
      clients: 8,
      contacts: 10_000,
      paced: 120,
      closed: 240,
      runs: 1,
      cpuByShape: false,
      collect: (r) => (runs = r),
    });
    const { paced, closed } = runs! as { paced: RunFigures[]; closed: RunFigures[] };
    const byShape = new Map<string, number[]>();
    for (const s of paced[0]!.samples)
      byShape.set(s.shape, [...(byShape.get(s.shape) ?? []), s.server]);
    const shapes = [...byShape.entries()]
      .map(([shape, xs]) => ({
        shape,
        p95: percentile(
          xs.sort((a, b) => a - b),
          95,
        ),
        n: xs.length,
      }))
      .sort((a, b) => b.p95 - a.p95);
    const over = shapes.filter((s) => s.p95 > 20);
    for (const [label, f] of [
      ['search /v2 paced', paced[0]!],
      ['search /v2 closed loop', closed[0]!],
    ] as const) {
      quick.collect({
        id: label,
        figure:
          label === 'search /v2 paced'
            ? `server p95 ${ms(f.p95)}, p99 ${ms(f.p99)}`
            : `server p95 ${ms(f.p95)}, ${f.rate.toFixed(0)} q/s`,
        ...perRequest(f.cpu, f.samples.length),
        ...(label === 'search /v2 paced'
          ? {
              goal:
                `every shape's paced p95 <= 20 ms (PostgreSQL, 40,000 among 1,000,000: bench search --million); ` +
                `here ${over.length} of ${shapes.length} shapes over` +
                (over.length
                  ? `: ${over
                      .slice(0, 4)
                      .map((s) => `${s.shape} ${ms(s.p95)} (n ${s.n})`)
                      .join('; ')}`
                  : ''),
            }
          : {}),
        errors: f.errors,
      });
    }
  });
}

/** The mixed burst: 32 clients, 800 requests (5,000 at full size). */
async function mixed(quick: Quick) {
  await withServer({ contacts: 10_000 }, async (server) => {
    await mixedBurst(server, { clients: 4, requests: 60, seed: 1 });
    const b = await mixedBurst(server, { clients: 32, requests: 800 });
    quick.collect({
      id: 'mixed-burst (32 clients)',
      figure: `p99 ${ms(b.p99)}, ${(b.requests / b.seconds).toFixed(0)} req/s`,
      ...perRequest(b.cpu, b.requests),
      goal:
        `p99 <= ${P99_GOAL_MS} ms, 0 errors (5,000 requests: bench mixed-burst); here p99 ${ms(b.p99)}, ` +
        `${b.errors} errors; worst kind ${[...b.byKind].sort((x, y) => y.p99 - x.p99)[0]!.kind} p99 ` +
        `${ms([...b.byKind].sort((x, y) => y.p99 - x.p99)[0]!.p99)}`,
      errors: b.errors,
    });
  });
}

type Entry = (quick: Quick) => Promise<unknown>;
const fromFile =
  (name: string): Entry =>
  async (quick) => {
    const mod = (await import(pathToFileURL(path.join(here, `${name}.bench.ts`)).href)) as {
      default: (args: string[], quick?: Quick) => Promise<boolean>;
    };
    return mod.default([], quick);
  };

/** In run order: the API ones first, the browser ones (slowest to start) last. */
export const QUICK_SET: Record<string, Entry> = {
  'board-read': boardRead,
  'stage-change': fromFile('stage-change'),
  'outreach-lease': fromFile('outreach-lease'),
  'bulk-stage': fromFile('bulk-stage'),
  tasks: fromFile('tasks'),
  kpi: fromFile('kpi'),
  search,
  'mixed-burst': mixed,
  'board-paint': fromFile('board-paint'),
  table: fromFile('table'),
  'realtime-latency': fromFile('realtime-latency'),
};

/**
 * Runs the quick set (or `only` of it) and returns its lines; a benchmark that throws is a line
 * with an error, and the rest still run.
 */
export async function runQuick(only?: string[]): Promise<BenchLine[]> {
  process.env.BENCH_SEED_CACHE ??= path.join(os.homedir(), '.cache', 'leadloom-bench');
  const lines: BenchLine[] = [];
  for (const [name, entry] of Object.entries(QUICK_SET)) {
    if (only && !only.includes(name)) continue;
    const started = performance.now();
    process.stdout.write(`\n== ${name} (quick)\n`);
    try {
      await entry({ collect: (l) => lines.push(l) });
    } catch (error) {
      process.stdout.write(`${name} failed: ${String(error)}\n`);
      lines.push({
        id: name,
        figure: `failed: ${String(error).slice(0, 80)}`,
        requests: 0,
        serverCpuMs: NaN,
        dbCpuMs: NaN,
        errors: 1,
      });
    }
    process.stdout.write(`== ${name}: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  return lines;
}

/** `all --quick [--only a,b] [--json FILE] [--write-baseline]`: the table; false on errors. */
export async function quickCommand(args: string[]): Promise<boolean> {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const only = flag('--only')?.split(',');
  const started = performance.now();
  const lines = await runQuick(only);
  const json = flag('--json');
  if (json) fs.writeFileSync(json, JSON.stringify(lines, null, 2));
  const baseline = readBaseline();
  const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  process.stdout.write(
    [
      '',
      `Quick benchmarks on ${engine}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${((performance.now() - started) / 1000).toFixed(0)} s` +
        (baseline ? `; baseline ${baseline.commit.slice(0, 12)} (${baseline.measuredAt})` : ''),
      'CPU per request (ms): server = the server process (embedded: minus the database thread); db = the database',
      formatTable(lines, baseline?.lines),
      '',
    ].join('\n'),
  );
  if (args.includes('--write-baseline')) {
    const { execFileSync } = await import('node:child_process');
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: here }).toString().trim();
    const out: Baseline = {
      commit,
      measuredAt: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      machine: `${os.cpus().length} CPUs, ${engine}, load ${os.loadavg()[0]!.toFixed(1)}`,
      lines,
    };
    fs.writeFileSync(BASELINE, `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(
      `Wrote ${path.relative(process.cwd(), BASELINE)} (commit ${commit.slice(0, 12)}).\n`,
    );
  }
  return lines.every((l) => l.errors === 0);
}
