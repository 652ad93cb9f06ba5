import type { Identity } from '../auth/identity-token';
import type { Logger } from '../logger';

export interface AppVariables {
  requestId: string;
  log: Logger;
  identity: Identity;
}

export interface AppEnv {
  Variables: AppVariables;
}
