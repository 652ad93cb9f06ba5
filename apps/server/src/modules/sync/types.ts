import type { OutboxKind, SyncTargetConnection } from '@leadloom/core';

export interface SyncConnectionRow extends SyncTargetConnection {
  testMode: boolean;
}

export interface OutboxRow {
  kind: OutboxKind;
  payload: Record<string, unknown>;
  delayMinutes?: number | null;
}
