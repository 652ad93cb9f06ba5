import { newPushId, DomainError, notFound, resourceKey } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { requireContact } from '../contact-parts/access';
import { requireContactInPipeline } from '../contact-parts/placement';
import * as repo from './repo';
import { emit, logChange, type NewActivity } from '../../events/emit';

export interface DealFields {
  name: string;
  /** Normalised decimal string. */
  value: string;
  currency: string;
  status: repo.DealStatus;
}

/** Timeline entries of a deal (type `pipeline`, value and currency typed for KPIs). */
type DealAction = 'dealCreated' | 'dealWon' | 'dealLost' | 'dealDeleted';

const dealActivity = (gtid: string, deal: repo.DealView, action: DealAction): NewActivity => ({
  gtid,
  type: 'pipeline',
  action,
  pipelineUID: deal.pipelineUID,
  value: deal.value,
  currency: deal.currency,
  refUID: deal.dealUID,
  data: { name: deal.name, status: deal.status },
});

/** dealWon / dealLost when a deal reaches that status (from another one, or created in it). */
const outcomeAction = (status: repo.DealStatus): DealAction | null =>
  status === 'won' ? 'dealWon' : status === 'lost' ? 'dealLost' : null;

/** Several entries of one action keep their order on the timeline (1 ms apart). */
async function record(
  tx: Tx,
  scope: TeamScope,
  gtid: string,
  deal: repo.DealView,
  actions: (DealAction | null)[],
) {
  const now = tx.clock.now();
  const list = actions
    .filter((a): a is DealAction => a !== null)
    .map((a, i) => ({ ...dealActivity(gtid, deal, a), at: now + i }));
  await emit(tx, scope, { activities: list });
}

export async function createDeal(
  db: Db,
  scope: TeamScope,
  gtid: string,
  pipelineUID: string,
  fields: DealFields,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      await requireContactInPipeline(scope, tx.db, gtid, pipelineUID, 'groupUID');
      const deal = await repo.insertDeal(scope, tx.db, {
        dealUID: newPushId(),
        gtid,
        pipelineUID,
        ...fields,
      });
      await emit(tx, scope, {
        changed: [logChange('deal', resourceKey.part(gtid, deal.dealUID), 'insert')],
      });
      await record(tx, scope, gtid, deal, ['dealCreated', outcomeAction(deal.status)]);
      return { deal };
    },
    options,
  );
}

async function requireDeal(tx: Tx, scope: TeamScope, gtid: string, dealUID: string) {
  await requireContact(scope, tx.db, gtid, { lock: true });
  const deal = await repo.findDeal(scope, tx.db, gtid, dealUID);
  if (!deal) throw notFound('Deal not found');
  return deal;
}

export async function editDeal(
  db: Db,
  scope: TeamScope,
  gtid: string,
  dealUID: string,
  change: Partial<DealFields>,
  options: WriteOptions,
) {
  if (Object.keys(change).length === 0) {
    throw new DomainError(
      'invalid-argument',
      'Send at least one of name, value, currency or status.',
    );
  }
  return inTx(
    db,
    scope,
    async (tx) => {
      const before = await requireDeal(tx, scope, gtid, dealUID);
      const next = {
        name: change.name ?? before.name,
        value: change.value ?? before.value,
        currency: change.currency ?? before.currency,
        status: change.status ?? before.status,
      };
      const same =
        next.name === before.name &&
        Number(next.value) === Number(before.value) &&
        next.currency === before.currency &&
        next.status === before.status;
      if (same) return { deal: before };
      const deal = await repo.updateDeal(scope, tx.db, gtid, dealUID, next);
      await emit(tx, scope, {
        changed: [logChange('deal', resourceKey.part(gtid, dealUID), 'update')],
      });
      if (deal.status !== before.status)
        await record(tx, scope, gtid, deal, [outcomeAction(deal.status)]);
      return { deal };
    },
    options,
  );
}

export async function deleteDeal(
  db: Db,
  scope: TeamScope,
  gtid: string,
  dealUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const deal = await requireDeal(tx, scope, gtid, dealUID);
      await repo.deleteDeal(scope, tx.db, gtid, dealUID);
      await emit(tx, scope, {
        changed: [logChange('deal', resourceKey.part(gtid, dealUID), 'delete')],
      });
      await record(tx, scope, gtid, deal, ['dealDeleted']);
      return { deleted: true as const };
    },
    options,
  );
}
