import { DomainError } from '@leadloom/core';
import type { PipelineSummary } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import type { Db } from '../../db/tx';
import * as repo from './repo';

/**
 * Reading a pipeline, for every module: the one home of these reads (the SQL is in ./repo).
 * Each applies the scope's pipeline visibility: another team's pipeline, or one a member was
 * not given, reads as missing, so a caller cannot tell it apart from one that does not exist.
 */

export type { PipelineRef, StageRef } from './repo';

/** A pipeline the scope may see, or null; `lock` holds its row until the transaction ends. */
export const findPipeline = (
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  opts: { lock?: boolean } = {},
) => repo.findPipeline(scope, db, pipelineUID, opts);

/** A pipeline the scope may see with its stages by idx (one statement), or null. */
export const findPipelineWithStages = (scope: TeamScope, db: AppDb, pipelineUID: string) =>
  repo.findPipelineWithStages(scope, db, pipelineUID);

/**
 * Whether the scope sees the pipeline. For modules that store a reference to a pipeline and
 * must not accept one the caller cannot see.
 */
export async function pipelineVisible(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<boolean> {
  return (await repo.findPipeline(scope, db, pipelineUID)) !== null;
}

/**
 * A pipeline the scope may see and one of its stages: `stageUID`, or without one the
 * placeholder (the lowest idx). Else 404 "Pipeline not found" or "Stage not found in this
 * pipeline", naming `fields` when given.
 */
export async function requirePipelineStage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string | undefined,
  fields?: { pipeline: string; stage: string },
): Promise<{ pipeline: repo.PipelineRef; stage: repo.StageRef }> {
  const found = await repo.findPipelineWithStages(scope, db, pipelineUID);
  if (!found) throw new DomainError('not-found', 'Pipeline not found', fields?.pipeline);
  const stage =
    stageUID === undefined ? found.stages[0] : found.stages.find((st) => st.stageUID === stageUID);
  if (!stage) throw new DomainError('not-found', 'Stage not found in this pipeline', fields?.stage);
  return { pipeline: found.pipeline, stage };
}

/** The pipelines the scope sees, in order, with their contact counts (GET /pipelines). */
export async function getPipelines(
  db: Db,
  scope: TeamScope,
): Promise<{ pipelines: PipelineSummary[] }> {
  return { pipelines: await repo.listPipelines(scope, db.db) };
}
