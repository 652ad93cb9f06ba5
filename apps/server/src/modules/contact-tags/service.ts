import type { Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { withTx, type Tx, type WithTxOptions } from '../../db/tx';
import { ApiError } from '../../http/errors';
import { recordActivity } from '../activities/service';
import { leadDataOf, requireContact, type ContactHead } from '../contacts/access';
import { requireContactInPipeline } from '../contact-parts/placement';
import { queueSync, queueWorkflowTriggers } from '../sync/outbox';
import * as repo from './repo';

/** A tag on a contact as the contact page shows it (docs/api.md GET contact `tags`). */
export interface ContactTagView {
  tagID: string;
  tagSetUID: string;
  pipelineUID: string | null;
  name: string;
  color: string | null;
  orphaned: boolean;
}

const contactTagKey = (gtid: string, pipelineUID: string | null, tagID: string) =>
  `${gtid}/${pipelineUID ?? 'global'}/${tagID}`;

/**
 * The tag change's timeline entry, `syncTags` rows (core's tag rule picks the systems: some
 * take only tags with a remoteID) and workflow trigger, in the action's transaction.
 */
async function recordTagChange(
  tx: Tx,
  scope: TeamScope,
  contact: ContactHead,
  action: 'added' | 'removed',
  tag: {
    tagID: string;
    tagSetUID: string;
    pipelineUID: string | null;
    name: string;
    remoteID: string | null;
  },
) {
  const data = { tagID: tag.tagID, name: tag.name, tagSetUID: tag.tagSetUID };
  // The receiving system gets the tag's name too (some map tags by name).
  const syncTag = { ...data, remoteID: tag.remoteID };
  await recordActivity(tx, scope, {
    gtid: contact.gtid,
    type: 'tags',
    action,
    pipelineUID: tag.pipelineUID,
    refUID: tag.tagID,
    data,
  });
  await queueSync(tx, scope, {
    change: {
      kind: 'tags',
      contact: { emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber },
      pipelineUID: tag.pipelineUID,
      tags: [syncTag],
    },
    lead: leadDataOf(contact),
    changeData: { action },
    pipelineData: tag.pipelineUID ? { pipelineUID: tag.pipelineUID } : null,
  });
  await queueWorkflowTriggers(tx, scope, [
    {
      trigger: action === 'added' ? 'tagAdded' : 'tagRemoved',
      gtid: contact.gtid,
      pipelineUID: tag.pipelineUID,
      data,
    },
  ]);
}

/**
 * Puts a tag on a contact: a global set's tag on the contact itself, a pipeline set's tag in
 * that pipeline (the contact must be in it). Answers `created: false` (and writes nothing)
 * when the contact has it already.
 */
export async function addContactTag(
  database: Database,
  scope: TeamScope,
  gtid: string,
  body: { tagID: string; pipelineUID?: string | null | undefined },
  options: WithTxOptions,
): Promise<{ created: boolean; tag: ContactTagView }> {
  return withTx(
    database,
    scope,
    async (tx) => {
      const contact = await requireContact(scope, tx.db, gtid, { lock: true });
      const tag = await repo.findTag(scope, tx.db, body.tagID);
      if (!tag) throw new ApiError('not-found', 'Tag not found in this team’s tag sets.', 'tagID');
      if (body.pipelineUID !== undefined && body.pipelineUID !== tag.pipelineUID) {
        throw new ApiError(
          'invalid-argument',
          tag.pipelineUID
            ? 'This tag belongs to a pipeline’s tag set: send that pipeline’s id, or leave pipelineUID out.'
            : 'This tag is in a global tag set: leave pipelineUID out (or send null).',
          'pipelineUID',
        );
      }
      const pipelineUID = tag.pipelineUID;
      if (pipelineUID) await requireContactInPipeline(scope, tx.db, gtid, pipelineUID);
      const view: ContactTagView = {
        tagID: tag.tagID,
        tagSetUID: tag.tagSetUID,
        pipelineUID,
        name: tag.name,
        color: tag.color,
        orphaned: false,
      };
      const inserted = await repo.insertContactTag(scope, tx.db, {
        gtid,
        pipelineUID,
        tagSetUID: tag.tagSetUID,
        tagID: tag.tagID,
        name: tag.name,
      });
      if (!inserted) return { created: false, tag: view };
      tx.recordChange(
        scope.teamUID,
        'contact_tag',
        contactTagKey(gtid, pipelineUID, tag.tagID),
        'insert',
      );
      await recordTagChange(tx, scope, contact, 'added', { ...tag, pipelineUID });
      return { created: true, tag: view };
    },
    options,
  );
}

/** Takes a tag off a contact (also an orphaned one); `pipelineUID` null = a global tag. */
export async function removeContactTag(
  database: Database,
  scope: TeamScope,
  gtid: string,
  tagID: string,
  pipelineUID: string | null,
  options: WithTxOptions,
) {
  return withTx(
    database,
    scope,
    async (tx) => {
      const contact = await requireContact(scope, tx.db, gtid, { lock: true });
      if (pipelineUID) await requireContactInPipeline(scope, tx.db, gtid, pipelineUID);
      const row = await repo.findContactTag(scope, tx.db, gtid, pipelineUID, tagID);
      if (!row) throw new ApiError('not-found', 'This contact does not have that tag.', 'tagID');
      await repo.deleteContactTag(scope, tx.db, gtid, pipelineUID, tagID);
      tx.recordChange(
        scope.teamUID,
        'contact_tag',
        contactTagKey(gtid, pipelineUID, tagID),
        'delete',
      );
      await recordTagChange(tx, scope, contact, 'removed', row);
      return { removed: true as const };
    },
    options,
  );
}
