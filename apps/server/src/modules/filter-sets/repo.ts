import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { filterSet } from '../../db/schema';
import type { TeamScope } from '../../db/scope';

export interface FilterSetRow {
  filterSetUID: string;
  createdBy: string;
  name: string;
  filter: Record<string, unknown>;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  columns: string[] | null;
  shared: boolean;
  createdAt: string;
  updatedAt: string;
}

interface Raw extends Record<string, unknown> {
  filter_set_uid: string;
  created_by: string;
  name: string;
  filter: Record<string, unknown> | string;
  sort: FilterSetRow['sort'] | string | null;
  columns: string[] | string | null;
  shared: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const json = <T>(v: T | string | null): T | null =>
  v === null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v;
const iso = (v: Date | string) => new Date(v).toISOString();

function toRow(x: Raw): FilterSetRow {
  return {
    filterSetUID: x.filter_set_uid,
    createdBy: x.created_by,
    name: x.name,
    filter: json(x.filter) ?? {},
    sort: json(x.sort),
    columns: json(x.columns),
    shared: x.shared,
    createdAt: iso(x.created_at),
    updatedAt: iso(x.updated_at),
  };
}

/**
 * The filter sets the caller sees: their own and the team's shared ones (by name), or the one
 * named `filterSetUID` if they see it.
 */
export async function listVisibleFilterSets(
  scope: TeamScope,
  db: AppDb,
  filterSetUID?: string,
  lock = false,
): Promise<FilterSetRow[]> {
  const r = await db.execute<Raw>(sql`
    SELECT filter_set_uid, created_by, name, filter, sort, columns, shared, created_at, updated_at
    FROM filter_set
    WHERE team_uid = ${scope.teamUID}
      AND (created_by = ${scope.uid} OR shared)
      ${filterSetUID === undefined ? sql`` : sql`AND filter_set_uid = ${filterSetUID}`}
    ORDER BY lower(name), filter_set_uid
    ${lock ? sql`FOR UPDATE` : sql``}`);
  return r.rows.map(toRow);
}

/** One filter set of the team whoever saved it (after a write that may have hidden it). */
export async function getFilterSet(
  scope: TeamScope,
  db: AppDb,
  filterSetUID: string,
): Promise<FilterSetRow | null> {
  const r = await db.execute<Raw>(sql`
    SELECT filter_set_uid, created_by, name, filter, sort, columns, shared, created_at, updated_at
    FROM filter_set WHERE team_uid = ${scope.teamUID} AND filter_set_uid = ${filterSetUID}`);
  const row = r.rows[0];
  return row ? toRow(row) : null;
}

export async function insertFilterSet(
  scope: TeamScope,
  db: AppDb,
  f: {
    filterSetUID: string;
    name: string;
    filter: Record<string, unknown>;
    sort: FilterSetRow['sort'];
    columns: string[] | null;
    shared: boolean;
  },
) {
  await db.execute(sql`
    INSERT INTO filter_set (team_uid, filter_set_uid, created_by, name, filter, sort, columns, shared)
    VALUES (${scope.teamUID}, ${f.filterSetUID}, ${scope.uid}, ${f.name},
      ${JSON.stringify(f.filter)}::jsonb,
      ${f.sort === null ? null : JSON.stringify(f.sort)}::jsonb,
      ${f.columns === null ? null : JSON.stringify(f.columns)}::jsonb,
      ${f.shared})`);
}

export async function updateFilterSet(
  scope: TeamScope,
  db: AppDb,
  filterSetUID: string,
  patch: {
    name?: string;
    filter?: Record<string, unknown>;
    sort?: FilterSetRow['sort'];
    columns?: string[] | null;
    shared?: boolean;
  },
) {
  // drizzle leaves out the keys that are undefined: only what the patch names changes.
  await db
    .update(filterSet)
    .set({
      name: patch.name,
      filter: patch.filter,
      sort: patch.sort,
      columns: patch.columns,
      shared: patch.shared,
      updatedAt: sql`now()`,
    })
    .where(and(eq(filterSet.teamUID, scope.teamUID), eq(filterSet.filterSetUID, filterSetUID)));
}

export async function deleteFilterSet(scope: TeamScope, db: AppDb, filterSetUID: string) {
  await db.execute(sql`
    DELETE FROM filter_set WHERE team_uid = ${scope.teamUID} AND filter_set_uid = ${filterSetUID}`);
}
