/**
 * Run after a benchmark's seed, before the server starts (startBenchServer's `prepare`): VACUUM
 * (ANALYZE) of the whole database, what PostgreSQL's autovacuum does within a minute of a bulk
 * load and what embedded PGlite's maintenance does at start. Without it a browser benchmark
 * measures its first pages while autovacuum works through 40,000 fresh contacts on the same two
 * cores (the table's first paint: 1,052 / 984 ms against 936 ms after a VACUUM, session 8).
 */
import { openBackend } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { createLogger } from '../apps/server/src/logger';

async function main() {
  const config = loadConfig();
  const backend = await openBackend(config, createLogger(config.logLevel), {
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const started = performance.now();
    await backend.database.pool.query('VACUUM (ANALYZE)');
    process.stdout.write(
      `VACUUM (ANALYZE) after the seed: ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await backend.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
