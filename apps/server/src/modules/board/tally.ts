import { systemScope } from '../../db/scope';
import type { Services } from '../../services';
import { foldStageTallies } from './tally.repo';

const scope = systemScope('stage tally folding');

/**
 * How often the tallies are folded: a busy pipeline gathers a few hundred delta rows between. A
 * housekeeping cadence on real time, not a due time: nothing waits on it (tests fold by hand).
 */
export const TALLY_FOLD_INTERVAL_MS = 5_000;
/** Pipelines folded per statement; a backlog is worked through in further statements at once. */
const PIPELINES_PER_FOLD = 200;

/** Folds every pipeline's unfolded stage tallies now. Returns how many pipelines were folded. */
export async function foldAllStageTallies(services: Pick<Services, 'database'>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldStageTallies(scope, services.database.db, PIPELINES_PER_FOLD);
    total += n;
    if (n < PIPELINES_PER_FOLD) return total;
  }
}

/**
 * Folds the stage tallies every few seconds in this process, so the board's read stays a few rows
 * per stage. Every server may run it: concurrent folds stay correct (see foldStageTallies). A
 * failed fold only leaves more rows to sum; it is logged and tried again next time.
 */
export function startTallyFolding(services: Pick<Services, 'database' | 'logger'>): {
  stop(): Promise<void>;
} {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running) return; // the last fold is still at work
    running = foldAllStageTallies(services)
      .catch((err: unknown) => {
        if (!stopped) services.logger.warn({ err }, 'folding stage tallies failed');
      })
      .finally(() => {
        running = null;
      });
  }, TALLY_FOLD_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
