import { DomainError, notFound } from '@leadloom/core';
import type { StageChangeBody } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { requireContact } from '../contact-parts/access';
import { syncConnectionsColumn } from '../sync/outbox';
import { moveToStage } from './moves';
import { lockDrop, type DropKeys } from './moves.repo';
import { keyBetween } from './position';

/**
 * One card's stage change (SPEC §4): the drag on the board, PUT
 * /contacts/:GTID/pipelines/:groupUID/stage. The card's place comes from its neighbours; the
 * write is the set-based move of ./moves with one card.
 */

export interface StageChangeOptions extends WriteOptions {
  /**
   * Runs inside the transaction right after the placement is written (tests force a failure
   * half-way with it; nothing of the change may remain).
   */
  afterStageWrite?: (tx: Tx) => Promise<void>;
}

export interface StageChangeResult {
  stageUID: string;
  position: string;
  historyId: string | null;
  activityUID: string | null;
}

function badNeighbour(field: 'afterGtid' | 'beforeGtid', message: string): DomainError {
  return new DomainError('invalid-argument', `${field}: ${message}`, field);
}

/**
 * The card's key from its neighbours in the target stage (`keys`, read with the card's lock):
 * between `afterGtid` (above) and `beforeGtid` (below); with one, next to it; with none, at the
 * end of the stage.
 */
function positionFor(gtid: string, body: StageChangeBody, keys: DropKeys): string {
  const afterGtid = body.afterGtid ?? null;
  const beforeGtid = body.beforeGtid ?? null;
  for (const field of ['afterGtid', 'beforeGtid'] as const) {
    if (body[field] === gtid) throw badNeighbour(field, 'a card cannot be placed next to itself.');
  }
  const notInStage = 'that contact is not in the target stage.';
  if (afterGtid !== null && keys.after === null) throw badNeighbour('afterGtid', notInStage);
  if (beforeGtid !== null && keys.before === null) throw badNeighbour('beforeGtid', notInStage);
  const { after, before } = keys;
  let lower: string | null;
  let upper: string | null;
  if (after !== null && before !== null) {
    if (after > before) {
      throw badNeighbour('beforeGtid', 'that card is above the afterGtid card in the stage.');
    }
    lower = after;
    // Equal keys (two cards dropped at once): go right after them.
    upper = after === before ? keys.afterNext : before;
  } else if (after !== null) {
    lower = after;
    upper = keys.afterNext;
  } else if (before !== null) {
    upper = before;
    lower = keys.beforePrev;
  } else {
    lower = keys.last;
    upper = null;
  }
  return keyBetween(lower, upper);
}

/**
 * PUT /contacts/:GTID/pipelines/:groupUID/stage (SPEC §4), one transaction: checks the contact,
 * pipeline, stage and neighbours, then writes the move with `moveToStage` (N = 1). The same
 * stage only reorders the card (no history, activity or sync); the same stage without
 * neighbours changes nothing. A drag is the app's most frequent write, so the reads are few:
 * one for the pipeline with its stages, the locked placement, the neighbours' keys and the
 * sync connections (`lockDrop` in moves.repo.ts).
 */
export async function changeStage(
  db: Db,
  scope: TeamScope,
  gtid: string,
  pipelineUID: string,
  body: StageChangeBody,
  opts: StageChangeOptions = {},
): Promise<StageChangeResult> {
  return inTx(
    db,
    scope,
    async (tx) => {
      // One read: the pipeline with its stages, the card locked, its drop's neighbour keys,
      // the team's sync connections.
      const connections = syncConnectionsColumn(scope);
      const found = await lockDrop(
        scope,
        tx.db,
        pipelineUID,
        gtid,
        body.stageUID,
        body.afterGtid ?? null,
        body.beforeGtid ?? null,
        connections.column,
      );
      if (!found) {
        await requireContact(scope, tx.db, gtid); // 404 "Contact not found" comes first
        throw notFound('The contact is not in this pipeline');
      }
      const { placement } = found;
      const placements = new Map([[gtid, placement]]);
      const to = found.stages.find((st) => st.stageUID === body.stageUID);
      if (!to) throw notFound('Stage not found in this pipeline');
      if (to.stageUID === placement.stageUID && !body.afterGtid && !body.beforeGtid) {
        return {
          stageUID: to.stageUID,
          position: placement.position,
          historyId: null,
          activityUID: null,
        };
      }
      const position = positionFor(gtid, body, found.keys);
      const { moved } = await moveToStage(
        tx,
        scope,
        {
          pipelineUID,
          toStageUID: to.stageUID,
          moves: [{ gtid, position }],
          ...(opts.afterStageWrite ? { afterPlacementWrite: opts.afterStageWrite } : {}),
        },
        {
          pipeline: found.pipeline,
          stages: found.stages,
          placements,
          connections: connections.parse(found.extra),
        },
      );
      const result = moved[0]!;
      return {
        stageUID: result.stageUID,
        position: result.position,
        historyId: result.historyId,
        activityUID: result.activityUID,
      };
    },
    { changeId: opts.changeId ?? null },
  );
}
