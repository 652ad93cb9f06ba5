import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import type { BossDb } from '../db/tx';
import type { Logger } from '../logger';
import { CHANGE_LOG_RETENTION_QUEUE } from './change-log-retention';

/** The house's own queues; each module names its own in its manifest (`queues`). */
export const HOUSE_QUEUES = ['maintenance', CHANGE_LOG_RETENTION_QUEUE] as const;

export class UnknownQueueError extends Error {}
export class JobNotQueuedError extends Error {}
export class QueueTimeError extends Error {}

/**
 * pg-boss options that make the queue keep time itself (a start delay, a retry delay, a time-slot
 * singleton), on the database's clock: refused. A job's due time is computed from the app clock
 * (clock.ts) and stored where a worker reads it, so a test can move every wait at once.
 */
const QUEUE_TIMED_OPTIONS = [
  'startAfter',
  'singletonSeconds',
  'singletonMinutes',
  'singletonHours',
  'singletonNextSlot',
  'retryDelay',
  'retryBackoff',
] as const;

export interface SendOptions extends Omit<
  PgBoss.SendOptions,
  'db' | (typeof QUEUE_TIMED_OPTIONS)[number]
> {
  /** The transaction's db (Tx.bossDb): the job exists only if the transaction commits. */
  db?: BossDb;
}

export interface Jobs {
  boss: PgBoss;
  send(queue: string, data: object, options?: SendOptions): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the job queue with every queue the app uses (`queues`: the house's and the modules'). All
 * are created at start (DESIGN §3), so a `send` to a name that is not among them is a programming
 * error and throws.
 */
export async function startJobs(
  database: Database,
  logger: Logger,
  queues: readonly string[],
): Promise<Jobs> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        const r = await database.pool.query(text, values);
        return { rows: r.rows };
      },
    },
    schema: 'pgboss',
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of queues) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
  }
  if (database.mode === 'embedded') {
    // One process per data folder (the lock file): jobs still marked active belong to a
    // process that is gone, so they run again. Batches are idempotent with a progress cursor.
    await database.pool.query(`UPDATE pgboss.job SET state = 'retry' WHERE state = 'active'`);
  }
  const known = new Set<string>(queues);
  return {
    boss,
    async send(queue, data, options = {}) {
      if (!known.has(queue)) throw new UnknownQueueError(`No job queue named "${queue}".`);
      const timed = QUEUE_TIMED_OPTIONS.filter((k) => (options as PgBoss.SendOptions)[k]);
      if (timed.length > 0) {
        throw new QueueTimeError(
          `Job options ${timed.join(', ')} keep time on the queue's clock: store the due time, computed from the app clock, instead.`,
        );
      }
      const id = await boss.send(queue, data, options as PgBoss.SendOptions);
      if (!id) throw new JobNotQueuedError(`The job for queue "${queue}" was not queued.`);
      return id;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
