import { newPushId, DomainError, notFound } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { pipelineVisible } from '../pipelines/read';
import { MANAGERS } from '../../scope/roles';
import * as repo from './repo';
import type { FilterSetRow } from './repo';
import { emit, logChange } from '../../events/emit';

export type { FilterSetRow } from './repo';

export interface FilterSetInput {
  name: string;
  filter: Record<string, unknown>;
  sort?: FilterSetRow['sort'];
  columns?: string[] | null;
  shared?: boolean;
}

/** The caller's own filter sets and the team's shared ones, by name. */
export const listFilterSets = (db: Db, scope: TeamScope) =>
  repo.listVisibleFilterSets(scope, db.db);

/** Someone else's personal set is invisible: 404, as if it did not exist. */
async function requireVisible(tx: Tx, scope: TeamScope, filterSetUID: string) {
  const [row] = await repo.listVisibleFilterSets(scope, tx.db, filterSetUID, true);
  if (!row) throw notFound('Saved view not found');
  return row;
}

/** A saved filter names only a pipeline the caller sees (another team's is not found). */
async function requireFilterPipeline(tx: Tx, scope: TeamScope, filter: Record<string, unknown>) {
  const { pipelineUID } = filter;
  if (typeof pipelineUID === 'string' && !(await pipelineVisible(scope, tx.db, pipelineUID))) {
    throw new DomainError('not-found', 'Pipeline not found', 'filter.pipelineUID');
  }
}

/** A shared set is changed only by its author or the team's owners and admins. */
function requireEditor(scope: TeamScope, row: FilterSetRow) {
  if (row.createdBy === scope.uid || MANAGERS.includes(scope.role)) return;
  throw new DomainError(
    'permission-denied',
    `Only the person who saved "${row.name}", or a team owner or admin, can change or delete it.`,
  );
}

export async function createFilterSet(
  db: Db,
  scope: TeamScope,
  body: FilterSetInput,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireFilterPipeline(tx, scope, body.filter);
      const filterSetUID = newPushId('fset');
      await repo.insertFilterSet(scope, tx.db, {
        filterSetUID,
        name: body.name,
        filter: body.filter,
        sort: body.sort ?? null,
        columns: body.columns ?? null,
        shared: body.shared ?? false,
      });
      await emit(tx, scope, { changed: [logChange('filterSet', filterSetUID, 'insert')] });
      return requireVisible(tx, scope, filterSetUID);
    },
    options,
  );
}

export async function updateFilterSet(
  db: Db,
  scope: TeamScope,
  filterSetUID: string,
  patch: Partial<FilterSetInput>,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const row = await requireVisible(tx, scope, filterSetUID);
      requireEditor(scope, row);
      if (patch.filter) await requireFilterPipeline(tx, scope, patch.filter);
      await repo.updateFilterSet(scope, tx.db, filterSetUID, patch);
      await emit(tx, scope, { changed: [logChange('filterSet', filterSetUID, 'update')] });
      // An owner who unshares a teammate's set no longer sees it, but is answered what it became.
      const updated = await repo.getFilterSet(scope, tx.db, filterSetUID);
      if (!updated) throw notFound('Saved view not found');
      return updated;
    },
    options,
  );
}

export async function deleteFilterSet(
  db: Db,
  scope: TeamScope,
  filterSetUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const row = await requireVisible(tx, scope, filterSetUID);
      requireEditor(scope, row);
      await repo.deleteFilterSet(scope, tx.db, filterSetUID);
      await emit(tx, scope, { changed: [logChange('filterSet', filterSetUID, 'delete')] });
      return { deleted: true };
    },
    options,
  );
}
