import type { Identity } from '../auth/identity-token';
import type { TeamScope } from '../db/scope';
import type { WriteOptions } from '../db/tx';
import type { Logger } from '../logger';

export interface AppVariables {
  requestId: string;
  log: Logger;
  identity: Identity;
  /** Set on team routes (`/api/teams/:teamUID/...`) only, by `http/team-route.ts`. */
  scope: TeamScope;
  /** Set on team routes only: the write's options from its `x-change-id` header. */
  write: WriteOptions;
  /** Set on spec paths (`/v2`...) by their auth middleware: when the route began (Server-Timing). */
  routeStarted: number;
}

export interface AppEnv {
  Variables: AppVariables;
}
