/**
 * Which connections a change goes to (SPEC §5), as one rule the server's actions and bulk jobs
 * share: the option for the kind of change, status/pause/syncEmailOnly (`canSyncTo`), the
 * pipeline and tag-set scope of the connection, and the per-system stage and tag rules.
 */
import {
  canSyncTo,
  stageChangeSyncsTo,
  syncQueueTiming,
  tagsToSyncTo,
  type SyncConnection,
  type SyncContact,
  type SyncOption,
} from './sync';

/** The kinds of change a connection can take, and the option that switches each on. */
export const SYNC_OPTION_FOR = {
  info: 'syncInfo',
  stage: 'syncStages',
  tags: 'syncTags',
  tasks: 'syncTasks',
  notes: 'syncNotes',
  groups: 'syncGroups',
} as const satisfies Record<string, SyncOption>;
export type SyncChangeKind = keyof typeof SYNC_OPTION_FOR;

export interface SyncTargetConnection extends SyncConnection {
  connectionUID: string;
  system: string;
  syncPeriod?: unknown;
  /** The one pipeline the connection was set up for (older setups). */
  selectedPipeline?: string | null;
  /** Pipelines whose changes it takes; empty = see selectedPipeline, else every pipeline. */
  usedInPipelines?: readonly string[] | null;
  /** Tag sets whose tags it takes; empty = every tag set. */
  usedInTagSets?: readonly string[] | null;
}

export interface SyncTag {
  tagID: string;
  tagSetUID: string;
  remoteID?: string | number | null;
}

export type SyncChange =
  | { kind: 'stage'; contact: SyncContact; pipelineUID: string; stage: object }
  | { kind: 'tags'; contact: SyncContact; pipelineUID: string | null; tags: readonly SyncTag[] }
  | {
      kind: Exclude<SyncChangeKind, 'stage' | 'tags'>;
      contact: SyncContact;
      pipelineUID: string | null;
    };

export interface SyncTarget<C extends SyncTargetConnection> {
  connection: C;
  /** SPEC §9: a delay applies only when the period is greater than 0. */
  delayBy: number | null;
  /** For tag changes: the tags this system takes. */
  tags?: SyncTag[];
}

/**
 * Whether a connection takes changes of a pipeline. `pipelineUID` null (a change not tied to a
 * pipeline, such as a name edit or a global tag) is taken by every connection.
 */
export function connectionCoversPipeline(
  connection: SyncTargetConnection,
  pipelineUID: string | null,
): boolean {
  if (pipelineUID === null) return true;
  const used = connection.usedInPipelines ?? [];
  if (used.length > 0) return used.includes(pipelineUID);
  if (connection.selectedPipeline) return connection.selectedPipeline === pipelineUID;
  return true;
}

function tagsInScope(connection: SyncTargetConnection, tags: readonly SyncTag[]): SyncTag[] {
  const sets = connection.usedInTagSets ?? [];
  return sets.length > 0 ? tags.filter((t) => sets.includes(t.tagSetUID)) : [...tags];
}

/** The connections a change is queued for, each with its delay (and tags, for tag changes). */
export function selectSyncTargets<C extends SyncTargetConnection>(
  connections: readonly C[],
  change: SyncChange,
): SyncTarget<C>[] {
  const targets: SyncTarget<C>[] = [];
  for (const connection of connections) {
    if (!canSyncTo(connection, SYNC_OPTION_FOR[change.kind], change.contact)) continue;
    if (!connectionCoversPipeline(connection, change.pipelineUID)) continue;
    const { delayBy } = syncQueueTiming(connection.syncPeriod);
    if (change.kind === 'stage') {
      if (stageChangeSyncsTo(connection.system, change.stage))
        targets.push({ connection, delayBy });
    } else if (change.kind === 'tags') {
      const tags = tagsToSyncTo(connection.system, tagsInScope(connection, change.tags));
      if (tags.length > 0) targets.push({ connection, delayBy, tags });
    } else {
      targets.push({ connection, delayBy });
    }
  }
  return targets;
}
