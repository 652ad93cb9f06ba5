import type { Database } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { withTx, type Tx, type WithTxOptions } from '../../db/tx';
import { ApiError } from '../../http/errors';
import { recordActivities } from '../activities/service';
import { leadDataOf, requireContact, requireContacts, type ContactHead } from '../contacts/access';
import { requireContactInPipeline } from '../contact-parts/placement';
import { queueSyncs, queueWorkflowTriggers } from '../sync/outbox';
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

/** A tag as a tag change names it (for the timeline, the sync rows and the triggers). */
export interface ChangedTag {
  tagID: string;
  tagSetUID: string;
  name: string;
  /** The tag's id in outside systems; null for a tag without one (and for an orphaned tag). */
  remoteID: string | null;
}

/** One tag going on or off one contact (in a pipeline, or globally with `pipelineUID` null). */
export interface TagChange {
  gtid: string;
  pipelineUID: string | null;
  action: 'added' | 'removed';
  tag: ChangedTag;
  /**
   * The timeline entry, when it is not the plain `tags`/`added|removed` one with
   * {tagID, name, tagSetUID} (tag reconciliation writes `mapped` and its own data).
   */
  activity?: { action: string; data: Record<string, unknown> };
}

/** Tag changes written per round of statements (the activity insert binds 12 parameters a row). */
export const TAG_CHANGE_CHUNK = 1000;

/**
 * Records tag changes that the caller has written to contact_tag, for any number of them with a
 * bounded number of statements per {@link TAG_CHANGE_CHUNK} changes: a `tags` activity each,
 * the `syncTags` outbox rows core's `selectSyncTargets` picks for each (its tag rule: some
 * systems take only tags with a remoteID; a connection limited to tag sets takes only theirs),
 * a `tagAdded`/`tagRemoved` workflow trigger each, and a `contact_tag` change-log record each
 * (`GTID/pipelineUID|global/tagID`; insert for added, delete for removed). The single add and
 * remove are N = 1; tag reconciliation passes every contact it touched. `contacts` may carry
 * the contacts' heads the caller has loaded already; the others are read in one statement.
 */
export async function recordTagChanges(
  tx: Tx,
  scope: TeamScope,
  changes: readonly TagChange[],
  contacts: ReadonlyMap<string, ContactHead> = new Map(),
): Promise<void> {
  if (changes.length === 0) return;
  const missing = [...new Set(changes.map((c) => c.gtid))].filter((g) => !contacts.has(g));
  const heads = new Map([...contacts, ...(await requireContacts(scope, tx.db, missing))]);
  for (let i = 0; i < changes.length; i += TAG_CHANGE_CHUNK) {
    const part = changes.slice(i, i + TAG_CHANGE_CHUNK);
    await recordActivities(
      tx,
      scope,
      part.map((c) => ({
        gtid: c.gtid,
        type: 'tags',
        action: c.activity?.action ?? c.action,
        pipelineUID: c.pipelineUID,
        refUID: c.tag.tagID,
        data: c.activity?.data ?? tagData(c.tag),
      })),
    );
    await queueSyncs(
      tx,
      scope,
      part.map((c) => {
        const contact = heads.get(c.gtid)!;
        return {
          change: {
            kind: 'tags',
            contact: { emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber },
            pipelineUID: c.pipelineUID,
            // The receiving system gets the tag's name too (some map tags by name).
            tags: [{ ...tagData(c.tag), remoteID: c.tag.remoteID }],
          },
          lead: leadDataOf(contact),
          changeData: { action: c.action },
          pipelineData: c.pipelineUID ? { pipelineUID: c.pipelineUID } : null,
        };
      }),
    );
    await queueWorkflowTriggers(
      tx,
      scope,
      part.map((c) => ({
        trigger: c.action === 'added' ? 'tagAdded' : 'tagRemoved',
        gtid: c.gtid,
        pipelineUID: c.pipelineUID,
        data: tagData(c.tag),
      })),
    );
  }
  for (const c of changes) {
    tx.recordChange(
      scope.teamUID,
      'contact_tag',
      contactTagKey(c.gtid, c.pipelineUID, c.tag.tagID),
      c.action === 'added' ? 'insert' : 'delete',
    );
  }
}

const tagData = (t: ChangedTag) => ({ tagID: t.tagID, name: t.name, tagSetUID: t.tagSetUID });

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
      await recordTagChanges(
        tx,
        scope,
        [{ gtid, pipelineUID, action: 'added', tag }],
        new Map([[gtid, contact]]),
      );
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
      await recordTagChanges(
        tx,
        scope,
        [{ gtid, pipelineUID, action: 'removed', tag: row }],
        new Map([[gtid, contact]]),
      );
      return { removed: true as const };
    },
    options,
  );
}
