import { createBetterAuth, migrateAuthTables, resolveAuthSecret } from './auth/auth';
import { createTokenVerifier } from './auth/identity-token';
import type { Config } from './config';
import { createAppClock } from './clock';
import { openDatabase } from './db/database';
import { lockDataDir } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { HOUSE_QUEUES, startJobs } from './jobs/boss';
import type { Logger } from './logger';
import { workChangeLogRetention } from './jobs/change-log-retention';
import { startTallyFolding } from './modules/board/tally';
import { MODULES } from './modules';
import { passwordResetMail, sendMail } from './modules/mail/service';
import type { Services } from './services';

export interface StartedServices extends Services {
  /** Stops the timer that folds stage tallies (a test that folds by hand must not race it). */
  stopTallyFolding(): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Embedded data folder; undefined with no databaseUrl = in memory (tests). */
  dataDir: string | undefined;
  /** Extra origins allowed to call the auth endpoints (the Vite dev server). */
  extraOrigins?: string[];
}

export interface Backend {
  database: StartedServices['database'];
  auth: StartedServices['auth'];
  close(): Promise<void>;
}

/**
 * Opens the database (taking the data folder's lock when embedded) and applies better-auth's and
 * our migrations, without job queues: what one-off commands (the demo seed) need.
 */
export async function openBackend(
  config: Config,
  logger: Logger,
  opts: ServiceOptions,
  /** The reset mail needs the finished services; better-auth only calls it after start. */
  started: { services?: Services } = {},
): Promise<Backend> {
  const unlock = !config.databaseUrl && opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    const database = await openDatabase({
      clock: createAppClock(config),
      databaseUrl: config.databaseUrl,
      dataDir: opts.dataDir,
      logger,
    });
    try {
      const secret =
        config.authSecret ?? resolveAuthSecret(undefined, opts.dataDir ?? config.dataDir);
      const auth = createBetterAuth({
        pool: database.pool,
        publicUrl: config.publicUrl,
        secret,
        trustedOrigins: [config.publicUrl, ...(opts.extraOrigins ?? [])],
        minPasswordLength: config.passwordMinLength,
        logger,
        sendResetPassword: async ({ email, name, token }) => {
          if (!started.services) throw new Error('password reset requested before start');
          await sendMail(started.services, passwordResetMail(config.publicUrl, email, name, token));
        },
      });
      await migrateAuthTables(auth);
      await migrateDatabase(database);
      return {
        database,
        auth,
        async close() {
          await database.close();
          unlock();
        },
      };
    } catch (error) {
      await database.close();
      throw error;
    }
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Opens the backend (`openBackend`) and starts the job queues and their workers. Used by the
 * server and tests.
 */
export async function startServices(
  config: Config,
  logger: Logger,
  opts: ServiceOptions,
): Promise<StartedServices> {
  const started: { services?: Services } = {};
  const backend = await openBackend(config, logger, opts, started);
  const { database, auth } = backend;
  try {
    const jobs = await startJobs(database, logger, [
      ...HOUSE_QUEUES,
      ...MODULES.flatMap((m) => m.queues ?? []),
    ]);
    const services: Services = {
      config,
      logger,
      database,
      auth,
      jobs,
      clock: database.clock,
      verifyToken: createTokenVerifier(auth, config.publicUrl, database),
    };
    started.services = services;
    if (config.superAdminEmailsSet) {
      // Nothing verifies e-mail addresses: whoever signed up with a listed address would be made
      // a super admin. The command on the server is the only way now.
      logger.warn(
        'SUPER_ADMIN_EMAILS is set but ignored: make a super admin with `npm run admin -- grant EMAIL` on the server',
      );
    }
    if (config.testClockFile) {
      logger.warn(
        { file: config.testClockFile },
        'LEADLOOM_TEST_CLOCK_FILE is set: the app clock is moved by that file (browser tests only)',
      );
    }
    try {
      await workChangeLogRetention(services);
      for (const module of MODULES) await module.start?.(services);
    } catch (error) {
      await jobs.stop().catch(() => {});
      throw error;
    }
    const tallies = startTallyFolding(services);
    return {
      ...services,
      stopTallyFolding: () => tallies.stop(),
      async close() {
        await tallies.stop();
        await jobs.stop().catch((err: unknown) => logger.warn({ err }, 'job queue stop failed'));
        await backend.close();
      },
    };
  } catch (error) {
    await backend.close();
    throw error;
  }
}
