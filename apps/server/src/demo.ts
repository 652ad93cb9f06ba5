import { parseArgs } from 'node:util';
import { openBackend } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/database';
import { DataDirInUseError } from './db/lock';
import { createLogger } from './logger';
import { DEMO_USER } from './seed/demo-data';
import { seedDemo } from './seed/demo';

/**
 * `npm run demo [-- --contacts N] [--stage-heavy]`: seeds the demo team into DATA_DIR or
 * DATABASE_URL; `--stage-heavy` puts half of the contacts in one stage. Opens the database
 * without the job queues: nothing here needs them, and on the embedded database's one
 * connection their timers would only wait (and time out) behind the seed.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      contacts: { type: 'string', default: '48' },
      'stage-heavy': { type: 'boolean', default: false },
    },
  });
  const contacts = Number(values.contacts);
  if (!Number.isInteger(contacts) || contacts < 0 || contacts > 1_000_000) {
    throw new ConfigError(
      `--contacts must be a whole number from 0 to 1000000, got ${values.contacts}`,
    );
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const backend = await openBackend(config, logger, {
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const started = performance.now();
    const result = await seedDemo(backend.database, backend.auth, {
      contacts,
      stageHeavy: values['stage-heavy'],
      onTimings: (ms) =>
        logger.debug(
          Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v)])),
          'demo seed: ms per table',
        ),
    });
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      result.created
        ? `Seeded the demo team with ${result.contacts} contacts in ${secs} s. Sign in as ${DEMO_USER.email} / ${DEMO_USER.password}\n`
        : `The demo team already exists (${DEMO_USER.email}); nothing changed.\n`,
    );
  } finally {
    await backend.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DatabaseUnavailableError
  ) {
    process.stderr.write(`leadloom: ${error.message}\n`);
  } else {
    process.stderr.write(`leadloom: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
