import { sql, type SQL } from 'drizzle-orm';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { signalOutboxCommitted } from '../outbox/signal';
import type { OutboxRow, SyncConnectionRow } from './types';

type ConnectionDbRow = {
  connection_uid: string;
  system: string;
  status: string;
  is_paused: boolean;
  sync_email_only: boolean;
  sync_period: number;
  options: Record<string, unknown>;
  options_arr: unknown[] | null;
  selected_pipeline: string | null;
  used_in_pipelines: string[];
  used_in_tag_sets: string[];
  test_mode: boolean;
};

const toConnection = (row: ConnectionDbRow): SyncConnectionRow => ({
  connectionUID: row.connection_uid,
  system: row.system,
  status: row.status,
  isPaused: row.is_paused,
  syncEmailOnly: row.sync_email_only,
  syncPeriod: row.sync_period,
  options: row.options,
  optionsArr: (row.options_arr ?? null) as SyncConnectionRow['optionsArr'],
  selectedPipeline: row.selected_pipeline,
  usedInPipelines: row.used_in_pipelines,
  usedInTagSets: row.used_in_tag_sets,
  testMode: row.test_mode,
});

/** The team's connections as the sync rules read them. */
export async function loadConnections(scope: TeamScope, tx: Tx): Promise<SyncConnectionRow[]> {
  const r = await tx.db.execute<ConnectionDbRow>(sql`
    SELECT connection_uid, system, status, is_paused, sync_email_only, sync_period, options,
      options_arr, selected_pipeline, used_in_pipelines, used_in_tag_sets, test_mode
    FROM connection WHERE team_uid = ${scope.teamUID} ORDER BY created_at, connection_uid`);
  return r.rows.map(toConnection);
}

/**
 * The same connections as one JSON column for another module's read (`connectionsOfColumn`
 * turns it back), so a hot write reads them in the round trip it already makes.
 */
export function connectionsColumn(scope: TeamScope): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'connection_uid', x.connection_uid, 'system', x.system, 'status', x.status,
      'is_paused', x.is_paused, 'sync_email_only', x.sync_email_only,
      'sync_period', x.sync_period, 'options', x.options, 'options_arr', x.options_arr,
      'selected_pipeline', x.selected_pipeline, 'used_in_pipelines', x.used_in_pipelines,
      'used_in_tag_sets', x.used_in_tag_sets, 'test_mode', x.test_mode)
      ORDER BY x.created_at, x.connection_uid), '[]'::json)
    FROM connection x WHERE x.team_uid = ${scope.teamUID})`;
}

export function connectionsOfColumn(value: unknown): SyncConnectionRow[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as ConnectionDbRow[];
  return rows.map(toConnection);
}

/** A row as written: its team, and when it was queued and falls due, in ms on the app clock. */
type TeamOutboxRow = OutboxRow & { teamUID: string; queuedMs: number; dueMs: number };

const fromMs = (column: string) =>
  sql.raw(`timestamptz 'epoch' + ${column} * interval '1 millisecond'`);

/** One INSERT for any number of rows (arrays bind five parameters), rows in their given order. */
function outboxInsert(rows: TeamOutboxRow[]) {
  return sql`
    INSERT INTO outbox (team_uid, kind, payload, created_at, deliver_after)
    SELECT v.team_uid, v.kind, v.payload, ${fromMs('v.queued_ms')}, ${fromMs('v.due_ms')}
    FROM unnest(${sql.param(rows.map((r) => r.teamUID))}::text[],
      ${sql.param(rows.map((r) => r.kind))}::text[],
      ${sql.param(rows.map((r) => JSON.stringify(r.payload)))}::jsonb[],
      ${sql.param(rows.map((r) => r.queuedMs))}::bigint[],
      ${sql.param(rows.map((r) => r.dueMs))}::bigint[]) AS v(team_uid, kind, payload, queued_ms, due_ms)`;
}

/**
 * Inserts outbox rows; `delayMinutes` holds delivery back (SPEC §9 sync period). Both times come
 * from the app clock (clock.ts) and are stored, so a test that moves the clock sees a delayed row
 * fall due, and `deliver_after - created_at` is the delay asked for. Deferred: they go out with
 * the action's next statement (db/tx.ts), joined with outbox rows queued just before.
 */
export function insertOutbox(scope: TeamScope, tx: Tx, rows: readonly OutboxRow[]) {
  const queuedMs = tx.clock.now();
  tx.deferRows(
    'outbox',
    rows.map((r) => ({
      ...r,
      teamUID: scope.teamUID,
      queuedMs,
      dueMs: queuedMs + (r.delayMinutes ?? 0) * 60_000,
    })),
    outboxInsert,
  );
  // Wakes the kind's dispatcher once the rows are committed (once per kind and transaction).
  for (const kind of new Set(rows.map((r) => r.kind))) {
    tx.afterCommit(`outbox:${kind}`, () => signalOutboxCommitted(kind));
  }
}
