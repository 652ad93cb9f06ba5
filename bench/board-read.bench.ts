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
import { startBenchServer } from './server';
import { median, ms, percentile } from './stats';

const CONTACTS = 10_000;
const REQUESTS = 1_200;
const CONCURRENCY = 4;
const RUNS = 3;

export default async function boardRead(): Promise<boolean> {
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
    const target = server.postgres ? 25 : 50;
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
    await server.stop();
  }
}
