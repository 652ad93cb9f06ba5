import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import type { BossDb } from '../db/tx';
import type { Logger } from '../logger';

/**
 * Every queue the app uses. All are created at start (DESIGN §3), so a `send` to a name that is
 * not here is a programming error and throws.
 */
export const QUEUES = ['maintenance', 'bulk', 'member-sync', 'change-log-retention'] as const;
export type QueueName = (typeof QUEUES)[number];

export class UnknownQueueError extends Error {}
export class JobNotQueuedError extends Error {}

export interface SendOptions extends Omit<PgBoss.SendOptions, 'db'> {
  /** The transaction's db (Tx.bossDb): the job exists only if the transaction commits. */
  db?: BossDb;
}

export interface Jobs {
  boss: PgBoss;
  send(queue: string, data: object, options?: SendOptions): Promise<string>;
  stop(): Promise<void>;
}

export async function startJobs(database: Database, logger: Logger): Promise<Jobs> {
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
  for (const name of QUEUES) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name);
  }
  if (database.mode === 'embedded') {
    // One process per data folder (the lock file): jobs still marked active belong to a
    // process that is gone, so they run again. Batches are idempotent with a progress cursor.
    await database.pool.query(`UPDATE pgboss.job SET state = 'retry' WHERE state = 'active'`);
  }
  const known = new Set<string>(QUEUES);
  return {
    boss,
    async send(queue, data, options = {}) {
      if (!known.has(queue)) throw new UnknownQueueError(`No job queue named "${queue}".`);
      const id = await boss.send(queue, data, options as PgBoss.SendOptions);
      if (!id) throw new JobNotQueuedError(`The job for queue "${queue}" was not queued.`);
      return id;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
