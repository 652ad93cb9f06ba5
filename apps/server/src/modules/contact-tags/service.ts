import { DomainError, notFound, resourceKey, type ActivityAction } from '@leadloom/core';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import type { AppDb } from '../../db/database';
import {
  leadDataOf,
  lockVisibleContacts,
  requireContact,
  requireContacts,
  type ContactHead,
} from '../contact-parts/access';
import { contactsInPipeline } from '../contact-parts/placement';
import * as repo from './repo';
import type { TagInfo } from './repo';
import { emit, logChange } from '../../events/emit';

/** A tag on a contact as the contact page shows it (docs/api.md GET contact `tags`). */
export interface ContactTagView {
  tagID: string;
  tagSetUID: string;
  pipelineUID: string | null;
  name: string;
  color: string | null;
  orphaned: boolean;
}

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
  activity?: { action: ActivityAction<'tags'>; data: Record<string, unknown> };
}

/** Tag changes written per round of statements (the activity insert binds 12 parameters a row). */
export const TAG_CHANGE_CHUNK = 1000;

/**
 * Records tag changes that the caller has written to contact_tag, for any number of them with a
 * bounded number of statements per {@link TAG_CHANGE_CHUNK} changes: a `tags` activity each,
 * the `syncTags` outbox rows core's `selectSyncTargets` picks for each (its tag rule: some
 * systems take only tags with a remoteID; a connection limited to tag sets takes only theirs),
 * a `tagAdded`/`tagRemoved` workflow trigger each, and a `contactTag` change-log record each
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
    await emit(tx, scope, {
      activities: part.map((c) => ({
        gtid: c.gtid,
        type: 'tags',
        action: c.activity?.action ?? c.action,
        pipelineUID: c.pipelineUID,
        refUID: c.tag.tagID,
        data: c.activity?.data ?? tagData(c.tag),
      })),
      syncs: part.map((c) => {
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
      triggers: part.map((c) => ({
        trigger: c.action === 'added' ? 'tagAdded' : 'tagRemoved',
        gtid: c.gtid,
        pipelineUID: c.pipelineUID,
        data: tagData(c.tag),
      })),
    });
  }
  await emit(tx, scope, {
    changed: changes.map((c) =>
      logChange(
        'contactTag',
        resourceKey.contactTag(c.gtid, c.pipelineUID, c.tag.tagID),
        c.action === 'added' ? 'insert' : 'delete',
      ),
    ),
  });
}

const tagData = (t: ChangedTag) => ({ tagID: t.tagID, name: t.name, tagSetUID: t.tagSetUID });

// ---------------------------------------------------------------------------------------------
// adding and removing tags, set-based (DESIGN §1.5): the contact page's single add and remove
// are the N = 1 case of the same functions a bulk job calls per batch.

/** Why a contact of a set was left out of a tag change (nothing is written for it). */
export type TagFailure =
  /** Not a contact of the team the scope may see (or no contact at all). */
  | 'contact'
  /** The tags are a pipeline's, and the contact is not in that pipeline. */
  | 'pipeline';

/** The tags of one action and where they go: a pipeline's tag set, or global (null). */
export interface TagTargets {
  pipelineUID: string | null;
  tags: TagInfo[];
}

/**
 * The tags an action names, from tag sets the scope may see (else 404 naming `fields.tag`).
 * `pipelineUID` says where they go: a pipeline's id takes only that pipeline's tags, null only
 * global ones (else 400 naming `fields.pipeline`); undefined (the contact page's add) takes
 * each tag where its set belongs, so the tags must all belong to one place.
 */
export async function resolveTagTargets(
  scope: TeamScope,
  db: AppDb,
  tagIDs: readonly string[],
  pipelineUID: string | null | undefined,
  fields: { tag: string; pipeline: string } = { tag: 'tagID', pipeline: 'pipelineUID' },
): Promise<TagTargets> {
  const ids = [...new Set(tagIDs)];
  const found = await repo.findTags(scope, db, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new DomainError(
      'not-found',
      ids.length === 1
        ? 'Tag not found in this team’s tag sets.'
        : `Tag not found in this team’s tag sets: ${missing.join(', ')}.`,
      fields.tag,
    );
  }
  const tags = ids.map((id) => found.get(id)!);
  const where = pipelineUID === undefined ? tags[0]!.pipelineUID : pipelineUID;
  const stray = tags.find((t) => t.pipelineUID !== where);
  if (stray) {
    const named = tags.length === 1 ? 'This tag' : `The tag “${stray.name}”`;
    throw new DomainError(
      'invalid-argument',
      pipelineUID === undefined
        ? 'These tags belong to different tag sets’ places (global and pipelines): tag them one place at a time.'
        : stray.pipelineUID
          ? `${named} belongs to a pipeline’s tag set: send that pipeline’s id as pipelineUID${fields.pipeline === 'pipelineUID' ? ', or leave pipelineUID out' : ''}.`
          : `${named} is in a global tag set: send pipelineUID null${fields.pipeline === 'pipelineUID' ? ' (or leave it out)' : ''}.`,
      fields.pipeline,
    );
  }
  return { pipelineUID: where, tags };
}

