import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
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

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

export async function insertConnection(
  scope: TeamScope,
  db: AppDb,
  connectionUID: string,
  f: ConnectionFields & { system: string },
) {
  await db.execute(sql`
    INSERT INTO connection (team_uid, connection_uid, system, name, status, test_mode, sync_period,
      options, sync_email_only, is_paused, selected_pipeline, used_in_pipelines, used_in_tag_sets)
    VALUES (${scope.teamUID}, ${connectionUID}, ${f.system}, ${f.name ?? ''},
      ${f.status ?? 'active'}, ${f.testMode ?? false}, ${f.syncPeriod ?? 0}, ${json(f.options ?? {})},
      ${f.syncEmailOnly ?? false}, ${f.isPaused ?? false}, ${f.selectedPipeline ?? null},
      ${json(f.usedInPipelines ?? [])}, ${json(f.usedInTagSets ?? [])})`);
}

export async function updateConnection(
  scope: TeamScope,
  db: AppDb,
  connectionUID: string,
  f: ConnectionFields,
) {
  const sets = [];
  if (f.system !== undefined) sets.push(sql`system = ${f.system}`);
  if (f.name !== undefined) sets.push(sql`name = ${f.name}`);
  if (f.status !== undefined) sets.push(sql`status = ${f.status}`);
  if (f.testMode !== undefined) sets.push(sql`test_mode = ${f.testMode}`);
  if (f.syncPeriod !== undefined) sets.push(sql`sync_period = ${f.syncPeriod}`);
  if (f.options !== undefined) sets.push(sql`options = ${json(f.options)}`);
  if (f.syncEmailOnly !== undefined) sets.push(sql`sync_email_only = ${f.syncEmailOnly}`);
  if (f.isPaused !== undefined) sets.push(sql`is_paused = ${f.isPaused}`);
  if (f.selectedPipeline !== undefined) sets.push(sql`selected_pipeline = ${f.selectedPipeline}`);
  if (f.usedInPipelines !== undefined)
    sets.push(sql`used_in_pipelines = ${json(f.usedInPipelines)}`);
  if (f.usedInTagSets !== undefined) sets.push(sql`used_in_tag_sets = ${json(f.usedInTagSets)}`);
  if (sets.length === 0) return;
  await db.execute(sql`
    UPDATE connection SET ${sql.join(sets, sql`, `)}
    WHERE team_uid = ${scope.teamUID} AND connection_uid = ${connectionUID}`);
}

export async function deleteConnection(scope: TeamScope, db: AppDb, connectionUID: string) {
  await db.execute(sql`
    DELETE FROM connection WHERE team_uid = ${scope.teamUID} AND connection_uid = ${connectionUID}`);
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
