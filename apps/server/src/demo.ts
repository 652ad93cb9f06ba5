import { parseArgs } from 'node:util';
import { openBackend } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/database';
import { DataDirInUseError } from './db/lock';
import { createLogger } from './logger';
import { seedTaskLoad } from './seed/bench-tasks';
import { DEMO_USER } from './seed/demo-data';
import { seedDemo } from './seed/demo';
import { FULL_TEAMS, seedMillion, ZIPF_CONTACTS, ZIPF_TEAMS } from './seed/million';

/**
 * `npm run demo [-- --contacts N] [--stage-heavy] [--tasks N]`: seeds the demo team into DATA_DIR or
 * DATABASE_URL; `--stage-heavy` puts half of the contacts in one stage. Opens the database
 * without the job queues: nothing here needs them, and on the embedded database's one
 * connection their timers would only wait (and time out) behind the seed.
 * `--tasks N` adds the tasks benchmark's load (seed/bench-tasks.ts).
 * `--million` then copies the demo team into the search benchmark's dataset (issue 7): with
 * `--contacts 40000`, 10 teams of 40,000 and 600,000 contacts over 990 Zipf-sized teams.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      contacts: { type: 'string', default: '48' },
      'stage-heavy': { type: 'boolean', default: false },
      million: { type: 'boolean', default: false },
      tasks: { type: 'string', default: '0' },
    },
  });
  const contacts = Number(values.contacts);
  if (!Number.isInteger(contacts) || contacts < 0 || contacts > 1_000_000) {
    throw new ConfigError(
      `--contacts must be a whole number from 0 to 1000000, got ${values.contacts}`,
    );
  }
  const tasks = Number(values.tasks);
  if (!Number.isInteger(tasks) || tasks < 0 || tasks > 1_000_000) {
    throw new ConfigError(`--tasks must be a whole number from 0 to 1000000, got ${values.tasks}`);
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
    if (tasks > 0 && result.created && result.teamUID) {
      const from = performance.now();
      const load = await seedTaskLoad(backend.database, result.teamUID, tasks);
      process.stdout.write(
        `Added ${load.members} teammates in as many time zones, ${load.open} open and ${load.done} done tasks ` +
          `in ${((performance.now() - from) / 1000).toFixed(1)} s.\n`,
      );
    }
    if (values.million && result.created && result.teamUID) {
      const from = performance.now();
      const more = await seedMillion(backend.database, result.teamUID, contacts);
      logger.debug(
        Object.fromEntries(Object.entries(more.timings).map(([k, v]) => [k, Math.round(v)])),
        'million seed: ms per table',
      );
      process.stdout.write(
        `Copied the demo team into ${FULL_TEAMS - 1} teams of ${contacts} and ${ZIPF_CONTACTS} contacts ` +
          `over ${ZIPF_TEAMS} Zipf-sized teams: ${more.contacts + result.contacts} contacts in all, ` +
          `${((performance.now() - from) / 1000).toFixed(1)} s more ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s in all).\n`,
      );
    }
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
