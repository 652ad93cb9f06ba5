import { newPushId, PUSH_ID_PREFIXES, DomainError, notFound } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

/** Status labels by order (GET status-labels and GET /team-data `statusLabels`). */
export const listStatusLabels = (db: Db, scope: TeamScope) => repo.listLabels(scope, db.db);

async function requireLabel(tx: Tx, scope: TeamScope, labelUID: string) {
  const [label] = await repo.listLabels(scope, tx.db, labelUID);
  if (!label) throw notFound('Status label not found');
  return label;
}

export async function createStatusLabel(
  db: Db,
  scope: TeamScope,
  body: { display: string; color: string },
  options: WriteOptions,
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      const labelUID = newPushId(PUSH_ID_PREFIXES.statusLabel);
      await repo.insertLabel(scope, tx.db, { labelUID, ...body });
      await emit(tx, scope, { changed: [logChange('statusLabel', labelUID, 'insert')] });
      return requireLabel(tx, scope, labelUID);
    },
    options,
  );
}

export async function updateStatusLabel(
  db: Db,
  scope: TeamScope,
  labelUID: string,
  patch: { display?: string; color?: string },
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireLabel(tx, scope, labelUID);
      requireRole(scope, ...MANAGERS);
      await repo.updateLabel(scope, tx.db, labelUID, patch);
      await emit(tx, scope, { changed: [logChange('statusLabel', labelUID, 'update')] });
      return requireLabel(tx, scope, labelUID);
    },
    options,
  );
}

/** Deletes a label; the contacts that had it lose it (each a change-log entry). */
export async function deleteStatusLabel(
  db: Db,
  scope: TeamScope,
  labelUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireLabel(tx, scope, labelUID);
      requireRole(scope, ...MANAGERS);
      const cleared = await repo.deleteLabel(scope, tx.db, labelUID);
      await emit(tx, scope, { changed: [logChange('statusLabel', labelUID, 'delete')] });
      await emit(tx, scope, {
        changed: cleared.map((gtid) => logChange('contact', gtid, 'update')),
      });
      return { deleted: true, contacts: cleared.length };
    },
    options,
  );
}

export async function orderStatusLabels(
  db: Db,
  scope: TeamScope,
  order: readonly string[],
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const have = new Set(await repo.labelUIDs(scope, tx.db));
      const unknown = order.find((id) => !have.has(id));
      if (unknown !== undefined) throw notFound(`Status label ${unknown} not found`);
      requireRole(scope, ...MANAGERS);
      if (order.length !== have.size) {
        throw new DomainError(
          'invalid-argument',
          `List every status label once: ${have.size} expected, ${order.length} sent.`,
          'order',
        );
      }
      await repo.reorderLabels(scope, tx.db, order);
      await emit(tx, scope, { changed: order.map((id) => logChange('statusLabel', id, 'update')) });
      return repo.listLabels(scope, tx.db);
    },
    options,
  );
}
