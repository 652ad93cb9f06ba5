import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import type { Services } from '../../services';
import { deleteFinished } from './repo';

/** Finished outbox rows (done, failed, skipped) are kept this long, then deleted. */
export const OUTBOX_RETENTION_DAYS = 7;
export const OUTBOX_RETENTION_QUEUE = 'outbox-retention';
/** Hourly, at a minute nothing else favours. */
export const OUTBOX_RETENTION_CRON = '41 * * * *';

const scope = systemScope('outbox retention');

/**
 * Deletes rows finished before `cutoffMs` (app clock, like `finished_at`), in short transactions
 * of `batch` rows; answers how many.
 */
export async function pruneFinishedOutbox(
  services: Pick<Services, 'database'>,
  cutoffMs: number,
  batch = 5_000,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await withTx(services.database, scope, (tx) =>
      deleteFinished(scope, tx, cutoffMs, batch),
    );
    deleted += n;
    if (n < batch) return deleted;
  }
}

export async function workOutboxRetention(services: Services): Promise<void> {
  const { boss } = services.jobs;
  await boss.schedule(OUTBOX_RETENTION_QUEUE, OUTBOX_RETENTION_CRON, {}, { tz: 'UTC' });
  await boss.work(OUTBOX_RETENTION_QUEUE, async () => {
    const deleted = await pruneFinishedOutbox(
      services,
      services.clock.now() - OUTBOX_RETENTION_DAYS * 86_400_000,
    );
    if (deleted > 0) services.logger.info({ deleted }, 'finished outbox rows deleted');
    return { deleted };
  });
}
