import { DomainError } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
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
    throw new DomainError('not-found', 'This contact is not in that pipeline.', field);
  }
}

/** Which of `gtids` are in the pipeline (a visible one); the set form of the check above. */
export const contactsInPipeline = (
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
  pipelineUID: string,
) => repo.inVisiblePipeline(scope, db, gtids, pipelineUID);
