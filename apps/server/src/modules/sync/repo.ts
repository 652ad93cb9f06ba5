import { sql } from 'drizzle-orm';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import type { OutboxRow, SyncConnectionRow } from './types';

/** The team's connections as the sync rules read them. */
export async function loadConnections(scope: TeamScope, tx: Tx): Promise<SyncConnectionRow[]> {
  const r = await tx.db.execute<{
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
  }>(sql`
    SELECT connection_uid, system, status, is_paused, sync_email_only, sync_period, options,
      options_arr, selected_pipeline, used_in_pipelines, used_in_tag_sets, test_mode
    FROM connection WHERE team_uid = ${scope.teamUID} ORDER BY created_at, connection_uid`);
  return r.rows.map((row) => ({
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
  }));
}

type TeamOutboxRow = OutboxRow & { teamUID: string };

/** One INSERT for any number of rows (arrays bind four parameters), rows in their given order. */
function outboxInsert(rows: TeamOutboxRow[]) {
  return sql`
    INSERT INTO outbox (team_uid, kind, payload, deliver_after)
    SELECT v.team_uid, v.kind, v.payload, now() + make_interval(mins => v.delay)
    FROM unnest(${sql.param(rows.map((r) => r.teamUID))}::text[],
      ${sql.param(rows.map((r) => r.kind))}::text[],
      ${sql.param(rows.map((r) => JSON.stringify(r.payload)))}::jsonb[],
      ${sql.param(rows.map((r) => r.delayMinutes ?? 0))}::int[]) AS v(team_uid, kind, payload, delay)`;
}

/**
 * Inserts outbox rows; `delayMinutes` holds delivery back (SPEC §9 sync period). Deferred: they
 * go out with the action's next statement (db/tx.ts), joined with outbox rows queued just before.
 */
export function insertOutbox(scope: TeamScope, tx: Tx, rows: readonly OutboxRow[]) {
  tx.deferRows(
    'outbox',
    rows.map((r) => ({ ...r, teamUID: scope.teamUID })),
    outboxInsert,
  );
}
