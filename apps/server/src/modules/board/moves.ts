import { newPushId, stageEntryPlace, notFound, resourceKey } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { emit, logChange } from '../../events/emit';
import { leadDataOf } from '../contact-parts/access';
import { findPipelineWithStages, type PipelineRef, type StageRef } from '../pipelines/read';
import { loadSyncConnections } from '../sync/outbox';
import type { SyncConnectionRow } from '../sync/types';
import { keysAtEnd } from './position';
import * as repo from './moves.repo';

/**
 * The set-based stage move (SPEC §4; DESIGN §1.3, §1.5): any number of one pipeline's cards
 * into one stage, in the caller's transaction. A drag (stage-change.ts), a deleted stage's cards
 * (stage-delete.ts), a bulk stage change and an add to a pipeline of cards already in it all
 * come through here.
 */

/** The pipeline and stage as sync rows carry them (SPEC §3 sync queue). */
export const pipelineData = (p: PipelineRef) => ({
  groupUID: p.pipelineUID,
  nickName: p.nickName,
});
export const stageData = (s: StageRef | null) =>
  s ? { stageUID: s.stageUID, name: s.name, remoteID: s.remoteID } : null;

/**
 * Contacts written per round of statements. A bigger set runs in rounds of this size inside the
 * same transaction (the activity insert binds 12 parameters a row; PostgreSQL allows 65,535).
 */
export const MOVE_CHUNK = 1000;

export interface StageMove {
  gtid: string;
  /**
   * The card's new key in the target stage (the caller worked it out from its neighbours).
   * Without one the card goes to the end of the stage, after the cards already there, in the
   * order of `moves`; a card already in the target stage without a key stays where it is.
   */
  position?: string;
}

export interface MoveToStageInput {
  pipelineUID: string;
  toStageUID: string;
  moves: readonly StageMove[];
  /** Why the contacts moved when it was not a user's own move (e.g. `stageDeleted`); kept in the activity's data. */
  reason?: string;
  /** Runs right after the placements are written (tests force a failure half-way with it). */
  afterPlacementWrite?: (tx: Tx) => Promise<void>;
}

/**
 * What a caller that already read it hands to `moveToStage`: the pipeline with its stages, and
 * the placements it locked ({@link lockCardPlacements}) of every contact in `moves`.
 */
export interface LoadedMove {
  pipeline: PipelineRef;
  stages: StageRef[];
  placements: Map<string, repo.MovingPlacement>;
  /** The team's sync connections, when the caller read them too. */
  connections?: SyncConnectionRow[];
}

export interface StageMoveResult {
  gtid: string;
  fromStageUID: string;
  stageUID: string;
  position: string;
  /** Null when the card only changed place within its stage (or did not move at all). */
  historyId: string | null;
  activityUID: string | null;
}

export interface MoveToStageResult {
  /** One per distinct GTID placed in the pipeline, in the order of `moves`. */
  moved: StageMoveResult[];
  /** GTIDs not placed in the pipeline: nothing is written for them. */
  notPlaced: string[];
}

/**
 * Locks the placements of `gtids` in the pipeline with their contacts (GTID order, as every move
 * locks them) and answers them by GTID; the ones not placed in it are left out. For callers that
 * hand them to {@link moveToStage} as `loaded`.
 */
export const lockCardPlacements = (
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  gtids: readonly string[],
) => repo.lockPlacements(scope, db, pipelineUID, gtids);

