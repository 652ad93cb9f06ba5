import type { BetterAuth } from './auth/auth';
import type { Identity } from './auth/identity-token';
import type { AppClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Jobs } from './jobs/boss';
import type { Logger } from './logger';

/** What the HTTP layer and modules are built from; assembled once in `startServer`. */
export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  auth: BetterAuth;
  jobs: Jobs;
  /**
   * The app clock (clock.ts): calendar rules and everything that schedules read it; the same
   * instance as `database.clock`, which transactions carry.
   */
  clock: AppClock;
  /** With `teamUID`, the identity also carries the caller's scope in that team (`teamScope`). */
  verifyToken(token: string, teamUID?: string): Promise<Identity | null>;
}
