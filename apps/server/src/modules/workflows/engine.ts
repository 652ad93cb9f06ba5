import { workflowTriggerPayloadSchema } from '@leadloom/core';
import { systemScope } from '../../db/scope';
import { startDrainWorker, type DrainWorker } from '../../jobs/drain-worker';
import type { Services } from '../../services';
import { startOutboxConsumer } from '../outbox/worker';
import type { DeliveryResult } from '../outbox/types';
import { advanceRuns, takeEvent } from './runs';
import { interestOf } from './runs.repo';

const engineScope = systemScope('workflow engine');

/** The runner's queue: one for every team's runs (a kind of work, not a team). */
export const WORKFLOW_RUNS_QUEUE = 'workflow-runs';

/** Real time one runner job spends before it hands over to a fresh job. */
const DRAIN_BUDGET_MS = 10_000;

/**
 * Starts the workflow engine in this process: the consumer of `workflow-trigger` outbox rows,
 * which starts runs and wakes waiting ones, and the runner, which moves due runs. A commit that
 * started or woke runs nudges the runner; its schedule picks up waits that came due.
 */
let runner: DrainWorker | null = null;

/** Asks this process's runner for a pass now (a run was made ready outside an event). */
export const nudgeRunner = () => runner?.nudge();

export async function startWorkflowEngine(services: Services): Promise<void> {
  await startOutboxConsumer(services, {
    kind: 'workflow-trigger',
    consume: async (tx, rows) => {
      const results: DeliveryResult[] = [];
      const { triggers, waiting } = await interestOf(
        engineScope,
        tx.db,
        [...new Set(rows.map((r) => r.teamUID))],
        [...new Set(rows.map((r) => String(r.payload.GTID)))],
      );
      for (const row of rows) {
        const heard =
          triggers.has(`${row.teamUID}/${String(row.payload.trigger)}`) ||
          waiting.has(`${row.teamUID}/${String(row.payload.GTID)}`);
        if (!heard) {
          results.push({ outcome: 'done' });
          continue;
        }
        const event = workflowTriggerPayloadSchema.safeParse(row.payload);
        if (!event.success) {
          results.push({ outcome: 'failed', error: 'Not a workflow trigger event.' });
          continue;
        }
        const { started, woken } = await takeEvent(tx, row.teamUID, String(row.id), event.data);
        if (started + woken > 0) tx.afterCommit('workflow-runs', nudgeRunner);
        results.push({ outcome: 'done' });
      }
      return results;
    },
  });
  runner = await startDrainWorker(services, WORKFLOW_RUNS_QUEUE, async () => {
    const until = Date.now() + DRAIN_BUDGET_MS;
    while (Date.now() < until) {
      if ((await advanceRuns(services.database, services.logger)) === 0) return { more: false };
    }
    return { more: true };
  });
}
