import type { Tx } from '../../db/tx';

/** One outbox row as its consumer receives it. */
export interface OutboxDelivery {
  teamUID: string;
  /**
   * The row's id: unique and never reused, so a consumer that calls outside systems sends it (with
   * its own key, e.g. the connection) as the idempotency key. A delivery may be tried again after
   * a crash, so an outside call may happen twice; the key lets the receiver see it is the same.
   */
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This is the row's n-th claim (1 on the first delivery; a crash counts as a try). */
  attempts: number;
  /** When the row was queued, in ms on the app clock. */
  createdMs: number;
}

/**
 * What became of one row: `done` (its effects are in the consumer's transaction, which marks it
 * done as it commits), `retry` (due again at `atMs` on the app clock, or after the dispatcher's
 * backoff), `failed` (never to be tried again: the reason is kept on the row).
 */
export type DeliveryResult =
  | { outcome: 'done' }
  | { outcome: 'retry'; atMs?: number; error?: string }
  | { outcome: 'failed'; error: string };

/**
 * A kind's consumer: runs in the transaction that also completes the claim, so a row is done
 * exactly when the consumer's database effects commit, and a consumer that throws (or a crash)
 * leaves no effect and no completion. Answers one result per row, in the rows' order.
 */
export type OutboxConsumer = (tx: Tx, rows: readonly OutboxDelivery[]) => Promise<DeliveryResult[]>;
