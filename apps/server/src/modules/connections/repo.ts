import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { setsNothing } from '../../db/patch';
import { connection } from '../../db/schema';
import type { TeamScope } from '../../db/scope';

/**
 * Connections (SPEC §3 Connection), the minimum the outbox needs. `settings` (credentials and
 * endpoint) is written but never read back here: nothing in this module answers it.
 */

export interface ConnectionRow {
  connectionUID: string;
  system: string;
  name: string;
  status: string;
  testMode: boolean;
  syncPeriod: number;
  options: Record<string, unknown>;
  syncEmailOnly: boolean;
  isPaused: boolean;
  selectedPipeline: string | null;
  usedInPipelines: string[];
  usedInTagSets: string[];
}

type DbRow = {
  connection_uid: string;
  system: string;
  name: string;
  status: string;
  test_mode: boolean;
  sync_period: number;
  options: Record<string, unknown> | null;
  sync_email_only: boolean;
  is_paused: boolean;
  selected_pipeline: string | null;
  used_in_pipelines: string[] | null;
  used_in_tag_sets: string[] | null;
};

const columns = sql`connection_uid, system, name, status, test_mode, sync_period, options,
  sync_email_only, is_paused, selected_pipeline, used_in_pipelines, used_in_tag_sets`;

const toConnection = (r: DbRow): ConnectionRow => ({
  connectionUID: r.connection_uid,
  system: r.system,
  name: r.name,
  status: r.status,
  testMode: r.test_mode,
  syncPeriod: r.sync_period,
  options: r.options ?? {},
  syncEmailOnly: r.sync_email_only,
  isPaused: r.is_paused,
  selectedPipeline: r.selected_pipeline,
  usedInPipelines: r.used_in_pipelines ?? [],
  usedInTagSets: r.used_in_tag_sets ?? [],
});

export async function listConnections(scope: TeamScope, db: AppDb): Promise<ConnectionRow[]> {
  const r = await db.execute<DbRow>(sql`
    SELECT ${columns} FROM connection WHERE team_uid = ${scope.teamUID}
    ORDER BY created_at, connection_uid`);
  return r.rows.map(toConnection);
}

export async function findConnection(
  scope: TeamScope,
  db: AppDb,
  connectionUID: string,
  opts: { lock?: boolean } = {},
): Promise<ConnectionRow | null> {
  const r = await db.execute<DbRow>(sql`
    SELECT ${columns} FROM connection
    WHERE team_uid = ${scope.teamUID} AND connection_uid = ${connectionUID}
    ${opts.lock ? sql`FOR UPDATE` : sql``}`);
  return r.rows[0] ? toConnection(r.rows[0]) : null;
}

export interface ConnectionFields {
  system?: string | undefined;
  name?: string | undefined;
  status?: string | undefined;
  testMode?: boolean | undefined;
  syncPeriod?: number | undefined;
  options?: Record<string, unknown> | undefined;
  syncEmailOnly?: boolean | undefined;
  isPaused?: boolean | undefined;
  selectedPipeline?: string | null | undefined;
  usedInPipelines?: string[] | undefined;
  usedInTagSets?: string[] | undefined;
}

const byUID = (scope: TeamScope, connectionUID: string) =>
  and(eq(connection.teamUID, scope.teamUID), eq(connection.connectionUID, connectionUID));

export async function insertConnection(
  scope: TeamScope,
  db: AppDb,
  connectionUID: string,
  f: ConnectionFields & { system: string },
) {
  await db.insert(connection).values({
    teamUID: scope.teamUID,
    connectionUID,
    system: f.system,
    name: f.name ?? '',
    status: f.status ?? 'active',
    testMode: f.testMode ?? false,
    syncPeriod: f.syncPeriod ?? 0,
    options: f.options ?? {},
    syncEmailOnly: f.syncEmailOnly ?? false,
    isPaused: f.isPaused ?? false,
    selectedPipeline: f.selectedPipeline ?? null,
    usedInPipelines: f.usedInPipelines ?? [],
    usedInTagSets: f.usedInTagSets ?? [],
  });
}

export async function updateConnection(
  scope: TeamScope,
  db: AppDb,
  connectionUID: string,
  f: ConnectionFields,
) {
  const set = {
    system: f.system,
    name: f.name,
    status: f.status,
    testMode: f.testMode,
    syncPeriod: f.syncPeriod,
    options: f.options,
    syncEmailOnly: f.syncEmailOnly,
    isPaused: f.isPaused,
    selectedPipeline: f.selectedPipeline,
    usedInPipelines: f.usedInPipelines,
    usedInTagSets: f.usedInTagSets,
  };
  if (setsNothing(set)) return;
  await db.update(connection).set(set).where(byUID(scope, connectionUID));
}

export async function deleteConnection(scope: TeamScope, db: AppDb, connectionUID: string) {
  await db.delete(connection).where(byUID(scope, connectionUID));
}
/** Which of `uids` are pipelines of the team. */
export async function existingPipelineUIDs(scope: TeamScope, db: AppDb, uids: readonly string[]) {
  if (uids.length === 0) return [];
  const r = await db.execute<{ pipeline_uid: string }>(sql`
    SELECT pipeline_uid FROM pipeline
    WHERE team_uid = ${scope.teamUID} AND pipeline_uid = ANY(${sql.param([...uids])}::text[])`);
  return r.rows.map((row) => row.pipeline_uid);
}

/** Which of `uids` are tag sets of the team. */
export async function existingTagSetUIDs(scope: TeamScope, db: AppDb, uids: readonly string[]) {
  if (uids.length === 0) return [];
  const r = await db.execute<{ tag_set_uid: string }>(sql`
    SELECT tag_set_uid FROM tag_set
    WHERE team_uid = ${scope.teamUID} AND tag_set_uid = ANY(${sql.param([...uids])}::text[])`);
  return r.rows.map((row) => row.tag_set_uid);
}
