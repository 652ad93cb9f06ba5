import type { Context } from 'hono';
import type { AppDb, Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../http/errors';
import { teamScopeFor } from '../teams/service';
import * as repo from './placement.repo';

/**
 * Shared checks of the routes for the parts of a contact (notes, tags, deals, answers). A
 * pipeline the scope may not see, or one the contact is not in, is "not found" (404) naming
 * the field, so an invisible pipeline cannot be told apart from a missing one.
 */
export async function requireContactInPipeline(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  pipelineUID: string,
  field = 'pipelineUID',
): Promise<void> {
  if (!(await repo.isInVisiblePipeline(scope, db, gtid, pipelineUID))) {
    throw new ApiError('not-found', 'This contact is not in that pipeline.', field);
  }
}

/** Which of `gtids` are in the pipeline (a visible one); the set form of the check above. */
export const contactsInPipeline = (
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  pipelineUID: string,
) => repo.inVisiblePipeline(scope, db, gtids, pipelineUID);

export const authorName = (scope: TeamScope, db: AppDb) => repo.userName(scope, db);

/** The `x-change-id` header of a write, for the change log (DESIGN §7). */
export function changeIdOf(header: string | undefined) {
  if (header !== undefined && header.length > 200) {
    throw new ApiError('invalid-argument', 'x-change-id: up to 200 characters.', 'x-change-id');
  }
  return { changeId: header || null };
}

/** The caller's scope in the route's team (404 for a team they are not in). */
export const routeScope = (database: Database, c: Context<AppEnv>) =>
  teamScopeFor(database, c.get('identity').uid, c.req.param('teamUID') ?? '');
