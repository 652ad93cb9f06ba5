import { OUTBOX_KINDS, type OutboxKind } from '@leadloom/core';
import { systemScope } from '../../db/scope';
import { withTx } from '../../db/tx';
import { startDrainWorker } from '../../jobs/drain-worker';
import type { Services } from '../../services';
import { OutboxDispatcher, type DispatcherOptions } from './dispatcher';
import { recordFirstStart } from './repo';
import { onOutboxCommitted } from './signal';

/** One pg-boss queue per outbox kind (a kind of work), never one per team or connection. */
export const outboxQueue = (kind: OutboxKind) => `outbox-${kind}`;
export const OUTBOX_QUEUES = OUTBOX_KINDS.map(outboxQueue);

export interface OutboxConsumerOptions extends DispatcherOptions {
  kind: OutboxKind;
  /** Real-time budget of one job's drain before it hands over to a fresh job. */
  drainBudgetMs?: number;
}

export interface StartedConsumer {
  dispatcher: OutboxDispatcher;
  /** Rows skipped at this kind's first start (null: it had started before). */
  skippedAtFirstStart: number | null;
  /** Asks for a run now (what a commit that wrote rows of the kind does). */
  nudge(): void;
}

/**
 * Starts the consumer of one outbox kind (the workflow engine registers `workflow-trigger`, the
 * sync engine `sync`), from its module's `start`:
 * - the kind's first start is recorded, and rows committed before it are marked skipped, in one
 *   transaction (they were written while nothing consumed them, e.g. months of stage changes
 *   before workflows existed, and must not all fire now);
 * - a pg-boss worker on the kind's queue drains due rows; the queue is `stately` (one job waiting
 *   and one running at most), so any number of wake-ups collapse into one run;
 * - wake-ups: a schedule every minute, and a nudge after each commit that wrote rows of the kind
 *   (Tx.afterCommit, like realtime's wake-up on commit): the job is queued for any process's
 *   worker, and this process's worker is told to fetch it now rather than at its next poll.
 */
export async function startOutboxConsumer(
  services: Services,
  opts: OutboxConsumerOptions,
): Promise<StartedConsumer> {
  const queue = outboxQueue(opts.kind);
  const logger = services.logger.child({ outbox: opts.kind });
  const scope = systemScope(`outbox consumer start (${opts.kind})`);
  const skipped = await withTx(services.database, scope, (tx) =>
    recordFirstStart(scope, tx, opts.kind, services.clock.now()),
  );
  if (skipped !== null) logger.info({ skipped }, 'outbox consumer first start');

  const dispatcher = new OutboxDispatcher(services.database, logger, opts);
  const { nudge } = await startDrainWorker(services, queue, () =>
    dispatcher.drain(opts.drainBudgetMs),
  );
  onOutboxCommitted((kind) => {
    if (kind === opts.kind) nudge();
  });
  return { dispatcher, skippedAtFirstStart: skipped, nudge };
}
