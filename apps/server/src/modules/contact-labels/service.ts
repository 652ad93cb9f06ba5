import type { Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { withTx, type WithTxOptions } from '../../db/tx';
import { ApiError } from '../../http/errors';
import { recordActivity } from '../activities/service';
import { requireContact } from '../contacts/access';
import * as repo from './repo';

/**
 * Sets (or clears, with null) a contact's status label (SPEC §3 Status label): one label per
 * contact across pipelines. The same label again writes nothing.
 */
export async function setStatusLabel(
  database: Database,
  scope: TeamScope,
  gtid: string,
  labelUID: string | null,
  options: WithTxOptions,
) {
  return withTx(
    database,
    scope,
    async (tx) => {
      const contact = await requireContact(scope, tx.db, gtid, { lock: true });
      const to = labelUID ? await repo.findLabel(scope, tx.db, labelUID) : null;
      if (labelUID && !to) {
        throw new ApiError('not-found', 'Status label not found in this team.', 'labelUID');
      }
      const fromUID = contact.statusLabelUID;
      if (fromUID === labelUID) return { statusLabelUID: labelUID };
      // The previous label may have been deleted since; its display is then unknown.
      const from = fromUID ? await repo.findLabel(scope, tx.db, fromUID) : null;
      await repo.setContactLabel(scope, tx.db, gtid, labelUID);
      tx.recordChange(scope.teamUID, 'contact', gtid, 'update');
      await recordActivity(tx, scope, {
        gtid,
        type: 'statusLabel',
        action: labelUID ? 'changed' : 'cleared',
        refUID: labelUID,
        data: {
          from: fromUID,
          to: labelUID,
          fromDisplay: from?.display ?? null,
          toDisplay: to?.display ?? null,
        },
      });
      return { statusLabelUID: labelUID };
    },
    options,
  );
}
