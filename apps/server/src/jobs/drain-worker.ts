import { JobNotQueuedError } from './boss';
import type { Services } from '../services';

/** Every minute: what picks up work that falls due later (a wait, a retry) and lost nudges. */
export const DRAIN_CRON = '* * * * *';

/**
 * How long a nudge waits for others to join it. Each drain costs its own transactions (the claim,
 * the consumer's, the queue's job), so a drain per commit cost a stage change a third more CPU
 * (`npm run bench -- compare`, embedded); one a second at most costs a tenth, and a workflow
 * still starts within about a second of the change that triggers it.
 */
const NUDGE_GATHER_MS = 1000;

export interface DrainWorker {
  /** Asks for a drain now (what a commit that made new work does). */
  nudge(): void;
}

/**
 * A worker that drains one kind of work from the database: one pg-boss queue (policy `stately`:
 * one job waiting and one running at most, so any number of wake-ups collapse into one run), run
 * every minute by a schedule and at once when `nudge` is called. The nudge queues the job for any
 * process's worker and tells this process's worker to fetch it now rather than at its next poll.
 * `drain` answers whether work is left (its time budget ran out): then another run is asked for.
 */
export async function startDrainWorker(
  services: Services,
  queue: string,
  drain: () => Promise<{ more: boolean }>,
): Promise<DrainWorker> {
  const { boss } = services.jobs;
  const logger = services.logger.child({ queue });
  await boss.updateQueue(queue, { name: queue, policy: 'stately' });
  await boss.schedule(queue, DRAIN_CRON, {}, { tz: 'UTC' });

  let workerId: string | null = null;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  let again = false;
  // Nudges within NUDGE_GATHER_MS make one send: a busy team's commits would otherwise each add
  // a statement (the job's insert, refused while one waits) to the hot write paths.
  const nudge = () => {
    if (waiting) {
      again = true;
      return;
    }
    waiting = setTimeout(() => {
      services.jobs
        .send(queue, {})
        .catch((error: unknown) => {
          // Not queued = a run is already waiting: that one will do.
          if (!(error instanceof JobNotQueuedError)) logger.warn({ err: error }, 'nudge failed');
        })
        .finally(() => {
          waiting = null;
          if (workerId) boss.notifyWorker(workerId);
          if (again) {
            again = false;
            nudge();
          }
        });
    }, NUDGE_GATHER_MS);
    waiting.unref?.();
  };

  workerId = await boss.work(queue, { pollingIntervalSeconds: 5 }, async () => {
    const { more } = await drain();
    if (more) nudge();
  });
  return { nudge };
}
