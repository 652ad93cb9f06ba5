/**
 * Board read through the production server: GET the first page (50 cards) of every stage of
 * the default pipeline, over HTTP on loopback, as the board does when it opens.
 *
 * Data: the demo team seeded with 10,000 contacts (`npm run demo -- --contacts 10000`), on
 * embedded PGlite (default) or on PostgreSQL with BENCH_DATABASE_URL (an empty database).
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Load: 1,200 requests per run, 4 concurrent clients, median of 3 runs, while a writer moves 10
 * cards a second (open loop) to other stages, so every read sees fresh writes. Needs `npm run build`.
 * CPU per request: the server process's (embedded: including the PGlite worker thread, printed
 * apart) and, on PostgreSQL, that of every backend of the database (/proc/<pid>/stat).
 * Target: p95 ≤ 35 ms embedded; p95 ≤ 20 ms and ≥ 300 req/s on PostgreSQL.
 */
import { startBenchServer } from './server';
import { median, ms, percentile } from './stats';

const CONTACTS = 10_000;
const DEFAULT_REQUESTS = 1_200;
const CONCURRENCY = 4;
const RUNS = 3;
const MOVES_PER_S = 10;

/** `npm run bench -- board-read [REQUESTS]`: fewer requests per run for a quick look. */
export default async function boardRead(args: string[] = []): Promise<boolean> {
  const REQUESTS = Number(args[0]) > 0 ? Number(args[0]) : DEFAULT_REQUESTS;
  const server = await startBenchServer({ contacts: CONTACTS });
  try {
    const { base, headers, teamUID, engine } = server;
    const { pipelines } = (
      await server.json<{
        pipelines: { groupUID: string; isDefault: boolean; contactCount: number }[];
      }>('GET', `/api/teams/${teamUID}/pipelines`)
    ).body;
    const pipeline = pipelines.find((p) => p.isDefault)!;
    const url = `${base}/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board?limit=50`;
    const board = (
      await server.json<{ stages: { stageUID: string; contacts: { GTID: string }[] }[] }>(
        'GET',
        `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}/board?limit=200`,
      )
    ).body;
    const stageUIDs = board.stages.map((s) => s.stageUID);
    const gtids = board.stages.flatMap((s) => s.contacts.map((c) => c.GTID));
    let moved = 0;
    let moveFailed = 0;
    const writer = setInterval(() => {
      const gtid = gtids[Math.floor(Math.random() * gtids.length)]!;
      const stageUID = stageUIDs[Math.floor(Math.random() * stageUIDs.length)]!;
      fetch(`${base}/api/teams/${teamUID}/contacts/${gtid}/pipelines/${pipeline.groupUID}/stage`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ stageUID }),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status === 200) moved++;
          else moveFailed++;
        })
        .catch(() => moveFailed++);
    }, 1000 / MOVES_PER_S);

    const p50s: number[] = [];
    const p95s: number[] = [];
    const p99s: number[] = [];
    const rates: number[] = [];
    const serverCpu: number[] = [];
    const dbCpu: number[] = [];
    try {
      for (let r = 0; r < RUNS; r++) {
        for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
        const cpu0 = await server.cpuSample();
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
        const used = await server.cpuSince(cpu0);
        // The writer's moves are in these figures too (10 a second, a few % of the requests).
        serverCpu.push(used.serverMs / samples.length);
        dbCpu.push(used.dbMs / samples.length);
        samples.sort((a, b) => a - b);
        p50s.push(percentile(samples, 50));
        p95s.push(percentile(samples, 95));
        p99s.push(percentile(samples, 99));
        rates.push(samples.length / secs);
      }
    } finally {
      clearInterval(writer);
    }
    const target = server.postgres ? 20 : 35;
    const minRate = server.postgres ? 300 : 0;
    const p95 = median(p95s);
    const met = p95 <= target && median(rates) >= minRate;
    process.stdout.write(
      [
        '',
        `board-read: ${engine}, ${pipeline.contactCount} contacts in the pipeline (${CONTACTS} in the team), ` +
          `${REQUESTS} requests x ${RUNS} runs, ${CONCURRENCY} concurrent, median of runs`,
        `  p50 ${ms(median(p50s))}  p95 ${ms(p95)}  p99 ${ms(median(p99s))}  throughput ${median(rates).toFixed(0)} req/s`,
        `  CPU per request: server ${median(serverCpu).toFixed(2)} ms, database ${median(dbCpu).toFixed(2)} ms` +
          ` (${server.postgres ? 'PostgreSQL backends' : 'PGlite worker thread'}); ` +
          `writer: ${moved} moves, ${moveFailed} failed`,
        `  target p95 <= ${target} ms${minRate ? ` and >= ${minRate} req/s` : ''}: ${met ? 'met' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    return met;
  } finally {
    await server.stop();
  }
}
