import type { Kpi, KpiEvent, KpiInput, KpiPeriod, KpiRange } from '@leadloom/core';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { visiblePipelineFilter } from '../../db/visibility';

/**
 * KPI definitions (table kpi) and the sums over daily rollups (table kpi_rollup, migration
 * 0013) that answer them. No query here reads activity rows: every number is an aggregate over
 * rollups of (team, kind, pipeline, stage, currency, day, member), whose primary key leads with
 * the filters below.
 */

type KpiDbRow = {
  kpi_uid: string;
  name: string;
  event: string;
  pipeline_uid: string | null;
  stage_uid: string | null;
  currency: string | null;
  period: string;
  range_from: string | null;
  range_to: string | null;
  target: string;
  members: string[] | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

const present = (r: KpiDbRow): Kpi => ({
  kpiUID: r.kpi_uid,
  name: r.name,
  event: r.event as KpiEvent,
  pipelineUID: r.pipeline_uid,
  stageUID: r.stage_uid,
  currency: r.currency,
  period: r.period as KpiPeriod,
  from: r.range_from,
  to: r.range_to,
  target: Number(r.target),
  members: r.members,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/**
 * The team's KPIs (or one), oldest first. A KPI about a pipeline the scope may not see is left
 * out (so it answers 404 to that member).
 */
export async function listKpis(scope: TeamScope, db: AppDb, kpiUID?: string): Promise<Kpi[]> {
  // Raw SQL: the pipeline visibility filter, and dates and numerics read back as text.
  const r = await db.execute<KpiDbRow>(sql`
    SELECT k.kpi_uid, k.name, k.event, k.pipeline_uid, k.stage_uid, k.currency, k.period,
      to_char(k.range_from, 'YYYY-MM-DD') AS range_from,
      to_char(k.range_to, 'YYYY-MM-DD') AS range_to, k.target::text AS target, k.members,
      k.created_at, k.updated_at
    FROM kpi k
    WHERE k.team_uid = ${scope.teamUID}
      ${kpiUID === undefined ? sql`` : sql`AND k.kpi_uid = ${kpiUID}`}
      AND (k.pipeline_uid IS NULL OR ${visiblePipelineFilter(scope, sql`k.pipeline_uid`)})
    ORDER BY k.created_at, k.kpi_uid`);
  return r.rows.map(present);
}

export async function upsertKpi(
  scope: TeamScope,
  db: AppDb,
  kpiUID: string,
  k: KpiInput,
): Promise<void> {
  const stage = k.event === 'stage';
  // Raw SQL: one upsert that keeps created_at/created_by and applies the event's field rules.
  await db.execute(sql`
    INSERT INTO kpi (team_uid, kpi_uid, name, event, pipeline_uid, stage_uid, currency, period,
      range_from, range_to, target, members, created_by)
    VALUES (${scope.teamUID}, ${kpiUID}, ${k.name}, ${k.event},
      ${stage || k.event === 'won' ? (k.pipelineUID ?? null) : null},
      ${stage ? (k.stageUID ?? null) : null}, ${k.event === 'won' ? (k.currency ?? null) : null},
      ${k.period}, ${k.period === 'custom' ? (k.from ?? null) : null}::date,
      ${k.period === 'custom' ? (k.to ?? null) : null}::date, ${k.target}::numeric,
      ${k.members ? JSON.stringify(k.members) : null}::jsonb, ${scope.uid})
    ON CONFLICT (team_uid, kpi_uid) DO UPDATE SET name = excluded.name, event = excluded.event,
      pipeline_uid = excluded.pipeline_uid, stage_uid = excluded.stage_uid,
      currency = excluded.currency, period = excluded.period, range_from = excluded.range_from,
      range_to = excluded.range_to, target = excluded.target, members = excluded.members,
      updated_at = now()`);
}

export async function deleteKpi(scope: TeamScope, db: AppDb, kpiUID: string): Promise<boolean> {
  // Raw SQL: RETURNING tells whether there was one to delete.
  const r = await db.execute(sql`
    DELETE FROM kpi WHERE team_uid = ${scope.teamUID} AND kpi_uid = ${kpiUID} RETURNING 1`);
  return r.rows.length > 0;
}

/** A pipeline's stages in board order, placeholder (idx 0) left out; null when not visible. */
export async function pipelineStages(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
): Promise<{ stageUID: string; name: string }[] | null> {
  // Raw SQL: an outer join with the visibility filter, answering null when hidden.
  const r = await db.execute<{ stage_uid: string | null; name: string | null }>(sql`
    SELECT s.stage_uid, s.name
    FROM pipeline p
    LEFT JOIN stage s ON s.team_uid = p.team_uid AND s.pipeline_uid = p.pipeline_uid AND s.idx > 0
    WHERE p.team_uid = ${scope.teamUID} AND p.pipeline_uid = ${pipelineUID}
      AND ${visiblePipelineFilter(scope, sql`p.pipeline_uid`)}
    ORDER BY s.idx`);
  if (r.rows.length === 0) return null;
  return r.rows
    .filter((row) => row.stage_uid !== null)
    .map((row) => ({ stageUID: row.stage_uid!, name: row.name! }));
}

/** What a KPI sums: its kind, place and currency, and whose rollups. */
export interface RollupFilter {
  kind: KpiEvent;
  pipelineUID: string | null;
  stageUID: string | null;
  currency: string | null;
  /** null = everyone. */
  members: readonly string[] | null;
}

/** Conditions on `kpi_rollup r` for a filter and a range of local dates. */
function where(scope: TeamScope, f: RollupFilter, from: string, to: string): SQL {
  return sql`r.team_uid = ${scope.teamUID} AND r.kind = ${f.kind}
    ${f.pipelineUID ? sql`AND r.pipeline_uid = ${f.pipelineUID}` : sql``}
    ${f.stageUID ? sql`AND r.stage_uid = ${f.stageUID}` : sql``}
    ${f.kind === 'won' ? sql`AND r.currency = ${f.currency ?? ''}` : sql``}
    AND r.day BETWEEN ${from}::date AND ${to}::date
    ${f.members ? sql`AND r.uid = ANY(${sql.param([...f.members])}::text[])` : sql``}`;
}

/** A deal KPI sums values; the others count. */
const measure = (f: RollupFilter) => (f.kind === 'won' ? sql`sum(r.value)` : sql`sum(r.count)`);

/** Per member totals over a range. */
export async function memberTotals(
  scope: TeamScope,
  db: AppDb,
  f: RollupFilter,
  range: KpiRange,
): Promise<Map<string, number>> {
  // Raw SQL: an aggregate over rollups (sum or count per member).
  const r = await db.execute<{ uid: string; total: string }>(sql`
    SELECT r.uid, ${measure(f)}::text AS total
    FROM kpi_rollup r
    WHERE ${where(scope, f, range.from, range.to)}
    GROUP BY r.uid`);
  return new Map(r.rows.map((row) => [row.uid, Number(row.total)]));
}

/**
 * Totals per local day from `from` to `to` (days with nothing left out). Grouped by the date
 * column itself: the service folds days into weeks, so no per-row date function runs here.
 */
export async function dayTotals(
  scope: TeamScope,
  db: AppDb,
  f: RollupFilter,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  // Raw SQL: an aggregate over rollups per local day.
  const r = await db.execute<{ day: string; total: string }>(sql`
    SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${measure(f)}::text AS total
    FROM kpi_rollup r
    WHERE ${where(scope, f, from, to)}
    GROUP BY r.day`);
  return new Map(r.rows.map((row) => [row.day, Number(row.total)]));
}

/** How many times each stage of a pipeline was entered in a range. */
export async function stageEntries(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  range: KpiRange,
  members: readonly string[] | null,
): Promise<Map<string, number>> {
  // Raw SQL: an aggregate over rollups per stage.
  const r = await db.execute<{ stage_uid: string; total: string }>(sql`
    SELECT r.stage_uid, sum(r.count)::text AS total
    FROM kpi_rollup r
    WHERE ${where(
      scope,
      { kind: 'stage', pipelineUID, stageUID: null, currency: null, members },
      range.from,
      range.to,
    )}
    GROUP BY r.stage_uid`);
  return new Map(r.rows.map((row) => [row.stage_uid, Number(row.total)]));
}

/**
 * Rebuilds a team's rollups from its activities (the rule of core KPI_EVENT_SQL; the same as
 * migration 0013's backfill), for data written straight into `activity` (the demo seed).
 */
export async function rebuildRollups(scope: TeamScope, db: AppDb, kindSql: string) {
  // Raw SQL: a set-based rebuild from activities (core KPI_EVENT_SQL is SQL text).
  await db.execute(sql`DELETE FROM kpi_rollup WHERE team_uid = ${scope.teamUID}`);
  await db.execute(sql`
    INSERT INTO kpi_rollup (team_uid, kind, pipeline_uid, stage_uid, currency, day, uid, count,
      value)
    SELECT a.team_uid, k.kind,
      CASE WHEN k.kind IN ('stage', 'won') THEN coalesce(a.pipeline_uid, '') ELSE '' END,
      CASE WHEN k.kind = 'stage' THEN a.stage_uid ELSE '' END,
      CASE WHEN k.kind = 'won' THEN coalesce(a.currency, '') ELSE '' END,
      (a.created_at AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date,
      coalesce(a.created_by_uid, ''), count(*),
      CASE WHEN k.kind = 'won' THEN coalesce(sum(a.value), 0) ELSE 0 END
    FROM activity a
    CROSS JOIN LATERAL (SELECT ${sql.raw(kindSql)} AS kind) k
    LEFT JOIN user_profile p ON p.uid = a.created_by_uid
    WHERE a.team_uid = ${scope.teamUID} AND k.kind IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7`);
}

/** The team's members by name (whose totals a KPI shows). */
export async function teamMembers(
  scope: TeamScope,
  db: AppDb,
): Promise<{ uid: string; name: string }[]> {
  // Raw SQL: joins better-auth's tables, which have no drizzle definitions here.
  const r = await db.execute<{ uid: string; name: string }>(sql`
    SELECT m."userId" AS uid, u.name
    FROM "member" m
    JOIN "user" u ON u.id = m."userId"
    WHERE m."organizationId" = ${scope.teamUID}
    ORDER BY u.name, m."userId"`);
  return r.rows;
}
