/**
 * Search service (issue 7): POST /v2 within one team of 40,000 contacts, replaying type-ahead
 * queries — 0 to 12 characters of first/last names (prefixes as typed, letter by letter), typos
 * (a letter replaced, dropped or doubled), e-mail and phone fragments, the empty query, filters
 * (pipeline, stage, label, tags any/all/none, has e-mail/phone, dates, with or without text),
 * sorts on every field, and pages up to from + size = 10,000.
 *
 * Data: the demo team with 40,000 contacts (`npm run demo -- --contacts 40000`), on embedded
 * PGlite (default) or PostgreSQL with BENCH_DATABASE_URL (an empty database). `--million`
 * (PostgreSQL only) first grows it to the issue's 1,000,000 contacts: the demo team copied into
 * 9 more teams of 40,000 and 600,000 contacts over 990 Zipf-sized teams, with placements,
 * activities, tags and deals (`npm run demo -- --contacts 40000 --million`), then VACUUM ANALYZE
 * (what autovacuum does after such a load). The searches are the demo team's.
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Load: 8 concurrent clients (`--clients N`), 1,200 queries per run, median of 3 runs. Needs
 * `npm run build`.
 * Figures: server time from the `Server-Timing` header the handler sets (`search;dur=`: the
 * whole handler in-process, from the request's arrival to the answer's body; `queue;dur=` the
 * wait for a database connection within it, `db;dur=` the time on it), the round trip, the
 * throughput, and the load average (the machine is shared).
 * Target: server p95 ≤ 20 ms and p99 ≤ 50 ms on PostgreSQL at 8 clients; embedded p95 ≤ 30 ms.
 * Embedded has one database connection (DESIGN §3): searches queue for it whole, first come
 * first served, so at 8 clients a search's server time includes ~7 others' time on it; the
 * embedded target is judged on one client (one person typing), and 8 clients are printed too.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/seed/demo-data';
import { defaultPipelineUID, startBenchServer, type BenchServer } from './server';
import { median, ms, percentile } from './stats';

const CONTACTS = 40_000;
const QUERIES = 1_200;
const RUNS = 3;
const SORTS = [
  'relevance',
  'name',
  'email',
  'phone',
  'createdAt',
  'lastActivityAt',
  'stage',
  'statusLabel',
  'source',
  'dealValue',
] as const;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Ctx {
  teamUID: string;
  pipelineUID: string;
  stageUIDs: string[];
  labelUIDs: string[];
  tagIDs: string[];
}

/** The replay: mostly type-ahead (a name typed letter by letter), then filtered and paged lists. */
function replay(ctx: Ctx, seed: number): Record<string, unknown>[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const out: Record<string, unknown>[] = [];
  const body = (extra: Record<string, unknown>) => ({
    teamUID: ctx.teamUID,
    currentTab: 'palette',
    paging: { from: 0, size: 20 },
    ...extra,
  });
  while (out.length < QUERIES) {
    const kind = r();
    if (kind < 0.55) {
      // Type-ahead: each keystroke of "first last" (0 to 12 characters), maybe with a typo.
      let name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`.toLowerCase().slice(0, 12);
      if (r() < 0.25 && name.length > 5) {
        // A typo: a letter replaced, dropped or doubled.
        const i = 2 + Math.floor(r() * (name.length - 3));
        const how = r();
        const letter = String.fromCharCode(97 + Math.floor(r() * 26));
        name =
          how < 0.5
            ? name.slice(0, i) + letter + name.slice(i + 1)
            : how < 0.75
              ? name.slice(0, i) + name.slice(i + 1)
              : name.slice(0, i) + name[i] + name.slice(i);
      }
      for (let n = 0; n <= name.length; n++)
        out.push(body({ searchObj: { text: name.slice(0, n) } }));
    } else if (kind < 0.65) {
      const first = pick(FIRST_NAMES).toLowerCase();
      out.push(
        body({
          searchObj: {
            text: pick([
              'gmail',
              'example',
              '555',
              '+1 5',
              '555 01',
              `${first}.`,
              `${first}.${pick(LAST_NAMES).toLowerCase().slice(0, 3)}`,
              'example.com',
            ]),
          },
        }),
      );
    } else if (kind < 0.9) {
      const searchObj: Record<string, unknown> = {};
      const f = r();
      if (f < 0.2) searchObj.pipelineUID = ctx.pipelineUID;
      else if (f < 0.35) searchObj.stageUIDs = [pick(ctx.stageUIDs)];
      else if (f < 0.45 && ctx.labelUIDs.length) searchObj.statusLabels = [pick(ctx.labelUIDs)];
      else if (f < 0.55 && ctx.tagIDs.length) {
        const how = pick(['any', 'all', 'none'] as const);
        searchObj.tags = {
          [how]: how === 'all' ? [pick(ctx.tagIDs), pick(ctx.tagIDs)] : [pick(ctx.tagIDs)],
        };
      } else if (f < 0.65) searchObj.hasEmail = r() < 0.5;
      else if (f < 0.7) searchObj.hasPhone = r() < 0.5;
      else if (f < 0.8)
        searchObj.createdAt = {
          from: new Date(Date.now() - (1 + r() * 60) * 86_400_000).toISOString(),
        };
      else if (f < 0.9)
        searchObj.lastActivityAt = {
          to: new Date(Date.now() - 7 * 86_400_000).toISOString(),
          includeEmpty: true,
        };
      if (r() < 0.4)
        searchObj.text = pick(FIRST_NAMES)
          .toLowerCase()
          .slice(0, 1 + Math.floor(r() * 5));
      let field = pick(SORTS);
      if (field === 'relevance' && !searchObj.text) field = 'name';
      if (field === 'stage' || field === 'dealValue') searchObj.pipelineUID = ctx.pipelineUID;
      out.push(
        body({
          currentTab: 'table',
          searchObj,
          sort: { field, direction: r() < 0.5 ? 'asc' : 'desc' },
          paging: { from: r() < 0.8 ? 0 : 50 * Math.floor(r() * 20), size: 50 },
        }),
      );
    } else {
      // Deep pages of the whole list, up to from + size = 10,000.
      const size = 50;
      const from = Math.floor(r() * (10_000 - size));
      out.push(
        body({
          currentTab: 'table',
          sort: {
            field: pick(['name', 'createdAt', 'lastActivityAt', 'email'] as const),
            direction: r() < 0.5 ? 'asc' : 'desc',
          },
          paging: { from, size },
        }),
      );
    }
  }
  return out.slice(0, QUERIES);
}

export default async function searchBench(args: string[] = []): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: { million: { type: 'boolean', default: false }, clients: { type: 'string' } },
  });
  if (values.million && !process.env.BENCH_DATABASE_URL) {
    throw new Error(
      '--million needs PostgreSQL (BENCH_DATABASE_URL); embedded runs one team of 40,000.',
    );
  }
  const server = await startBenchServer({ contacts: CONTACTS, million: values.million });
  try {
    const clients = values.clients ? [Number(values.clients)] : server.postgres ? [8] : [1, 8];
    let ok = true;
    // The target is judged on the first figure: 8 clients on PostgreSQL, 1 embedded.
    for (const [i, n] of clients.entries()) {
      const met = await measure(server, { clients: n, million: values.million });
      if (i === 0) ok = met;
    }
    return ok;
  } finally {
    await server.stop();
  }
}

interface Sample {
  server: number;
  queue: number;
  db: number;
  rtt: number;
  shape: string;
}

/** What kind of query a body is, for the slowest-shapes line. */
function shapeOf(body: Record<string, unknown>): string {
  const f = (body.searchObj ?? {}) as Record<string, unknown>;
  const text = typeof f.text === 'string' ? f.text : '';
  const filters = Object.keys(f).filter((k) => k !== 'text');
  const sort = (body.sort as { field?: string } | undefined)?.field ?? 'default';
  const from = (body.paging as { from?: number } | undefined)?.from ?? 0;
  return `text ${text.length ? `${Math.min(text.length, 9)}${text.length > 9 ? '+' : ''} chars` : 'none'}, ${filters.join('+') || 'no filter'}, sort ${sort}${from ? ', deep page' : ''}`;
}

/** The replay against a running server with the seeded demo team (also usable on its own). */
export async function measure(
  server: Omit<BenchServer, 'stop'>,
  opts: { clients: number; million?: boolean } = { clients: 8 },
): Promise<boolean> {
  const CLIENTS = opts.clients;
  {
    const { teamUID, engine } = server;
    const pipelineUID = await defaultPipelineUID(server);
    const board = await server.json<{ stages: { stageUID: string }[] }>(
      'GET',
      `/api/teams/${teamUID}/pipelines/${pipelineUID}/board?limit=1`,
    );
    const teamData = await server.json<{
      statusLabels: { labelUID: string }[];
      globalTagSets: { tags: { tagID: string }[] }[];
    }>('GET', `/api/teams/${teamUID}/team-data`);
    const ctx: Ctx = {
      teamUID,
      pipelineUID,
      stageUIDs: board.body.stages.map((s) => s.stageUID),
      labelUIDs: (teamData.body.statusLabels ?? []).map((l) => l.labelUID),
      tagIDs: (teamData.body.globalTagSets ?? []).flatMap((s) => s.tags.map((t) => t.tagID)),
    };

    const ask = async (body: Record<string, unknown>) => {
      const t = performance.now();
      const res = await fetch(`${server.base}/v2`, {
        method: 'POST',
        headers: server.headers,
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const rtt = performance.now() - t;
      if (res.status !== 200) throw new Error(`/v2 answered ${res.status}: ${text.slice(0, 300)}`);
      const header = res.headers.get('server-timing') ?? '';
      const dur = (name: string) => {
        const m = new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(header);
        if (!m) throw new Error(`/v2 answered without ${name} in Server-Timing: ${header}`);
        return Number(m[1]);
      };
      return { server: dur('search'), queue: dur('queue'), db: dur('db'), rtt };
    };

    const errors: string[] = [];
    for (const b of replay(ctx, 999).slice(0, 150)) {
      await ask(b).catch((error: unknown) =>
        errors.push(`warm-up: ${String(error).slice(0, 200)}`),
      );
    }
    const p50s: number[] = [];
    const p95s: number[] = [];
    const p99s: number[] = [];
    const db95s: number[] = [];
    const queue95s: number[] = [];
    const rtt95s: number[] = [];
    const rates: number[] = [];
    const loads: string[] = [];
    const all: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      const queries = replay(ctx, run + 1);
      const samples: Sample[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < queries.length) {
            const q = queries[next++]!;
            try {
              samples.push({ ...(await ask(q)), shape: shapeOf(q) });
            } catch (error) {
              errors.push(String(error).slice(0, 200));
            }
          }
        }),
      );
      const secs = (performance.now() - started) / 1000;
      const sorted = (pick: (x: Sample) => number) => samples.map(pick).sort((a, b) => a - b);
      const server_ = sorted((x) => x.server);
      p50s.push(percentile(server_, 50));
      p95s.push(percentile(server_, 95));
      p99s.push(percentile(server_, 99));
      db95s.push(
        percentile(
          sorted((x) => x.db),
          95,
        ),
      );
      queue95s.push(
        percentile(
          sorted((x) => x.queue),
          95,
        ),
      );
      rtt95s.push(
        percentile(
          sorted((x) => x.rtt),
          95,
        ),
      );
      rates.push(queries.length / secs);
      all.push(...samples);
      loads.push(
        os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join('/'),
      );
    }
    const p95 = median(p95s);
    const p99 = median(p99s);
    const ok = (server.postgres ? p95 <= 20 && p99 <= 50 : p95 <= 30) && errors.length === 0;
    // Where the slowest 1 % of database times come from (load-independent hints, not figures).
    const slow = [...all].sort((a, b) => b.db - a.db).slice(0, Math.ceil(all.length / 100));
    const byShape = new Map<string, number[]>();
    for (const x of slow) byShape.set(x.shape, [...(byShape.get(x.shape) ?? []), x.db]);
    const shapes = [...byShape.entries()]
      .sort((a, b) => b[1].length - a[1].length)
      .slice(0, 5)
      .map(([shape, t]) => `${shape} (${t.length}x, max ${ms(Math.max(...t))})`);
    process.stdout.write(
      [
        '',
        `search: ${engine}, team of ${CONTACTS} contacts${opts.million ? ' among 1,000,000 in 1,000 teams' : ''}, ` +
          `${QUERIES} type-ahead/filter/sort/page queries x ${RUNS} runs, ${CLIENTS} concurrent ` +
          `client${CLIENTS === 1 ? '' : 's'}, median of runs, ${os.cpus().length} CPUs`,
        `  server time (Server-Timing search;dur, in-process) p50 ${ms(median(p50s))}  p95 ${ms(p95)}  p99 ${ms(p99)}`,
        `  of which waiting for a connection p95 ${ms(median(queue95s))}; on the connection p95 ${ms(median(db95s))}`,
        `  round trip p95 ${ms(median(rtt95s))}  throughput ${median(rates).toFixed(0)} queries/s`,
        `  slowest 1 % on the connection: ${shapes.join('; ')}`,
        `  load average (1/5/15 min) after each run: ${loads.join(', ')}`,
        `  failed queries: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`,
        `  target ${server.postgres ? 'p95 <= 20 ms, p99 <= 50 ms' : 'p95 <= 30 ms'}: ${ok ? 'met' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    return ok;
  }
}
