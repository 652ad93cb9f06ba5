import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database';
import { findServerAsset } from './find-asset';
import * as schema from './schema';

/** Arbitrary constant: serialises migrations when several processes start on one PostgreSQL. */
const MIGRATION_LOCK = 7_031_977;

/** Applies our drizzle migrations (after better-auth has created its own tables). */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.acquireForTransaction();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: findServerAsset('drizzle') });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
