import { newPushId, stageEntryPlace, resourceKey } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { emit, logChange, type NewActivity } from '../../events/emit';
import { leadDataOf, type ContactHead } from '../contact-parts/access';
import type { PipelineRef, StageRef } from '../pipelines/read';
import type { QueuedChange } from '../sync/outbox';
import { MOVE_CHUNK, pipelineData, stageData } from './moves';
import * as repo from './moves.repo';
import { keysAtEnd } from './position';

/**
 * The one way cards join a pipeline: places contacts (none of them in the pipeline yet) in a
 * stage where core's `stageEntryPlace('new-to-pipeline')` says (first), in the order given, each
 * with its first history entry and change-log records; answers each one's `pipeline`/`added`
 * activity and `groups` sync change for the caller to write. Whatever makes a card (a new
 * contact, an add to a pipeline, a bulk add, an import, a capture) goes through here. A bounded
 * number of statements for any number of contacts (a new contact is N = 1).
 */
export async function placeNewCards(
  tx: Tx,
  scope: TeamScope,
  contacts: readonly ContactHead[],
  pipeline: PipelineRef,
  stage: StageRef,
  now: number,
): Promise<{ activities: NewActivity[]; syncs: QueuedChange[] }> {
  if (contacts.length === 0) return { activities: [], syncs: [] };
  const gtids = contacts.map((c) => c.gtid);
  const end = stageEntryPlace('new-to-pipeline');
  const edge = await repo.edgePositionExcept(
    scope,
    tx.db,
    pipeline.pipelineUID,
    stage.stageUID,
    end,
    gtids,
  );
  const keys = keysAtEnd(end, edge, contacts.length);
  const at = new Date(now);
  const historyIds = contacts.map(() => newPushId('sh', now));
  for (let i = 0; i < contacts.length; i += MOVE_CHUNK) {
    const part = contacts.slice(i, i + MOVE_CHUNK);
    repo.insertPlacements(
      scope,
      tx,
      pipeline.pipelineUID,
      stage.stageUID,
      part.map((c, k) => ({ gtid: c.gtid, position: keys[i + k]! })),
      at,
    );
    repo.insertHistories(
      scope,
      tx,
      pipeline.pipelineUID,
      stage.stageUID,
      part.map((c, k) => ({ id: historyIds[i + k]!, gtid: c.gtid })),
      at,
    );
  }
  await emit(tx, scope, {
    changed: contacts.flatMap((c, k) => [
      logChange('contactPipeline', resourceKey.placement(c.gtid, pipeline.pipelineUID), 'insert'),
      logChange('stageHistory', resourceKey.part(c.gtid, historyIds[k]!), 'insert'),
    ]),
  });
  return {
    activities: contacts.map((c) => ({
      gtid: c.gtid,
      type: 'pipeline',
      action: 'added',
      pipelineUID: pipeline.pipelineUID,
      stageUID: stage.stageUID,
      data: { pipelineName: pipeline.nickName, stageName: stage.name },
    })),
    syncs: contacts.map((c) => ({
      change: { kind: 'groups', contact: c, pipelineUID: pipeline.pipelineUID },
      lead: leadDataOf(c),
      changeData: { action: 'added', stage: stageData(stage) },
      pipelineData: pipelineData(pipeline),
    })),
  };
}
