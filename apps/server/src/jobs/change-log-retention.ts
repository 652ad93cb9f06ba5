import { systemScope } from '../db/scope';
import type { Services } from '../services';
import { maintainEmbeddedDatabase } from './embedded-maintenance';
import { deleteExpiredChanges, teamsWithExpiredChanges } from './change-log-retention.repo';

/**
 * Change-log retention (DESIGN §5): realtime clients resume from the change log, so entries are
 * kept for `CHANGE_LOG_RETENTION_DAYS`; older ones are deleted in bounded batches, keeping each
 * team's latest entry. A client whose `Last-Event-ID` predates what is left gets `reset`.
 */
export const CHANGE_LOG_RETENTION_QUEUE = 'change-log-retention';
/** Hourly, at a minute nothing else favours. */
export const CHANGE_LOG_RETENTION_CRON = '23 * * * *';

const scope = systemScope('change-log retention');

export interface PruneOptions {
  /** Entries dated before this go (all but each team's latest). */
  cutoff: Date;
  /** Rows per DELETE statement: each is its own short transaction. */
  batch?: number;
  /** Teams read per look-up. */
  teamsPerPage?: number;
}

export interface PruneResult {
  deleted: number;
  teams: number;
}

/** Trims every team's change log to what is newer than `cutoff` (plus its latest entry). */
export async function pruneChangeLog(
  services: Pick<Services, 'database'>,
  opts: PruneOptions,
): Promise<PruneResult> {
  const batch = opts.batch ?? 5_000;
  const teamsPerPage = opts.teamsPerPage ?? 500;
  const db = services.database.db;
  let deleted = 0;
  let teams = 0;
  let after = '';
  for (;;) {
    const page = await teamsWithExpiredChanges(scope, db, opts.cutoff, after, teamsPerPage);
    for (const teamUID of page) {
      teams++;
      for (;;) {
        const n = await deleteExpiredChanges(scope, db, teamUID, opts.cutoff, batch);
        deleted += n;
        if (n < batch) break;
      }
    }
    if (page.length < teamsPerPage) break;
    after = page[page.length - 1]!;
  }
  return { deleted, teams };
}

/**
 * Schedules the hourly retention run and starts its worker; an embedded database is vacuumed and
 * analysed now, in the background (a fresh start may follow a big import or seed).
 */
export async function workChangeLogRetention(services: Services): Promise<void> {
  const { boss } = services.jobs;
  const days = services.config.changeLogRetentionDays;
  maintainEmbeddedDatabase(services).catch((err: unknown) =>
    services.logger.warn({ err }, 'VACUUM (ANALYZE) at start failed'),
  );
  await boss.schedule(CHANGE_LOG_RETENTION_QUEUE, CHANGE_LOG_RETENTION_CRON, {}, { tz: 'UTC' });
  await boss.work(CHANGE_LOG_RETENTION_QUEUE, async () => {
    // Real time, not the app clock: the cutoff is compared with the entries' created_at, which
    // the database stamps with its own now().
    const started = Date.now();
    const result = await pruneChangeLog(services, {
      cutoff: new Date(started - days * 86_400_000),
    });
    // The same hourly maintenance run vacuums and analyses an embedded database.
    await maintainEmbeddedDatabase(services);
    if (result.deleted > 0) {
      services.logger.info(
        { ...result, ms: Date.now() - started, retentionDays: days },
        'change log trimmed',
      );
    }
    return result;
  });
}
