import type { Resource, TriggerEvent } from '@leadloom/core';
import type { OneTeamScope, TeamScope } from '../db/scope';
import type { ChangeOp, Tx } from '../db/tx';
import { recordActivities, type NewActivity } from '../modules/activities/service';
import { queueSyncs, queueWorkflowTriggers, type QueuedChange } from '../modules/sync/outbox';
import type { SyncConnectionRow } from '../modules/sync/types';

/** One record of the change log: `resource/id` was inserted, updated or deleted. */
export interface Changed {
  resource: Resource;
  id: string;
  op: ChangeOp;
}

/** What an event writes on a contact's timeline; actions name it here, as part of the event. */
export type { NewActivity };

export const logChange = (resource: Resource, id: string, op: ChangeOp): Changed => ({
  resource,
  id,
  op,
});

/**
 * What one action tells the rest of the house, all of it optional: the change log (realtime,
 * other tabs and devices), the contacts' timelines (and the dashboards counting them), sync rows
 * for the team's connections (core's SPEC §5 rules pick the connections) and workflow triggers.
 */
export interface DomainEvent {
  changed?: readonly Changed[];
  activities?: readonly NewActivity[];
  syncs?: readonly QueuedChange[];
  /** The team's connections when the action read them already (saves a statement). */
  connections?: SyncConnectionRow[];
  triggers?: readonly TriggerEvent[];
}

export interface Emitted {
  /** The new activities' ids, in the order given. */
  activityUIDs: string[];
  /** How many sync rows were queued. */
  syncRows: number;
}

/**
 * Writes one domain event inside the action's transaction: the only way an action records a
 * change, an activity, a sync or a trigger (lint holds every other caller off). The change-log
 * records are taken at once, before anything is awaited; the rest goes out with the
 * transaction's next statement where it can (`Tx.defer`).
 */
export function emit(tx: Tx, scope: TeamScope, event: DomainEvent): Promise<Emitted>;
/** The system acting for a team (an admin, a job, an invitation) records changes only. */
export function emit(
  tx: Tx,
  scope: OneTeamScope,
  event: Pick<DomainEvent, 'changed'>,
): Promise<Emitted>;
export async function emit(tx: Tx, scope: OneTeamScope, event: DomainEvent): Promise<Emitted> {
  for (const c of event.changed ?? []) tx.recordChange(scope.teamUID, c.resource, c.id, c.op);
  if (scope.kind !== 'team') return { activityUIDs: [], syncRows: 0 };
  const activityUIDs = event.activities?.length
    ? await recordActivities(tx, scope, event.activities)
    : [];
  const syncRows = event.syncs?.length
    ? await queueSyncs(tx, scope, event.syncs, event.connections)
    : 0;
  if (event.triggers?.length) await queueWorkflowTriggers(tx, scope, event.triggers);
  return { activityUIDs, syncRows };
}
