import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { findPipeline } from './repo';

/**
 * Whether the scope sees the pipeline: one of its team's, and one a member was given access to.
 * For other modules that store a reference to a pipeline and must not accept one the caller
 * cannot see (another team's answers "not found").
 */
export async function pipelineVisible(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<boolean> {
  return (await findPipeline(scope, db, pipelineUID)) !== null;
}
