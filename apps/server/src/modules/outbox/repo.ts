import { sql, type SQL } from 'drizzle-orm';
import type { SystemScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import type { OutboxDelivery } from './types';

/** A time in ms on the app clock, as a bound timestamptz (never SQL's own now()). */
const at = (ms: number): SQL =>
  sql`(timestamptz 'epoch' + ${ms}::bigint * interval '1 millisecond')`;

/** Open rows that may be claimed at `nowMs`: due pending ones, and claims whose lease ran out. */
const claimable = (nowMs: number): SQL => sql`(
  (o.state = 'pending' AND o.deliver_after <= ${at(nowMs)})
  OR (o.state = 'claimed' AND o.lease_until <= ${at(nowMs)}))`;

export interface ClaimOptions {
  kind: string;
  nowMs: number;
  leaseUntilMs: number;
  token: string;
  /** Rows at most in the claim. */
  limit: number;
  /** Rows at most of one team, so each team in the batch gets its turn. */
  perTeam: number;
  /** Teams at most in the claim. */
  teams: number;
  /** Teams are taken in team_uid order after this one (a round-robin cursor; '' = from the start). */
  afterTeam: string;
}

type ClaimedDbRow = {
  team_uid: string;
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_ms: string | number;
};

const toDelivery = (r: ClaimedDbRow): OutboxDelivery => ({
  teamUID: r.team_uid,
  id: Number(r.id),
  kind: r.kind,
  payload: r.payload,
  attempts: r.attempts,
  createdMs: Number(r.created_ms),
});

/**
 * Claims up to `limit` claimable rows of `kind`: the teams with such rows after `afterTeam`, in
 * team_uid order (found by skipping through the open-rows index team by team, so a team with
 * 100,000 rows costs one index probe, not a scan), at most `perTeam` rows of each, oldest first.
 * Rows another claimer holds are skipped (SKIP LOCKED); a row committed as claimed by a
 * concurrent claimer after this statement's snapshot is re-checked on its new version and left
 * alone. Each claimed row carries `token` and a lease until `leaseUntilMs`; its attempts count up.
 */
export async function claimRows(
  _scope: SystemScope,
  tx: Tx,
  o: ClaimOptions,
): Promise<OutboxDelivery[]> {
  const r = await tx.db.execute<ClaimedDbRow>(sql`
    WITH RECURSIVE teams(team_uid) AS (
      (SELECT o.team_uid FROM outbox o
        WHERE o.kind = ${o.kind} AND o.state IN ('pending', 'claimed')
          AND o.team_uid > ${o.afterTeam} AND ${claimable(o.nowMs)}
        ORDER BY o.team_uid LIMIT 1)
      UNION ALL
      SELECT (SELECT o.team_uid FROM outbox o
        WHERE o.kind = ${o.kind} AND o.state IN ('pending', 'claimed')
          AND o.team_uid > teams.team_uid AND ${claimable(o.nowMs)}
        ORDER BY o.team_uid LIMIT 1)
      FROM teams WHERE teams.team_uid IS NOT NULL),
    picked AS (
      SELECT r.team_uid, r.id
      FROM (SELECT team_uid FROM teams WHERE team_uid IS NOT NULL LIMIT ${o.teams}) t
      CROSS JOIN LATERAL (
        SELECT o.team_uid, o.id FROM outbox o
        WHERE o.kind = ${o.kind} AND o.team_uid = t.team_uid
          AND o.state IN ('pending', 'claimed') AND ${claimable(o.nowMs)}
        ORDER BY o.id LIMIT ${o.perTeam}
        FOR UPDATE SKIP LOCKED) r
      LIMIT ${o.limit})
    UPDATE outbox x SET state = 'claimed', claim_token = ${o.token},
      lease_until = ${at(o.leaseUntilMs)}, attempts = x.attempts + 1
    FROM picked WHERE x.team_uid = picked.team_uid AND x.id = picked.id
    RETURNING x.team_uid, x.id, x.kind, x.payload, x.attempts,
      (extract(epoch FROM x.created_at) * 1000)::bigint AS created_ms`);
  return r.rows
    .map(toDelivery)
    .sort((a, b) => (a.teamUID < b.teamUID ? -1 : a.teamUID > b.teamUID ? 1 : a.id - b.id));
}

const keys = (rows: readonly { teamUID: string; id: number }[]) => ({
  teams: sql.param(rows.map((r) => r.teamUID)),
  ids: sql.param(rows.map((r) => r.id)),
});

/**
 * Locks the rows of a claim that are still this claim's (`token`, state claimed) for the
 * consumer's transaction: while it runs, no other claimer can take them even once the lease is
 * over (they skip locked rows), and a row that another claimer took back meanwhile is left out.
 */
export async function lockClaim(
  _scope: SystemScope,
  tx: Tx,
  token: string,
  rows: readonly OutboxDelivery[],
): Promise<Set<string>> {
  const k = keys(rows);
  const r = await tx.db.execute<{ team_uid: string; id: string | number }>(sql`
    SELECT o.team_uid, o.id FROM outbox o
    JOIN unnest(${k.teams}::text[], ${k.ids}::bigint[]) AS v(team_uid, id)
      ON o.team_uid = v.team_uid AND o.id = v.id
    WHERE o.claim_token = ${token} AND o.state = 'claimed'
    FOR UPDATE OF o`);
  return new Set(r.rows.map((row) => rowKey(row.team_uid, Number(row.id))));
}

export const rowKey = (teamUID: string, id: number) => `${teamUID}\u0000${id}`;

/** A claimed row's end: done, failed, or pending again from `dueMs`. */
export interface Completion {
  teamUID: string;
  id: number;
  state: 'done' | 'failed' | 'pending';
  dueMs: number | null;
  error: string | null;
}

/**
 * Completes claimed rows of `token` (one statement for the batch): done and failed ones are
 * finished at `nowMs`; pending ones are released, due at their `dueMs`. Answers how many rows
 * were still this claim's.
 */
export async function completeClaim(
  _scope: SystemScope,
  tx: Tx,
  token: string,
  nowMs: number,
  done: readonly Completion[],
): Promise<number> {
  if (done.length === 0) return 0;
  const k = keys(done);
  const r = await tx.db.execute(sql`
    UPDATE outbox o SET state = v.state, claim_token = NULL, lease_until = NULL,
      last_error = v.error,
      finished_at = CASE WHEN v.state = 'pending' THEN NULL ELSE ${at(nowMs)} END,
      deliver_after = CASE WHEN v.state = 'pending'
        THEN timestamptz 'epoch' + v.due_ms * interval '1 millisecond' ELSE o.deliver_after END
    FROM unnest(${k.teams}::text[], ${k.ids}::bigint[],
      ${sql.param(done.map((d) => d.state))}::text[],
      ${sql.param(done.map((d) => d.dueMs))}::bigint[],
      ${sql.param(done.map((d) => d.error))}::text[]) AS v(team_uid, id, state, due_ms, error)
    WHERE o.team_uid = v.team_uid AND o.id = v.id AND o.claim_token = ${token}
      AND o.state = 'claimed'`);
  return r.rowCount ?? 0;
}

/**
 * The first start of `kind`'s consumer, recorded once: rows of the kind committed before it are
 * marked skipped in the same transaction. Answers how many were skipped, or null when the kind
 * had started before. A row still uncommitted at this moment commits pending and is delivered:
 * it is the state at the first start that decides, never an id or a time.
 */
export async function recordFirstStart(
  _scope: SystemScope,
  tx: Tx,
  kind: string,
  nowMs: number,
): Promise<number | null> {
  const first = await tx.db.execute(sql`
    INSERT INTO outbox_consumer (kind, first_started_at) VALUES (${kind}, ${at(nowMs)})
    ON CONFLICT (kind) DO NOTHING`);
  // Not inserted: the kind started before (a concurrent first start waits here for the other's
  // commit, then finds its row).
  if ((first.rowCount ?? 0) === 0) return null;
  const r = await tx.db.execute<{ skipped: number | string }>(sql`
    WITH skipped AS (
      UPDATE outbox o SET state = 'skipped', finished_at = ${at(nowMs)}, claim_token = NULL,
        lease_until = NULL
      WHERE o.kind = ${kind} AND o.state IN ('pending', 'claimed')
      RETURNING 1)
    UPDATE outbox_consumer SET skipped_rows = (SELECT count(*) FROM skipped)
    WHERE kind = ${kind}
    RETURNING skipped_rows AS skipped`);
  return Number(r.rows[0]?.skipped ?? 0);
}

/** Deletes up to `limit` rows finished before `cutoffMs`; answers how many. */
export async function deleteFinished(
  _scope: SystemScope,
  tx: Tx,
  cutoffMs: number,
  limit: number,
): Promise<number> {
  const r = await tx.db.execute(sql`
    DELETE FROM outbox o USING (
      SELECT team_uid, id FROM outbox
      WHERE state IN ('done', 'failed', 'skipped') AND finished_at < ${at(cutoffMs)}
      LIMIT ${limit}) f
    WHERE o.team_uid = f.team_uid AND o.id = f.id`);
  return r.rowCount ?? 0;
}
