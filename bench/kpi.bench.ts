/**
 * The KPI dashboard's queries (issue 8): what /dashboard/kpi asks the server for — the list of
 * KPIs, each KPI's results (per member totals, the series) and the stage funnels — over a team
 * with a year of history.
 *
 * Data: the demo team with 40,000 contacts, its timeline filled up to 1,000,000 activities over
 * the last 365 days and 20 actors (bench/kpi-seed.ts: set-based), the rollups rebuilt from them
 * (the migration's backfill rule); five KPIs of every kind and period (month, week, today, a
 * custom year by week). Embedded PGlite (default) or PostgreSQL with BENCH_DATABASE_URL (an
 * empty database). Durability: defaults (fsync on, synchronous_commit on).
 * Load: one client, the page's requests one after the other (so each is timed alone), 40
 * rounds after 5 warm-up rounds. Needs `npm run build`.
 * Target: every request's server time (the handler's Server-Timing `kpi;dur`, scope to answer)
 * ≤ 100 ms p95 on PostgreSQL (≤ 200 ms embedded). Also printed: the time at the client (HTTP on
 * localhost) and the server's CPU per page (less load-sensitive than latency on a shared
 * machine).
 */
import os from 'node:os';
import { perRequest, type Quick } from './figures';
import { defaultPipelineUID, startBenchServer } from './server';
import { ms, percentile } from './stats';

let CONTACTS = 40_000;
let ACTIVITIES = 1_000_000;
let ROUNDS = 40;
let WARMUP = 5;

/** Quick (`npm run bench -- all --quick`): 10,000 contacts, 100,000 activities, 4 rounds. */
export default async function kpiBench(_args: string[] = [], quick?: Quick): Promise<boolean> {
  if (quick) [CONTACTS, ACTIVITIES, ROUNDS, WARMUP] = [10_000, 100_000, 4, 1];
  const server = await startBenchServer({
    contacts: CONTACTS,
    prepare: ['bench/kpi-seed.ts', String(ACTIVITIES)],
  });
  try {
    const { teamUID, engine } = server;
    const target = server.postgres ? 100 : 200;
    const pipelineUID = await defaultPipelineUID(server);
    const setup = await server.json<{ stages: { stageUID: string; placeholder: boolean }[] }>(
      'GET',
      `/api/teams/${teamUID}/pipelines/${pipelineUID}`,
    );
    const stages = setup.body.stages.filter((s) => !s.placeholder);
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const kpis = [
      {
        name: 'Contacted (month)',
        event: 'stage',
        pipelineUID,
        stageUID: stages[1]!.stageUID,
        period: 'month',
        target: 500,
      },
      { name: 'Messages (week)', event: 'message', period: 'week', target: 100 },
      { name: 'Tasks done (today)', event: 'task', period: 'day', target: 10 },
      { name: 'Won USD (month)', event: 'won', currency: 'USD', period: 'month', target: 1e6 },
      {
        name: 'Stage entries (year)',
        event: 'stage',
        pipelineUID,
        stageUID: stages[0]!.stageUID,
        period: 'custom',
        from: yearAgo,
        to: today,
        target: 5000,
      },
    ];
    const made: { kpiUID: string; event: string; pipelineUID: string | null }[] = [];
    for (const k of kpis) {
      const res = await server.json<{ kpi: (typeof made)[number] }>(
        'POST',
        `/api/teams/${teamUID}/kpis`,
        k,
      );
      if (res.status !== 201) throw new Error(`KPI: ${res.status} ${JSON.stringify(res.body)}`);
      made.push(res.body.kpi);
    }

    // The page: the list, each KPI's results, the funnel of each stage KPI, the pipeline funnel.
    const requests: { label: string; path: string }[] = [
      { label: 'list', path: `/api/teams/${teamUID}/kpis` },
      ...made.map((k, i) => ({
        label: `results ${kpis[i]!.name}`,
        path: `/api/teams/${teamUID}/kpis/${k.kpiUID}/results`,
      })),
      {
        label: 'funnel (month)',
        path: `/api/teams/${teamUID}/kpi-funnel/${pipelineUID}?from=${today.slice(0, 8)}01&to=${today}`,
      },
      {
        label: 'funnel (year)',
        path: `/api/teams/${teamUID}/kpi-funnel/${pipelineUID}?from=${yearAgo}&to=${today}`,
      },
    ];
    const times = new Map(requests.map((r) => [r.label, [] as number[]]));
    const serverTimes = new Map(requests.map((r) => [r.label, [] as number[]]));
    const totals = new Map<string, number>();
    let cpu = 0;
    let split = await server.cpuSample();
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      if (round === WARMUP) split = await server.cpuSample();
      const cpuBefore = server.cpuMs();
      for (const r of requests) {
        const t = performance.now();
        const res = await fetch(`${server.base}${r.path}`, { headers: server.headers });
        const body = (await res.json()) as { total?: number };
        const took = performance.now() - t;
        if (res.status !== 200)
          throw new Error(`${r.label}: ${res.status} ${JSON.stringify(body)}`);
        const m = /kpi;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
        if (!m) throw new Error(`${r.label} answered without kpi;dur in Server-Timing`);
        if (round >= WARMUP) {
          times.get(r.label)!.push(took);
          serverTimes.get(r.label)!.push(Number(m[1]));
        }
        if (typeof body.total === 'number') totals.set(r.label, body.total);
      }
      if (round >= WARMUP) cpu += server.cpuMs() - cpuBefore;
    }

    const all = [...serverTimes.values()].flat().sort((a, b) => a - b);
    quick?.collect({
      id: 'kpi page requests',
      figure: `server p95 ${ms(percentile(all, 95))}`,
      ...perRequest(await server.cpuSince(split), ROUNDS * requests.length),
      errors: 0,
    });
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    process.stdout.write(
      `\nKPI page queries on ${engine}: ${CONTACTS} contacts, ${ACTIVITIES} activities, ` +
        `${ROUNDS} rounds (load average ${load}, ${os.cpus().length} cores)\n`,
    );
    let met = true;
    process.stdout.write(
      `  ${'request'.padEnd(30)} ${'server p50'.padStart(10)} ${'server p95'.padStart(10)}   ${'client p50'.padStart(10)} ${'client p95'.padStart(10)}\n`,
    );
    for (const r of requests) {
      const server95 = percentile(
        serverTimes.get(r.label)!.sort((a, b) => a - b),
        95,
      );
      const client = times.get(r.label)!.sort((a, b) => a - b);
      const ok = server95 <= target;
      met &&= ok;
      process.stdout.write(
        `  ${r.label.padEnd(30)} ${ms(percentile(serverTimes.get(r.label)!, 50)).padStart(10)} ${ms(server95).padStart(10)}   ` +
          `${ms(percentile(client, 50)).padStart(10)} ${ms(percentile(client, 95)).padStart(10)}` +
          `${totals.has(r.label) ? `  (total ${totals.get(r.label)!.toLocaleString('en-US')})` : ''}` +
          `${ok ? '' : '  MISSED'}\n`,
      );
    }
    process.stdout.write(
      `  server CPU per page (${requests.length} requests): ${ms(cpu / ROUNDS)}\n` +
        `Target: every request's server time (Server-Timing kpi;dur) p95 ≤ ${target} ms: ${met ? 'met' : 'MISSED'}\n`,
    );
    return met;
  } finally {
    await server.stop();
  }
}
