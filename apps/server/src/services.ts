import type { BetterAuth } from './auth/auth';
import type { Identity } from './auth/identity-token';
import type { Clock } from './clock';
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
  /** The clock for calendar rules (tasks' today, the home dashboard); clock.ts. */
  now: Clock;
  /** With `teamUID`, the identity also carries the caller's scope in that team (`teamScope`). */
  verifyToken(token: string, teamUID?: string): Promise<Identity | null>;
}
