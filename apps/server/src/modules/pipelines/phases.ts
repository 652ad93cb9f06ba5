import { newPushId, notFound } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type WriteOptions, type Db, inTx } from '../../db/tx';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';
import { sameSet } from './service';

/** The team's phases (SPEC §3 Team phases): the groups stages belong to. */

export async function getPhases(db: Db, scope: TeamScope) {
  return { phases: await repo.listPhases(scope, db.db) };
}

async function requirePhase(scope: TeamScope, db: AppDb, phaseUID: string) {
  const p = await repo.findPhase(scope, db, phaseUID);
  if (!p) throw notFound('Phase not found');
  return p;
}

/** The default colour of a new phase (the column default of pipeline_phase). */
export const DEFAULT_PHASE_COLOR = '#868E96';

export async function createPhase(
  db: Db,
  scope: TeamScope,
  input: { name: string; color?: string | undefined },
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      const phaseUID = newPushId();
      await repo.insertPhase(scope, tx.db, {
        phaseUID,
        name: input.name,
        color: input.color ?? DEFAULT_PHASE_COLOR,
      });
      await emit(tx, scope, { changed: [logChange('phase', phaseUID, 'insert')] });
      return { phase: (await repo.findPhase(scope, tx.db, phaseUID))! };
    },
    opts,
  );
}

export async function updatePhase(
  db: Db,
  scope: TeamScope,
  phaseUID: string,
  patch: { name?: string | undefined; color?: string | undefined },
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePhase(scope, tx.db, phaseUID);
      requireRole(scope, ...MANAGERS);
      await repo.updatePhase(scope, tx.db, phaseUID, patch);
      await emit(tx, scope, { changed: [logChange('phase', phaseUID, 'update')] });
      return { phase: (await repo.findPhase(scope, tx.db, phaseUID))! };
    },
    opts,
  );
}

export async function deletePhase(
  db: Db,
  scope: TeamScope,
  phaseUID: string,
  opts: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requirePhase(scope, tx.db, phaseUID);
      requireRole(scope, ...MANAGERS);
      await emit(tx, scope, {
        changed: (await repo.deletePhase(scope, tx.db, phaseUID)).map((uid) =>
          logChange('stage', uid, 'update'),
        ),
      });
      await emit(tx, scope, { changed: [logChange('phase', phaseUID, 'delete')] });
      return { deleted: true };
    },
    opts,
  );
}

export async function orderPhases(
  db: Db,
  scope: TeamScope,
  order: string[],
  opts: WriteOptions = {},
) {
  requireRole(scope, ...MANAGERS);
  return inTx(
    db,
    scope,
    async (tx) => {
      sameSet(order, await repo.lockPhaseUIDs(scope, tx.db), "team's phases");
      await repo.setPhaseOrder(scope, tx.db, order);
      await emit(tx, scope, { changed: order.map((uid) => logChange('phase', uid, 'update')) });
      return { phases: await repo.listPhases(scope, tx.db) };
    },
    opts,
  );
}
