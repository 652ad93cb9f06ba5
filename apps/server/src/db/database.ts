import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { AppClock } from '../clock';
import type { Logger } from '../logger';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded/start-embedded';
import { createGuardedPool } from './pool';
import * as schema from './schema';

export type Schema = typeof schema;
export type AppDb = NodePgDatabase<Schema>;

export interface Database {
  mode: 'embedded' | 'postgres';
  /** Where the data lives, for log lines and errors. */
  describe: string;
  /** The shared pool: drizzle, better-auth and pg-boss all use it (guarded inside transactions). */
  pool: pg.Pool;
  db: AppDb;
  /** The app clock (clock.ts), so every transaction computes its due times from the same one. */
  clock: AppClock;
  acquireForTransaction(): Promise<pg.PoolClient>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset = embedded. */
  databaseUrl?: string | undefined;
  /** Embedded data folder; undefined = in memory (tests). */
  dataDir?: string | undefined;
  logger: Logger;
  /** The app clock the services share (clock.ts). */
  clock: AppClock;
  /** Pool size on PostgreSQL (embedded is always 1). */
  poolSize?: number;
}

function safeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let connectionString: string;
  let describe: string;
  if (opts.databaseUrl) {
    connectionString = opts.databaseUrl;
    describe = `PostgreSQL at ${safeTarget(opts.databaseUrl)}`;
  } else {
    embedded = await startEmbeddedPostgres(opts.dataDir);
    connectionString = embedded.connectionString;
    describe = opts.dataDir ? `embedded PGlite in ${opts.dataDir}` : 'embedded PGlite in memory';
  }
  const { pool, acquireForTransaction } = createGuardedPool(connectionString, {
    max: embedded ? 1 : (opts.poolSize ?? 10),
    logger: opts.logger,
  });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop();
    const reason =
      error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
    throw new DatabaseUnavailableError(`Cannot connect to the database (${describe}): ${reason}`);
  }
  const db = drizzle(pool, { schema });
  let closed: Promise<void> | undefined;
  return {
    mode: embedded ? 'embedded' : 'postgres',
    describe,
    pool,
    db,
    clock: opts.clock,
    acquireForTransaction,
    close() {
      closed ??= (async () => {
        await pool.end().catch(() => {});
        await embedded?.stop();
      })();
      return closed;
    },
  };
}
