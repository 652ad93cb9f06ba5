import type { SyncTargetConnection } from '@leadloom/core';

export interface SyncConnectionRow extends SyncTargetConnection {
  testMode: boolean;
}

export interface OutboxRow {
  kind: OutboxKind;
  payload: Record<string, unknown>;
  delayMinutes?: number | null;
}

/** `sync`: one change for one connection (SPEC §3 Sync queue entry). `workflow-trigger`: an event workflows may start on. */
export type OutboxKind = 'sync' | 'workflow-trigger';