function chunked<T>(items: readonly T[], size = MOVE_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Moves a set of contacts of one pipeline into one stage: the stage change of SPEC §4 for N
 * contacts in the caller's transaction, with a bounded number of statements per
 * {@link MOVE_CHUNK} contacts (not a round of statements per contact). The single-contact
 * PUT stage is N = 1; a deleted stage's contacts and bulk stage changes are the same call.
 *
 * For each contact whose stage changes it writes: the placement (stage, key, stage_changed_at),
 * a stage_history entry, a `stage`/`changed` activity (data: from, to, fromName, toName and
 * `reason` when given), the `stage` sync rows core's `selectSyncTargets` picks for it, a
 * `stageChanged` workflow trigger, and the change-log records `contactPipeline`
 * (`GTID/pipelineUID`), `stageHistory` (`GTID/historyId`), `activity` and `contact`. A card
 * that stays in its stage with a new key gets only the placement and `contactPipeline`.
 *
 * The contacts are locked (contact, then placement, in GTID order). The pipeline and the
 * target stage must be ones the scope may see (else 404); authorisation beyond that (roles) is
 * the caller's. Answers what happened to each contact.
 */
export async function moveToStage(
  tx: Tx,
  scope: TeamScope,
  input: MoveToStageInput,
  loaded?: LoadedMove,
): Promise<MoveToStageResult> {
  const { pipelineUID } = input;
  const found = loaded ?? (await findPipelineWithStages(scope, tx.db, pipelineUID));
  if (!found) throw notFound('Pipeline not found');
  const { pipeline } = found;
  const stages = new Map(found.stages.map((st) => [st.stageUID, st]));
  const to = stages.get(input.toStageUID);
  if (!to) throw notFound('Stage not found in this pipeline');

  const seen = new Set<string>();
  const moves = input.moves.filter((m) => !seen.has(m.gtid) && seen.add(m.gtid));
  const placements =
    loaded?.placements ??
    (await repo.lockPlacements(
      scope,
      tx.db,
      pipelineUID,
      moves.map((m) => m.gtid),
    ));
  // Read before the writes, so they all go out as one statement (db/tx.ts defer).
  const connections = loaded?.connections ?? (await loadSyncConnections(tx, scope));
  const notPlaced = moves.filter((m) => !placements.has(m.gtid)).map((m) => m.gtid);
  const placed = moves.filter((m) => placements.has(m.gtid));

  // Keys for the cards that come in from another stage without neighbours, in the order given.
  const appended = placed.filter(
    (m) => m.position === undefined && placements.get(m.gtid)!.stageUID !== to.stageUID,
  );
  const end = stageEntryPlace('moved-from-another-stage');
  const keys =
    appended.length === 0
      ? []
      : keysAtEnd(
          end,
          await repo.edgePositionExcept(
            scope,
            tx.db,
            pipelineUID,
            to.stageUID,
            end,
            placed.map((m) => m.gtid),
          ),
          appended.length,
        );
  const appendedKey = new Map(appended.map((m, i) => [m.gtid, keys[i]!]));

  const results: StageMoveResult[] = placed.map((m) => {
    const from = placements.get(m.gtid)!;
    return {
      gtid: m.gtid,
      fromStageUID: from.stageUID,
      stageUID: to.stageUID,
      position: m.position ?? appendedKey.get(m.gtid) ?? from.position,
      historyId: null,
      activityUID: null,
    };
  });
  const written = results.filter(
    (r) => r.fromStageUID !== to.stageUID || r.position !== placements.get(r.gtid)!.position,
  );
  for (const part of chunked(written)) {
    repo.movePlacements(
      scope,
      tx,
      pipelineUID,
      to.stageUID,
      part.map((r) => ({
        gtid: r.gtid,
        position: r.position,
        stageChanged: r.fromStageUID !== to.stageUID,
      })),
    );
  }
  await emit(tx, scope, {
    changed: written.map((r) =>
      logChange('contactPipeline', resourceKey.placement(r.gtid, pipelineUID), 'update'),
    ),
  });
  await input.afterPlacementWrite?.(tx);

  const changed = written.filter((r) => r.fromStageUID !== to.stageUID);
  if (changed.length === 0) return { moved: results, notPlaced };
  const now = tx.clock.now();
  for (const r of changed) r.historyId = newPushId('sh', now);
  const toData = stageData(to);
  for (const part of chunked(changed)) {
    repo.insertHistories(
      scope,
      tx,
      pipelineUID,
      to.stageUID,
      part.map((r) => ({ id: r.historyId!, gtid: r.gtid })),
      new Date(now),
    );
    const { activityUIDs } = await emit(tx, scope, {
      activities: part.map((r) => ({
        gtid: r.gtid,
        type: 'stage',
        action: 'changed',
        pipelineUID,
        stageUID: to.stageUID,
        data: {
          from: r.fromStageUID,
          to: to.stageUID,
          fromName: stages.get(r.fromStageUID)?.name ?? null,
          toName: to.name,
          ...(input.reason ? { reason: input.reason } : {}),
        },
        at: now,
      })),
      syncs: part.map((r) => {
        const contact = placements.get(r.gtid)!.contact;
        return {
          change: { kind: 'stage', contact, pipelineUID, stage: { remoteID: to.remoteID } },
          lead: leadDataOf(contact),
          changeData: { from: stageData(stages.get(r.fromStageUID) ?? null), to: toData },
          pipelineData: pipelineData(pipeline),
        };
      }),
      connections,
      triggers: part.map((r) => ({
        trigger: 'stageChanged',
        gtid: r.gtid,
        pipelineUID,
        data: { from: r.fromStageUID, to: to.stageUID },
      })),
    });
    part.forEach((r, i) => (r.activityUID = activityUIDs[i]!));
  }
  await emit(tx, scope, {
    changed: changed.flatMap((r) => [
      logChange('stageHistory', resourceKey.part(r.gtid, r.historyId!), 'insert'),
      logChange('contact', r.gtid, 'update'),
    ]),
  });
  return { moved: results, notPlaced };
}
