/**
 * Bulk stage change through the production API (issue 7): POST /api/teams/:teamUID/bulk-jobs
 * moving 10,000 contacts of one stage to another, timed from the request to the job's `done`
 * (polled every 50 ms), every contact getting what a single move gives it (placement, history,
 * activity, a sync row for the webhooks connection, a workflow trigger, change-log records).
 *
 * Data: the demo team with 20,000 contacts, half of them in one stage
 * (`npm run demo -- --contacts 20000 --stage-heavy`), one active webhooks connection, on
 * embedded PGlite (default) or PostgreSQL with BENCH_DATABASE_URL (an empty database).
 * Durability: PGlite and PostgreSQL defaults (fsync on, synchronous_commit on).
 * Load: one job at a time; 3 runs (the 10,000 move there and back), median. Needs `npm run build`.
 * Target: ≤ 5 s on PostgreSQL (the issue sets none embedded; reported).
 */
import os from 'node:os';
import { perRequest, type Quick } from './figures';
import { addStageWebhook, defaultPipelineUID, startBenchServer } from './server';
import { median } from './stats';

let CONTACTS = 20_000;
let MOVED = 10_000;
let RUNS = 3;

interface StagePage {
  contacts: { GTID: string }[];
  nextCursor: string | null;
}

/** Quick (`npm run bench -- all --quick`): 1,000 of a team of 2,000 moved, one run. */
export default async function bulkStage(_args: string[] = [], quick?: Quick): Promise<boolean> {
  if (quick) [CONTACTS, MOVED, RUNS] = [2_000, 1_000, 1];
  const server = await startBenchServer({ contacts: CONTACTS, stageHeavy: true });
  try {
    const { teamUID, engine } = server;
    const pipelineUID = await defaultPipelineUID(server);
    await addStageWebhook(server);
    const { stages } = (
      await server.json<{ stages: { stageUID: string; count: number }[] }>(
        'GET',
        `/api/teams/${teamUID}/pipelines/${pipelineUID}/board?limit=1`,
      )
    ).body;
    const heavy = [...stages].sort((a, b) => b.count - a.count)[0]!;
    const other = stages.find((s) => s.stageUID !== heavy.stageUID)!;
    if (heavy.count < MOVED) throw new Error(`the heaviest stage holds ${heavy.count} contacts`);

    // The first 10,000 cards of the heavy stage.
    const gtids: string[] = [];
    let cursor: string | null = null;
    while (gtids.length < MOVED) {
      const page: StagePage = (
        await server.json<StagePage>(
          'GET',
          `/api/teams/${teamUID}/pipelines/${pipelineUID}/stages/${heavy.stageUID}/contacts?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
      ).body;
      gtids.push(...page.contacts.map((c) => c.GTID));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    gtids.length = Math.min(gtids.length, MOVED);

    const seconds: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const to = r % 2 === 0 ? other.stageUID : heavy.stageUID;
      const split = await server.cpuSample();
      const started = performance.now();
      const res = await server.json<{ jobUID: string }>('POST', `/api/teams/${teamUID}/bulk-jobs`, {
        action: { type: 'stage', pipelineUID, stageUID: to },
        GTIDs: gtids,
      });
      if (res.status !== 202) throw new Error(`bulk job answered ${res.status}`);
      for (;;) {
        const { job } = (
          await server.json<{ job: { state: string; done: number; failed: number } }>(
            'GET',
            `/api/teams/${teamUID}/bulk-jobs/${res.body.jobUID}`,
          )
        ).body;
        if (job.state === 'done') {
          if (job.done !== MOVED) throw new Error(`moved ${job.done} of ${MOVED}`);
          break;
        }
        if (job.state === 'failed') throw new Error('the bulk job failed');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      seconds.push((performance.now() - started) / 1000);
      // CPU per contact moved (the job's polling requests included: they are few).
      quick?.collect({
        id: 'bulk-stage (per contact)',
        figure: `${seconds.at(-1)!.toFixed(2)} s for ${MOVED}`,
        ...perRequest(await server.cpuSince(split), MOVED),
        errors: 0,
      });
    }
    const took = median(seconds);
    const target = server.postgres ? 5 : null;
    process.stdout.write(
      [
        '',
        `bulk-stage: ${engine}, team of ${CONTACTS} contacts, one webhooks connection, ` +
          `${MOVED} contacts per job, ${RUNS} runs, median`,
        `  request to done: ${took.toFixed(2)} s (runs: ${seconds.map((x) => x.toFixed(2)).join(', ')} s)` +
          `, ${(MOVED / took).toFixed(0)} contacts/s`,
        `  machine load (1/5/15 min): ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
        target === null
          ? '  no target embedded (reported only)'
          : `  target <= ${target} s: ${took <= target ? 'met' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    return target === null || took <= target;
  } finally {
    await server.stop();
  }
}
