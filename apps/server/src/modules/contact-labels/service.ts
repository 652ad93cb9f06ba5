import { DomainError } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { lockVisibleContacts, requireContact } from '../contact-parts/access';
import * as repo from './repo';
import type { LabelInfo } from './repo';
import { emit, logChange } from '../../events/emit';

/**
 * A status label of the team to set (null = clear); an unknown one, or another team's, is 404
 * naming `field`.
 */
export async function resolveLabel(
  scope: TeamScope,
  db: AppDb,
  labelUID: string | null,
  field = 'labelUID',
): Promise<LabelInfo | null> {
  if (labelUID === null) return null;
  const label = (await repo.findLabels(scope, db, [labelUID])).get(labelUID);
  if (!label) throw new DomainError('not-found', 'Status label not found in this team.', field);
  return label;
}

/**
 * Sets (or clears, with null) the status label of a set of contacts in the caller's
 * transaction, with a bounded number of statements for any number of them (SPEC §3 Status
 * label: one label per contact across pipelines). Each contact whose label changes gets a
 * `statusLabel` activity (changed / cleared, with from/to and their displays) and a `contact`
 * change record; one that has the label already gets nothing. Answers the GTIDs the scope may
 * not see (nothing is written for them). The contact page's PUT is N = 1.
 */
export async function setLabelOfContacts(
  tx: Tx,
  scope: TeamScope,
  gtids: readonly string[],
  to: LabelInfo | null,
): Promise<{ changed: string[]; notVisible: string[] }> {
  const unique = [...new Set(gtids)];
  const heads = await lockVisibleContacts(scope, tx.db, unique);
  const labelUID = to?.labelUID ?? null;
  const changing = unique.filter((g) => heads.has(g) && heads.get(g)!.statusLabelUID !== labelUID);
  const notVisible = unique.filter((g) => !heads.has(g));
  if (changing.length === 0) return { changed: [], notVisible };
  // Previous labels may have been deleted since; their display is then unknown.
  const fromUIDs = [
    ...new Set(changing.map((g) => heads.get(g)!.statusLabelUID).filter((u) => u !== null)),
  ];
  const from = await repo.findLabels(scope, tx.db, fromUIDs);
  await repo.setContactLabels(scope, tx.db, changing, labelUID);
  await emit(tx, scope, {
    changed: changing.map((g) => logChange('contact', g, 'update')),
    activities: changing.map((gtid) => {
      const fromUID = heads.get(gtid)!.statusLabelUID;
      return {
        gtid,
        type: 'statusLabel',
        action: labelUID ? 'changed' : 'cleared',
        refUID: labelUID,
        data: {
          from: fromUID,
          to: labelUID,
          fromDisplay: (fromUID && from.get(fromUID)?.display) ?? null,
          toDisplay: to?.display ?? null,
        },
      };
    }),
    triggers: changing.map((gtid) => ({
      trigger: 'statusLabelChanged' as const,
      gtid,
      pipelineUID: null,
      data: { from: heads.get(gtid)!.statusLabelUID, to: labelUID },
    })),
  });
  return { changed: changing, notVisible };
}

/**
 * Sets (or clears, with null) a contact's status label: the N = 1 case of
 * {@link setLabelOfContacts}. The same label again writes nothing.
 */
export async function setStatusLabel(
  db: Db,
  scope: TeamScope,
  gtid: string,
  labelUID: string | null,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      const to = await resolveLabel(scope, tx.db, labelUID);
      await setLabelOfContacts(tx, scope, [gtid], to);
      return { statusLabelUID: labelUID };
    },
    options,
  );
}
