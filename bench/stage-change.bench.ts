/**
 * Stage change through the production API (issue 6): PUT /contacts/:GTID/pipelines/:id/stage,
 * each request one full SPEC §4 transaction (stage, history, activity, sync outbox rows by the
 * team's connections, workflow trigger, change log).
 *
 * Data: the demo team with 40,000 contacts (`npm run demo -- --contacts 40000`) and one active
 * webhooks connection taking stage changes (so every move also writes a sync row), on embedded
 * PGlite (default) or PostgreSQL with BENCH_DATABASE_URL (an empty database).
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Load: 4 concurrent writers, 1,200 moves per run (each writer moves its own contacts to a
 * random other stage, at the end of it), median of 3 runs. Needs `npm run build`.
 * Target: p95 ≤ 15 ms on PostgreSQL, ≤ 30 ms embedded; throughput reported. Also printed: CPU
 * per move of the server process and of this client (less load-sensitive than latency on a
 * shared machine: compare changes by it).
 */
import os from 'node:os';
import { measureCommitFloor } from './commit-floor';
import { perRequest, type Quick } from './figures';
import { addStageWebhook, defaultPipelineUID, startBenchServer } from './server';
import { median, ms, percentile } from './stats';

let CONTACTS = 40_000;
let MOVES = 1_200;
const WRITERS = 4;
let RUNS = 3;

interface Stage {
  stageUID: string;
  count: number;
  contacts: { GTID: string }[];
  nextCursor: string | null;
}

/** Quick (`npm run bench -- all --quick`): a team of 10,000, 200 moves, one run. */
export default async function stageChange(_args: string[] = [], quick?: Quick): Promise<boolean> {
  if (quick) [CONTACTS, MOVES, RUNS] = [10_000, 200, 1];
  const server = await startBenchServer({ contacts: CONTACTS });
  try {
    const { teamUID, engine } = server;
    const pipelineUID = await defaultPipelineUID(server);
    await addStageWebhook(server);

    // Contacts to move, with their current stage: the first pages of every stage.
    const { stages } = (
      await server.json<{ stages: Stage[] }>(
        'GET',
        `/api/teams/${teamUID}/pipelines/${pipelineUID}/board?limit=200`,
      )
    ).body;
    const stageUIDs = stages.map((s) => s.stageUID);
    const where = new Map<string, string>();
    for (const s of stages) for (const c of s.contacts) where.set(c.GTID, s.stageUID);
    const gtids = [...where.keys()];
    // Each writer owns its own contacts, so no two requests race for one row.
    const owned = Array.from({ length: WRITERS }, (_, w) =>
      gtids.filter((_, i) => i % WRITERS === w),
    );

    const move = async (gtid: string) => {
      const from = where.get(gtid)!;
      const others = stageUIDs.filter((s) => s !== from);
      const to = others[Math.floor(Math.random() * others.length)]!;
      const t = performance.now();
      const res = await fetch(
        `${server.base}/api/teams/${teamUID}/contacts/${gtid}/pipelines/${pipelineUID}/stage`,
        { method: 'PUT', headers: server.headers, body: JSON.stringify({ stageUID: to }) },
      );
      await res.arrayBuffer();
      const took = performance.now() - t;
      if (res.status !== 200) throw new Error(`stage change answered ${res.status}`);
      where.set(gtid, to);
      return took;
    };

    for (let i = 0; i < 40; i++) await move(owned[0]![i % owned[0]!.length]!); // warm-up
    const p50s: number[] = [];
    const p95s: number[] = [];
    const p99s: number[] = [];
    const rates: number[] = [];
    const serverCpu: number[] = [];
    const clientCpu: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const split = await server.cpuSample();
      const cpuBefore = server.cpuMs();
      const clientBefore = process.cpuUsage();
      const samples: number[] = [];
      const started = performance.now();
      await Promise.all(
        owned.map(async (mine) => {
          for (let i = 0; i < MOVES / WRITERS; i++)
            samples.push(await move(mine[i % mine.length]!));
        }),
      );
      const secs = (performance.now() - started) / 1000;
      samples.sort((a, b) => a - b);
      p50s.push(percentile(samples, 50));
      p95s.push(percentile(samples, 95));
      p99s.push(percentile(samples, 99));
      rates.push(samples.length / secs);
      serverCpu.push((server.cpuMs() - cpuBefore) / samples.length);
      quick?.collect({
        id: 'stage-change',
        figure: `p95 ${ms(percentile(samples, 95))}, ${(samples.length / secs).toFixed(0)} moves/s`,
        ...perRequest(await server.cpuSince(split), samples.length),
        errors: 0,
      });
      const client = process.cpuUsage(clientBefore);
      clientCpu.push((client.user + client.system) / 1000 / samples.length);
    }
    const target = server.postgres ? 15 : 30;
    const p95 = median(p95s);
    const dbUrl = process.env.BENCH_DATABASE_URL;
    const floor = dbUrl ? await measureCommitFloor(dbUrl, WRITERS) : null;
    process.stdout.write(
      [
        '',
        `stage-change: ${engine}, team of ${CONTACTS} contacts, one webhooks connection, ` +
          `${MOVES} moves x ${RUNS} runs, ${WRITERS} concurrent writers, median of runs`,
        `  p50 ${ms(median(p50s))}  p95 ${ms(p95)}  p99 ${ms(median(p99s))}  throughput ${median(rates).toFixed(0)} moves/s`,
        // CPU per move depends less on the machine's load than latency: compare changes by it.
        `  CPU per move: server process ${ms(median(serverCpu))}, this bench client ${ms(median(clientCpu))}` +
          (server.postgres ? '' : ' (embedded: the server process includes the database)'),
        ...(floor
          ? [
              `  this disk's floor: a bare commit p50 ${ms(floor.sequentialP50)}; ${WRITERS} writers ` +
                `committing updates of one row p50 ${ms(floor.sharedRowP50)} p95 ${ms(floor.sharedRowP95)}`,
            ]
          : []),
        `  machine load (1/5/15 min): ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
        `  target p95 <= ${target} ms: ${p95 <= target ? 'met' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    return p95 <= target;
  } finally {
    await server.stop();
  }
}
