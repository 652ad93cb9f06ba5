import { newPushId, PLACEHOLDER_STAGE, readableTextColor, notFound } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';
import { colours, invalid, requirePipeline, sameSet } from './service';

/**
 * A pipeline's stages (SPEC §3 Stage): add, edit, order; the checks and the last step of a
 * delete, whose cards the board moves on first (board/stage-delete.ts).
 */

async function checkPhase(scope: TeamScope, db: AppDb, phase: string | null | undefined) {
  if (phase === undefined || phase === null) return;
  if (!(await repo.findPhase(scope, db, phase))) {
    throw invalid('phase', `phase: "${phase}" is not a phase of this team.`);
  }
}

async function requireStage(scope: TeamScope, db: AppDb, pipelineUID: string, stageUID: string) {
  const s = await repo.findStage(scope, db, pipelineUID, stageUID);
  if (!s) throw notFound('Stage not found');
  return s;
}

export interface NewStageInput {
  name: string;
  color?: string | undefined;
  fontColor?: string | undefined;
  description?: string | undefined;
  phase?: string | null | undefined;
  remoteID?: string | null | undefined;
}

export async function createStage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  input: NewStageInput,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      await checkPhase(scope, tx.db, input.phase);
      const stageUID = newPushId();
      await repo.insertStages(scope, tx.db, pipelineUID, [
        {
          stageUID,
          name: input.name,
          ...colours(input.color, input.fontColor),
          description: input.description ?? '',
          phase: input.phase ?? null,
          remoteID: input.remoteID ?? null,
          idx: await repo.nextStageIdx(scope, tx.db, pipelineUID),
        },
      ]);
      await emit(tx, scope, { changed: [logChange('stage', stageUID, 'insert')] });
      return { stage: (await repo.findStage(scope, tx.db, pipelineUID, stageUID))! };
    },
    opts,
  );
}

export async function updateStage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
  patch: repo.StagePatch,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      const current = await requireStage(scope, tx.db, pipelineUID, stageUID);
      if (current.placeholder) {
        const other = (Object.keys(patch) as (keyof repo.StagePatch)[]).find(
          (k) => k !== 'description' && patch[k] !== undefined,
        );
        if (other) {
          throw invalid(
            other,
            `The placeholder stage "${PLACEHOLDER_STAGE.name}" keeps its ${other}; only its description can change.`,
          );
        }
      }
      await checkPhase(scope, tx.db, patch.phase);
      // A new colour without a font colour gets the font colour that reads on it.
      const fontColor =
        patch.color !== undefined && patch.fontColor === undefined
          ? readableTextColor(patch.color)
          : patch.fontColor;
      await repo.updateStage(scope, tx.db, pipelineUID, stageUID, { ...patch, fontColor });
      await emit(tx, scope, { changed: [logChange('stage', stageUID, 'update')] });
      return { stage: (await repo.findStage(scope, tx.db, pipelineUID, stageUID))! };
    },
    opts,
  );
}

export async function orderStages(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  order: string[],
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
      requireRole(scope, ...MANAGERS);
      const stages = await repo.listStages(scope, tx.db, pipelineUID);
      sameSet(
        order,
        stages.filter((s) => !s.placeholder).map((s) => s.stageUID),
        "pipeline's stages (all but the placeholder)",
      );
      await emit(tx, scope, {
        changed: (await repo.setStageOrder(scope, tx.db, pipelineUID, order)).map((uid) =>
          logChange('stage', uid, 'update'),
        ),
      });
      return { stages: await repo.listStages(scope, tx.db, pipelineUID) };
    },
    opts,
  );
}

/**
 * The checks of a stage's deletion, in the caller's transaction (the board deletes a stage,
 * since its cards move first): the pipeline locked, owners and admins only, not the
 * placeholder, and `moveTo` (default: the placeholder) another stage of the pipeline. Answers
 * the stage the cards go to.
 */
export async function checkStageDeletion(
  tx: Tx,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
  moveTo: string | undefined,
): Promise<{ stageUID: string }> {
  await requirePipeline(scope, tx.db, pipelineUID, { lock: true });
  requireRole(scope, ...MANAGERS);
  const stage = await requireStage(scope, tx.db, pipelineUID, stageUID);
  if (stage.placeholder) {
    throw invalid(
      'stageUID',
      `The placeholder stage "${PLACEHOLDER_STAGE.name}" cannot be deleted.`,
    );
  }
  const stages = await repo.listStages(scope, tx.db, pipelineUID);
  const target =
    moveTo === undefined
      ? stages.find((s) => s.placeholder)
      : stages.find((s) => s.stageUID === moveTo && s.stageUID !== stageUID);
  if (!target) {
    throw invalid(
      'moveTo',
      moveTo === stageUID
        ? 'moveTo: contacts cannot move to the stage being deleted; pick another stage.'
        : `moveTo: "${moveTo ?? ''}" is not another stage of this pipeline.`,
    );
  }
  return { stageUID: target.stageUID };
}

/** Deletes a stage with no card left in it (see checkStageDeletion), with its change record. */
export async function removeEmptyStage(
  tx: Tx,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
): Promise<void> {
  await repo.deleteStage(scope, tx.db, pipelineUID, stageUID);
  await emit(tx, scope, { changed: [logChange('stage', stageUID, 'delete')] });
}
