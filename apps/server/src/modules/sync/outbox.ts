import { selectSyncTargets, type SyncChange, type TriggerEvent } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import * as repo from './repo';
import type { OutboxRow, SyncConnectionRow } from './types';

/**
 * The outbox side of an action (DESIGN §1.3, §5): which connections a change goes to is core's
 * rule (`selectSyncTargets`); this writes one `sync` row per target in the action's transaction,
 * in the shape of SPEC §3's sync queue entry (leadData, changeData, pipelineData, delayBy,
 * integration). The outbox dispatcher (modules/outbox) hands them to their consumers.
 */

/** The contact as the outside system receives it. */
export interface LeadData {
  GTID: string;
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
}

export interface QueuedChange {
  change: SyncChange;
  lead: LeadData;
  /** What changed, for the receiving system (e.g. from/to stage with its remoteID). */
  changeData: Record<string, unknown>;
  pipelineData?: Record<string, unknown> | null;
}

/**
 * Queues sync rows for many changes at once (bulk = N changes, one statement); connections are
 * read once per call. Answers the number of rows written.
 */
export async function queueSyncs(
  tx: Tx,
  scope: TeamScope,
  changes: readonly QueuedChange[],
  connections?: SyncConnectionRow[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const all = connections ?? (await repo.loadConnections(scope, tx));
  if (all.length === 0) return 0;
  const rows: OutboxRow[] = [];
  for (const c of changes) {
    for (const target of selectSyncTargets(all, c.change)) {
      rows.push({
        kind: 'sync',
        delayMinutes: target.delayBy,
        payload: {
          integration: target.connection.system,
          connectionUID: target.connection.connectionUID,
          testMode: target.connection.testMode,
          change: c.change.kind,
          leadData: c.lead,
          changeData: target.tags ? { ...c.changeData, tags: target.tags } : c.changeData,
          pipelineData: c.pipelineData ?? null,
          delayBy: target.delayBy,
        },
      });
    }
  }
  repo.insertOutbox(scope, tx, rows);
  return rows.length;
}

/** The team's connections, for callers that read them before their writes (one statement). */
export const loadSyncConnections = (tx: Tx, scope: TeamScope) => repo.loadConnections(scope, tx);

/**
 * The same connections read inside a caller's own statement: `column` goes in its select list,
 * `parse` turns that column's value into what `queueSyncs` takes (one round trip fewer).
 */
export const syncConnectionsColumn = (scope: TeamScope) => ({
  column: repo.connectionsColumn(scope),
  parse: repo.connectionsOfColumn,
});

/** Workflow triggers (SPEC §4 "can fire workflow triggers"): one row per event. */
export async function queueWorkflowTriggers(
  tx: Tx,
  scope: TeamScope,
  events: readonly TriggerEvent[],
): Promise<void> {
  repo.insertOutbox(
    scope,
    tx,
    events.map((e) => ({
      kind: 'workflow-trigger' as const,
      payload: {
        trigger: e.trigger,
        GTID: e.gtid,
        pipelineUID: e.pipelineUID ?? null,
        byUID: scope.uid,
        data: e.data,
        ...(tx.workflowStep ? { depth: tx.workflowStep.depth } : {}),
      },
    })),
  );
}
