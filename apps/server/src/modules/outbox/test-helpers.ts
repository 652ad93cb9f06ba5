import type { TestServices } from '../../test/harness';
import type { Tx } from '../../db/tx';
import type { DeliveryResult, OutboxConsumer, OutboxDelivery } from './types';

/** Inserts `count` rows of `kind` for `teamUID`, queued and due now on the app clock. */
export async function queueRows(
  s: TestServices,
  teamUID: string,
  kind: string,
  count = 1,
  dueInMs = 0,
): Promise<void> {
  const now = s.clock.now();
  await s.database.pool.query(
    `INSERT INTO outbox (team_uid, kind, payload, created_at, deliver_after)
     SELECT $1, $2, jsonb_build_object('n', g),
       timestamptz 'epoch' + $4::bigint * interval '1 millisecond',
       timestamptz 'epoch' + $5::bigint * interval '1 millisecond'
     FROM generate_series(1, $3::int) g`,
    [teamUID, kind, count, now, now + dueInMs],
  );
}

export interface RowState {
  teamUID: string;
  id: number;
  state: string;
  attempts: number;
  /** deliver_after minus the app clock's now when read, in ms. */
  dueInMs: number;
  lastError: string | null;
}

export async function rowsOf(s: TestServices, kind: string): Promise<RowState[]> {
  const r = await s.database.pool.query<{
    team_uid: string;
    id: string;
    state: string;
    attempts: number;
    due_ms: string;
    last_error: string | null;
  }>(
    `SELECT team_uid, id, state, attempts, last_error,
       (extract(epoch FROM deliver_after) * 1000)::bigint AS due_ms
     FROM outbox WHERE kind = $1 ORDER BY team_uid, id`,
    [kind],
  );
  const now = s.clock.now();
  return r.rows.map((row) => ({
    teamUID: row.team_uid,
    id: Number(row.id),
    state: row.state,
    attempts: row.attempts,
    dueInMs: Number(row.due_ms) - now,
    lastError: row.last_error,
  }));
}

/**
 * A consumer that records what it got and writes one row of `${kind}:effect` per delivery in its
 * transaction: a database effect that commits exactly when the delivery does.
 */
export function recordingConsumer(
  answer: (row: OutboxDelivery) => DeliveryResult = () => ({ outcome: 'done' }),
) {
  const seen: OutboxDelivery[] = [];
  const consume: OutboxConsumer = async (tx: Tx, rows) => {
    await writeEffects(tx, rows);
    seen.push(...rows);
    return rows.map(answer);
  };
  return { seen, consume };
}

export async function writeEffects(tx: Tx, rows: readonly OutboxDelivery[]) {
  await tx.client.query(
    `INSERT INTO outbox (team_uid, kind, payload, state)
     SELECT v.team_uid, v.kind || ':effect', jsonb_build_object('of', v.id), 'done'
     FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(team_uid, kind, id)`,
    [rows.map((r) => r.teamUID), rows.map((r) => r.kind), rows.map((r) => r.id)],
  );
}

/** The ids whose effect rows committed, per delivered row id (several = applied twice). */
export async function effectsOf(s: TestServices, kind: string): Promise<number[]> {
  const r = await s.database.pool.query<{ of: string }>(
    `SELECT payload->>'of' AS of FROM outbox WHERE kind = $1 ORDER BY 1`,
    [`${kind}:effect`],
  );
  return r.rows.map((row) => Number(row.of));
}
