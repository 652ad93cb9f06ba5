import { notFound } from '@leadloom/core';
import type { OneTeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { emit, logChange } from '../../events/emit';
import { writeFeatureFlags, writeSubscription } from './repo';

/**
 * A super admin's changes to a team's plan, inside the caller's transaction: each replaces the
 * stored value whole and tells the team's open tabs. A team that does not exist is not found.
 */

export async function replaceSubscription(
  tx: Tx,
  scope: OneTeamScope,
  subscription: Record<string, unknown>,
): Promise<void> {
  if (!(await writeSubscription(scope, tx.db, subscription))) throw notFound('Team not found');
  await emit(tx, scope, { changed: [logChange('subscription', scope.teamUID, 'update')] });
}

export async function replaceFeatureFlags(
  tx: Tx,
  scope: OneTeamScope,
  flags: Record<string, boolean>,
): Promise<void> {
  if (!(await writeFeatureFlags(scope, tx.db, flags))) throw notFound('Team not found');
  await emit(tx, scope, { changed: [logChange('featureFlags', scope.teamUID, 'update')] });
}
