import { and, eq, or, sql } from 'drizzle-orm';
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

const byUID = (scope: TeamScope, filterSetUID: string) =>
  and(eq(filterSet.teamUID, scope.teamUID), eq(filterSet.filterSetUID, filterSetUID));

const toRow = (x: typeof filterSet.$inferSelect): FilterSetRow => ({
  filterSetUID: x.filterSetUID,
  createdBy: x.createdBy,
  name: x.name,
  filter: x.filter,
  sort: x.sort,
  columns: x.columns,
  shared: x.shared,
  createdAt: x.createdAt.toISOString(),
  updatedAt: x.updatedAt.toISOString(),
});

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
  const q = db
    .select()
    .from(filterSet)
    .where(
      and(
        eq(filterSet.teamUID, scope.teamUID),
        or(eq(filterSet.createdBy, scope.uid), eq(filterSet.shared, true)),
        filterSetUID === undefined ? undefined : eq(filterSet.filterSetUID, filterSetUID),
      ),
    )
    .orderBy(sql`lower(${filterSet.name})`, filterSet.filterSetUID);
  return (lock ? await q.for('update') : await q).map(toRow);
}

/** One filter set of the team whoever saved it (after a write that may have hidden it). */
export async function getFilterSet(
  scope: TeamScope,
  db: AppDb,
  filterSetUID: string,
): Promise<FilterSetRow | null> {
  const [row] = await db.select().from(filterSet).where(byUID(scope, filterSetUID));
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
  await db.insert(filterSet).values({
    teamUID: scope.teamUID,
    filterSetUID: f.filterSetUID,
    createdBy: scope.uid,
    name: f.name,
    filter: f.filter,
    sort: f.sort,
    columns: f.columns,
    shared: f.shared,
  });
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
    .where(byUID(scope, filterSetUID));
}

export async function deleteFilterSet(scope: TeamScope, db: AppDb, filterSetUID: string) {
  await db.delete(filterSet).where(byUID(scope, filterSetUID));
}
