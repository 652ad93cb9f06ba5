/**
 * A mixed burst on the embedded default (issue 22's raised goal): what a busy team does at once,
 * through the production server, with one database connection as the ceiling.
 *
 * Data: the demo team with 10,000 contacts (`npm run demo -- --contacts 10000`), on embedded
 * PGlite (default) or PostgreSQL with BENCH_DATABASE_URL (an empty database).
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Load: 32 clients looping with no think time over 5,000 requests in all — 35 % board reads
 * (the default pipeline's board, 50 cards a stage), 25 % `/v2` table pages (60 rows, a sort
 * and sometimes a stage filter, some later pages), 15 % typed searches (the palette's request:
 * a name prefix, 8 hits), 15 % stage changes (each client moves its own contacts), 10 % notes
 * (a new note on a contact) — plus one realtime stream per client, open the whole time (each
 * stage change and note reaches all 32). The kinds are drawn by a seeded generator.
 * Figures: latency per kind and overall at the client, throughput, errors (non-2xx answers,
 * failed requests, streams that did not open or ended early), CPU per request of the server
 * and of the database. Needs `npm run build`.
 * Goal: p99 ≤ 250 ms with 0 errors (reported; the exit code fails only on errors).
 */
import os from 'node:os';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/seed/demo-data';
import type { CpuSplit } from './cpu';
import { defaultPipelineUID, startBenchServer, type BenchServer } from './server';
import { ms, percentile } from './stats';

export const CONTACTS = 10_000;
const REQUESTS = 5_000;
const CLIENTS = 32;
export const P99_GOAL_MS = 250;

const KINDS = [
  ['board read', 0.35],
  ['/v2 table page', 0.25],
  ['typed search', 0.15],
  ['stage change', 0.15],
  ['note', 0.1],
] as const;
type Kind = (typeof KINDS)[number][0];

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

export interface MixedBurst {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  byKind: { kind: Kind; n: number; p50: number; p95: number; p99: number }[];
  errors: number;
  firstError: string | null;
  streamEvents: number;
  cpu: CpuSplit;
}

