/**
 * Run after a benchmark's seed, before the server starts (startBenchServer's `prepare`): VACUUM
 * (ANALYZE) of the whole database, what PostgreSQL's autovacuum does within a minute of a bulk
 * load and what embedded PGlite's maintenance does at start. Without it a browser benchmark
 * measures its first pages while autovacuum works through 40,000 fresh contacts on the same two
 * cores (the table's first paint: 1,052 / 984 ms against 936 ms after a VACUUM, session 8).
 *
 * Self-contained (no app code): `bench -- compare` runs this harness against an older checkout's
 * database, which this checkout's migrations must never touch.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

async function vacuum(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('VACUUM (ANALYZE)');
    } finally {
      await client.end();
    }
    return;
  }
  const db = await PGlite.create(path.resolve(process.env.DATA_DIR ?? './data'), {
    extensions: { pg_trgm, btree_gin },
  });
  try {
    await db.exec('VACUUM (ANALYZE)');
  } finally {
    await db.close();
  }
}

const started = performance.now();
vacuum().then(
  () =>
    process.stdout.write(
      `VACUUM (ANALYZE) after the seed: ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    ),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
