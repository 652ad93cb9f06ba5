import type { AppDb } from '../../db/database';
import type { SystemScope } from '../../db/scope';
import { insertTeam, type NewTeam } from './repo';

export type { NewTeam };

/**
 * A new team, inside the caller's transaction: the better-auth organisation with its owner as
 * member, the team row, its directory entry and the owner's current team. Sign-up calls it; the
 * rows stay this module's to shape.
 */
export const createTeam = (scope: SystemScope, db: AppDb, team: NewTeam): Promise<void> =>
  insertTeam(scope, db, team);