/** The burst against a running server with the seeded demo team. */
export async function mixedBurst(
  server: Omit<BenchServer, 'stop'>,
  opts: { clients: number; requests: number; seed?: number },
): Promise<MixedBurst> {
  const { teamUID, base, headers } = server;
  const t = `/api/teams/${teamUID}`;
  const pipelineUID = await defaultPipelineUID(server);
  const { stages } = (
    await server.json<{ stages: { stageUID: string; contacts: { GTID: string }[] }[] }>(
      'GET',
      `${t}/pipelines/${pipelineUID}/board?limit=100`,
    )
  ).body;
  const stageUIDs = stages.map((s) => s.stageUID);
  const where = new Map<string, string>();
  for (const s of stages) for (const c of s.contacts) where.set(c.GTID, s.stageUID);
  const gtids = [...where.keys()];
  const r = rng(opts.seed ?? 22);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;

  const errors: string[] = [];
  const fail = (what: string) => errors.push(what.slice(0, 200));

  // One realtime stream per client, open before the burst and until it ends.
  const aborts = new AbortController();
  let streamEvents = 0;
  let closing = false;
  const streams = await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      const res = await fetch(`${base}/api/realtime?teams=${teamUID}`, {
        headers,
        signal: aborts.signal,
      });
      if (res.status !== 200 || !res.body) {
        fail(`realtime stream answered ${res.status}`);
        return { reading: Promise.resolve() };
      }
      const reader = res.body.getReader();
      // Wrapped: an async function returning the reading promise would adopt it, and opening
      // the streams would then wait for them to end.
      const reading = (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            streamEvents += (new TextDecoder().decode(value).match(/^id:/gm) ?? []).length;
          }
          if (!closing) fail('a realtime stream ended during the burst');
        } catch (error) {
          if (!closing) fail(`realtime stream: ${String(error)}`);
        }
      })();
      return { reading };
    }),
  );

  const send = async (kind: Kind, client: number): Promise<void> => {
    let res: Response;
    switch (kind) {
      case 'board read':
        res = await fetch(`${base}${t}/pipelines/${pipelineUID}/board?limit=50`, { headers });
        break;
      case '/v2 table page': {
        const searchObj: Record<string, unknown> =
          r() < 0.3 ? { stageUIDs: [pick(stageUIDs)] } : {};
        res = await fetch(`${base}/v2`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            teamUID,
            currentTab: 'table',
            searchObj,
            sort: {
              field: pick(['name', 'createdAt', 'lastActivityAt', 'email'] as const),
              direction: r() < 0.5 ? 'asc' : 'desc',
            },
            paging: { from: r() < 0.8 ? 0 : 60 * Math.floor(1 + r() * 10), size: 60 },
          }),
        });
        break;
      }
      case 'typed search': {
        const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`.toLowerCase();
        res = await fetch(`${base}/v2`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            teamUID,
            searchObj: { text: name.slice(0, 1 + Math.floor(r() * 8)).trim() },
            paging: { from: 0, size: 8 },
            currentTab: 'palette',
            options: { total: 'none' },
          }),
        });
        break;
      }
      case 'stage change': {
        // Each client moves only its own contacts, so no two requests race for one row.
        const mine = gtids.filter((_, i) => i % opts.clients === client);
        const gtid = pick(mine);
        const to = pick(stageUIDs.filter((s) => s !== where.get(gtid)));
        res = await fetch(`${base}${t}/contacts/${gtid}/pipelines/${pipelineUID}/stage`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ stageUID: to }),
        });
        if (res.ok) where.set(gtid, to);
        break;
      }
      case 'note':
        res = await fetch(`${base}${t}/contacts/${pick(gtids)}/notes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ text: `Burst note ${Math.floor(r() * 1e6)}: called back.` }),
        });
        break;
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${kind} answered ${res.status}: ${text.slice(0, 150)}`);
  };

  const samples: { kind: Kind; ms: number }[] = [];
  let next = 0;
  const before = await server.cpuSample();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      while (next++ < opts.requests) {
        let x = r();
        const kind = KINDS.find(([, share]) => (x -= share) < 0)?.[0] ?? 'note';
        const t0 = performance.now();
        try {
          await send(kind, client);
          samples.push({ kind, ms: performance.now() - t0 });
        } catch (error) {
          fail(String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = await server.cpuSince(before);
  closing = true;
  aborts.abort();
  await Promise.all(streams.map((s) => s.reading));

  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    byKind: KINDS.map(([kind]) => {
      const xs = samples
        .filter((s) => s.kind === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      return {
        kind,
        n: xs.length,
        p50: percentile(xs, 50),
        p95: percentile(xs, 95),
        p99: percentile(xs, 99),
      };
    }),
    errors: errors.length,
    firstError: errors[0] ?? null,
    streamEvents,
    cpu,
  };
}

export default async function mixedBurstBench(): Promise<boolean> {
  const server = await startBenchServer({ contacts: CONTACTS });
  try {
    // Warm-up: a short burst, so the figures are not the first requests' compile and cache fill.
    await mixedBurst(server, { clients: 4, requests: 200, seed: 1 });
    const b = await mixedBurst(server, { clients: CLIENTS, requests: REQUESTS });
    const met = b.p99 <= P99_GOAL_MS && b.errors === 0;
    process.stdout.write(
      [
        '',
        `mixed-burst: ${server.engine}, team of ${CONTACTS} contacts, ${CLIENTS} clients with no ` +
          `think time, ${REQUESTS} requests, one realtime stream per client`,
        `  all: p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  p99 ${ms(b.p99)}  throughput ` +
          `${(b.requests / b.seconds).toFixed(0)} req/s  errors ${b.errors}` +
          (b.firstError ? ` (first: ${b.firstError})` : ''),
        ...b.byKind.map(
          (k) =>
            `  ${k.kind.padEnd(16)} n ${String(k.n).padStart(5)}  p50 ${ms(k.p50)}  p95 ${ms(k.p95)}  p99 ${ms(k.p99)}`,
        ),
        `  CPU per request: server ${(b.cpu.serverMs / b.requests).toFixed(2)} ms, database ` +
          `${(b.cpu.dbMs / b.requests).toFixed(2)} ms; realtime events delivered ${b.streamEvents}`,
        `  machine load (1/5/15 min): ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
        `  goal p99 <= ${P99_GOAL_MS} ms and 0 errors: ${met ? 'met' : 'not yet'}`,
        '',
      ].join('\n'),
    );
    return b.errors === 0;
  } finally {
    await server.stop();
  }
}