/** Locks the contacts the scope may see and finds who cannot take a change in `pipelineUID`. */
async function lockTargets(
  tx: Tx,
  scope: TeamScope,
  gtids: readonly string[],
  pipelineUID: string | null,
): Promise<{ heads: Map<string, ContactHead>; ok: string[]; failures: Map<string, TagFailure> }> {
  const unique = [...new Set(gtids)];
  const heads = await lockVisibleContacts(scope, tx.db, unique);
  const failures = new Map<string, TagFailure>();
  for (const g of unique) if (!heads.has(g)) failures.set(g, 'contact');
  const visible = unique.filter((g) => heads.has(g));
  if (pipelineUID) {
    const placed = await contactsInPipeline(scope, tx.db, visible, pipelineUID);
    for (const g of visible) if (!placed.has(g)) failures.set(g, 'pipeline');
  }
  return { heads, ok: unique.filter((g) => !failures.has(g)), failures };
}

export interface TagSetResult {
  /** The tag changes written (a contact that had a tag already gets none for it). */
  changes: TagChange[];
  /** Contacts left out, and why. */
  failures: Map<string, TagFailure>;
}

/**
 * Puts the tags on the contacts in the caller's transaction, with a bounded number of
 * statements for any number of them: the contact_tag rows, then {@link recordTagChanges} for
 * the ones that were new (activity, sync rows, workflow trigger, change log). Contacts the scope
 * may not see, or not in the tags' pipeline, are left out and answered as failures.
 */
export async function addTagsToContacts(
  tx: Tx,
  scope: TeamScope,
  gtids: readonly string[],
  targets: TagTargets,
): Promise<TagSetResult> {
  const { heads, ok, failures } = await lockTargets(tx, scope, gtids, targets.pipelineUID);
  const inserted = await repo.insertContactTags(
    scope,
    tx.db,
    ok,
    targets.pipelineUID,
    targets.tags,
  );
  const byID = new Map(targets.tags.map((t) => [t.tagID, t]));
  const changes: TagChange[] = inserted.map((row) => ({
    gtid: row.gtid,
    pipelineUID: targets.pipelineUID,
    action: 'added',
    tag: byID.get(row.tagID)!,
  }));
  await recordTagChanges(tx, scope, changes, heads);
  return { changes, failures };
}

/**
 * Takes the tags off the contacts (in `pipelineUID`, or their global tags with null; orphaned
 * tags too), set-based like {@link addTagsToContacts}. A contact without a tag gets no change
 * for it.
 */
export async function removeTagsFromContacts(
  tx: Tx,
  scope: TeamScope,
  gtids: readonly string[],
  pipelineUID: string | null,
  tagIDs: readonly string[],
): Promise<TagSetResult> {
  const { heads, ok, failures } = await lockTargets(tx, scope, gtids, pipelineUID);
  const removed = await repo.deleteContactTags(scope, tx.db, ok, pipelineUID, [...new Set(tagIDs)]);
  const changes: TagChange[] = removed.map((row) => ({
    gtid: row.gtid,
    pipelineUID,
    action: 'removed',
    tag: row,
  }));
  await recordTagChanges(tx, scope, changes, heads);
  return { changes, failures };
}

/** The contact page's answer to a failure of its one contact. */
function singleFailure(failure: TagFailure): DomainError {
  return failure === 'contact'
    ? notFound('Contact not found')
    : new DomainError('not-found', 'This contact is not in that pipeline.', 'pipelineUID');
}

/**
 * Puts a tag on a contact: a global set's tag on the contact itself, a pipeline set's tag in
 * that pipeline (the contact must be in it). Answers `created: false` (and writes nothing)
 * when the contact has it already. The N = 1 case of {@link addTagsToContacts}.
 */
export async function addContactTag(
  db: Db,
  scope: TeamScope,
  gtid: string,
  body: { tagID: string; pipelineUID?: string | null | undefined },
  options: WriteOptions,
): Promise<{ created: boolean; tag: ContactTagView }> {
  return inTx(
    db,
    scope,
    async (tx) => {
      // "Contact not found" comes before anything about the tag.
      await requireContact(scope, tx.db, gtid);
      const targets = await resolveTagTargets(scope, tx.db, [body.tagID], body.pipelineUID);
      const tag = targets.tags[0]!;
      const { changes, failures } = await addTagsToContacts(tx, scope, [gtid], targets);
      const failure = failures.get(gtid);
      if (failure) throw singleFailure(failure);
      const view: ContactTagView = {
        tagID: tag.tagID,
        tagSetUID: tag.tagSetUID,
        pipelineUID: targets.pipelineUID,
        name: tag.name,
        color: tag.color,
        orphaned: false,
      };
      return { created: changes.length > 0, tag: view };
    },
    options,
  );
}

/**
 * Takes a tag off a contact (also an orphaned one); `pipelineUID` null = a global tag. The
 * N = 1 case of {@link removeTagsFromContacts}; a contact without the tag answers 404.
 */
export async function removeContactTag(
  db: Db,
  scope: TeamScope,
  gtid: string,
  tagID: string,
  pipelineUID: string | null,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const { changes, failures } = await removeTagsFromContacts(tx, scope, [gtid], pipelineUID, [
        tagID,
      ]);
      const failure = failures.get(gtid);
      if (failure) throw singleFailure(failure);
      if (changes.length === 0) {
        throw new DomainError('not-found', 'This contact does not have that tag.', 'tagID');
      }
      return { removed: true as const };
    },
    options,
  );
}
