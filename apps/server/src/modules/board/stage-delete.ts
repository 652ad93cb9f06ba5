import type { TeamScope } from '../../db/scope';
import { type WriteOptions, type Db, inTx } from '../../db/tx';
import { checkStageDeletion, removeEmptyStage } from '../pipelines/stages';
import { moveToStage } from './moves';
import { lockStageContacts } from './moves.repo';

/**
 * DELETE /teams/:teamUID/pipelines/:pipelineUID/stages/:stageUID (SPEC §3 Stage), one
 * transaction: the pipelines module checks it, the stage's cards move to `moveTo` (default: the
 * placeholder) and the stage goes. It lives with the board because the cards move first:
 * contact_pipeline.stage_uid references the stage without a cascade, and each card's move is a
 * full stage change (history, activity, sync rows, workflow trigger, change log).
 */
export async function deleteStage(
  db: Db,
  scope: TeamScope,
  pipelineUID: string,
  stageUID: string,
  moveTo: string | undefined,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const target = await checkStageDeletion(tx, scope, pipelineUID, stageUID, moveTo);
      const gtids = await lockStageContacts(scope, tx.db, pipelineUID, stageUID);
      await moveToStage(tx, scope, {
        pipelineUID,
        toStageUID: target.stageUID,
        moves: gtids.map((gtid) => ({ gtid })),
        reason: 'stageDeleted',
      });
      await removeEmptyStage(tx, scope, pipelineUID, stageUID);
      return { moved: gtids.length };
    },
    opts,
  );
}
