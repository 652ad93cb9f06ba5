import crypto from 'node:crypto';
import pg from 'pg';
import { startServices, type StartedServices } from '../bootstrap';
import type { TestClock } from '../clock';
import { loadConfig } from '../config';
import { createLogger } from '../logger';

/** PostgreSQL to run the suite against as well (CI sets it); unset = embedded PGlite only. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const ENGINE = TEST_DATABASE_URL ? 'postgresql' : 'pglite';

export interface TestServices extends StartedServices {
  /**
   * Moves this backend's app clock (`clock`): `testClock.advance(2 * DAY)` and every due time,
   * wait and calendar rule reads two days later, without waiting.
   */
  testClock: TestClock;
  /** Stops everything and drops the throwaway database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, fully migrated Leadloom backend per test file: in-memory PGlite by default, or a new
 * database on TEST_DATABASE_URL's server, dropped afterwards.
 */
export async function startTestServices(
  /** Extra environment for this backend (e.g. SMTP_URL, PASSWORD_MIN_LENGTH). */
  env: Record<string, string> = {},
): Promise<TestServices> {
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (TEST_DATABASE_URL) {
    const name = `leadloom_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    NODE_ENV: 'test',
    ...env,
  });
  const services = await startServices(config, createLogger(config.logLevel), {
    dataDir: undefined,
  });
  const testClock = services.clock.test;
  if (!testClock) throw new Error('the test backend has no movable clock (NODE_ENV must be test)');
  return {
    ...services,
    testClock,
    async cleanup() {
      await services.close();
      await drop?.();
    },
  };
}
