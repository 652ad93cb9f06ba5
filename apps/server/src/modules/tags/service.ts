import type {
  tagCreateBody,
  tagPatchBody,
  tagSetCreateBody,
  tagSetPatchBody,
  tagSetsOrderBody,
} from '@leadloom/core';
import {
  DEFAULT_TAG_SET_COLOR,
  newPushId,
  DomainError,
  notFound,
  resourceKey,
} from '@leadloom/core';
import type { z } from 'zod';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { recordTagChanges } from '../contact-tags/service';
import { MANAGERS, requireRole } from '../../scope/roles';
import * as repo from './repo';
import { emit, logChange } from '../../events/emit';

const setNotFound = () => notFound('Tag set not found');
const tagNotFound = () => notFound('Tag not found');

/**
 * GET tag-sets: without a pipeline, the global sets then every visible pipeline's; `global`
 * only the global ones; a pipeline id only that pipeline's (404 if the scope cannot see it).
 */
export async function listTagSets(database: Db, scope: TeamScope, pipelineUID?: string) {
  const db = database.db;
  if (pipelineUID === undefined) return repo.listTagSets(scope, db, { kind: 'all' });
  if (pipelineUID === 'global') return repo.listTagSets(scope, db, { kind: 'global' });
  if (!(await repo.pipelineVisible(scope, db, pipelineUID))) throw notFound('Pipeline not found');
  return repo.listTagSets(scope, db, { kind: 'pipeline', uid: pipelineUID });
}

/** The global tag sets with their tags, by order (GET /team-data `globalTagSets`). */
export const globalTagSets = (db: Db, scope: TeamScope) =>
  repo.listTagSets(scope, db.db, { kind: 'global' });

/** Orphaned tags with their contact counts (GET /team-data `orphanedTags`). */
export const orphanedTags = (db: Db, scope: TeamScope) => repo.listOrphanedTags(scope, db.db);

/** A set the scope may see, else 404; then the role check (a member may only read). */
async function writableSet(tx: Tx, scope: TeamScope, tagSetUID: string) {
  const set = await repo.findTagSet(scope, tx.db, tagSetUID);
  if (!set) throw setNotFound();
  requireRole(scope, ...MANAGERS);
  return set;
}

async function checkConnection(tx: Tx, scope: TeamScope, connectionUID: string | null | undefined) {
  if (connectionUID && !(await repo.connectionExists(scope, tx.db, connectionUID))) {
    throw new DomainError('not-found', 'Connection not found', 'connectionUID');
  }
}

const newTags = (tags: readonly z.infer<typeof tagCreateBody>[]): repo.NewTag[] =>
  tags.map((t) => ({
    tagID: newPushId(),
    name: t.name,
    value: t.value ?? '',
    color: t.color ?? null,
    remoteID: t.remoteID || null,
  }));

export async function createTagSet(
  db: Db,
  scope: TeamScope,
  body: z.infer<typeof tagSetCreateBody>,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const pipelineUID = body.pipelineUID ?? null;
      if (pipelineUID && !(await repo.pipelineVisible(scope, tx.db, pipelineUID))) {
        throw new DomainError('not-found', 'Pipeline not found', 'pipelineUID');
      }
      requireRole(scope, ...MANAGERS);
      await checkConnection(tx, scope, body.connectionUID);
      const tagSetUID = newPushId();
      await repo.insertTagSet(scope, tx.db, {
        tagSetUID,
        pipelineUID,
        name: body.name,
        color: body.color ?? DEFAULT_TAG_SET_COLOR,
        connectionUID: body.connectionUID ?? null,
      });
      const tags = newTags(body.tags ?? []);
      await repo.insertTags(scope, tx.db, tagSetUID, tags);
      await emit(tx, scope, { changed: [logChange('tagSet', tagSetUID, 'insert')] });
      await emit(tx, scope, { changed: tags.map((t) => logChange('tag', t.tagID, 'insert')) });
      return (await repo.findTagSet(scope, tx.db, tagSetUID))!;
    },
    options,
  );
}

export async function updateTagSet(
  db: Db,
  scope: TeamScope,
  tagSetUID: string,
  patch: z.infer<typeof tagSetPatchBody>,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await writableSet(tx, scope, tagSetUID);
      await checkConnection(tx, scope, patch.connectionUID);
      await repo.updateTagSet(scope, tx.db, tagSetUID, patch);
      await emit(tx, scope, { changed: [logChange('tagSet', tagSetUID, 'update')] });
      return (await repo.findTagSet(scope, tx.db, tagSetUID))!;
    },
    options,
  );
}

/** Deletes a set and its tags; the tags stay on contacts as orphaned tags. */
export async function deleteTagSet(
  db: Db,
  scope: TeamScope,
  tagSetUID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await writableSet(tx, scope, tagSetUID);
      const tagIDs = await repo.tagIDsOf(scope, tx.db, tagSetUID);
      const onContacts = await repo.contactsWithTags(scope, tx.db, tagIDs);
      await repo.deleteTagSet(scope, tx.db, tagSetUID);
      await emit(tx, scope, { changed: [logChange('tagSet', tagSetUID, 'delete')] });
      await emit(tx, scope, { changed: tagIDs.map((id) => logChange('tag', id, 'delete')) });
      return { tags: tagIDs.length, onContacts };
    },
    options,
  );
}

/** Each listed id must be one of `have`, and every one of `have` listed (else nothing changes). */
function checkOrder(order: readonly string[], have: readonly string[], what: string) {
  const known = new Set(have);
  const unknown = order.find((id) => !known.has(id));
  if (unknown !== undefined) throw notFound(`${what} ${unknown} not found`);
  if (order.length !== have.length) {
    throw new DomainError(
      'invalid-argument',
      `List every ${what.toLowerCase()} once: ${have.length} expected, ${order.length} sent.`,
      'order',
    );
  }
}

export async function orderTagSets(
  db: Db,
  scope: TeamScope,
  body: z.infer<typeof tagSetsOrderBody>,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const pipelineUID = body.pipelineUID;
      if (pipelineUID !== null && !(await repo.pipelineVisible(scope, tx.db, pipelineUID))) {
        throw new DomainError('not-found', 'Pipeline not found', 'pipelineUID');
      }
      requireRole(scope, ...MANAGERS);
      const have = await repo.tagSetUIDsIn(scope, tx.db, pipelineUID);
      checkOrder(body.order, have, 'Tag set');
      await repo.reorderTagSets(scope, tx.db, body.order);
      await emit(tx, scope, { changed: body.order.map((id) => logChange('tagSet', id, 'update')) });
      return repo.listTagSets(
        scope,
        tx.db,
        pipelineUID === null ? { kind: 'global' } : { kind: 'pipeline', uid: pipelineUID },
      );
    },
    options,
  );
}

export async function createTag(
  db: Db,
  scope: TeamScope,
  tagSetUID: string,
  body: z.infer<typeof tagCreateBody>,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await writableSet(tx, scope, tagSetUID);
      const [tag] = newTags([body]);
      await repo.insertTags(scope, tx.db, tagSetUID, [tag!]);
      await emit(tx, scope, { changed: [logChange('tag', tag!.tagID, 'insert')] });
      return (await repo.findTag(scope, tx.db, tagSetUID, tag!.tagID))!;
    },
    options,
  );
}

/** Edits a tag; a new name is also written on the contacts that carry it. */
export async function updateTag(
  db: Db,
  scope: TeamScope,
  tagSetUID: string,
  tagID: string,
  patch: z.infer<typeof tagPatchBody>,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await writableSet(tx, scope, tagSetUID);
      const before = await repo.findTag(scope, tx.db, tagSetUID, tagID);
      if (!before) throw tagNotFound();
      await repo.updateTag(scope, tx.db, tagID, {
        ...patch,
        ...(patch.remoteID !== undefined ? { remoteID: patch.remoteID || null } : {}),
      });
      if (patch.name !== undefined && patch.name !== before.name) {
        await repo.renameOnContacts(scope, tx.db, tagID, patch.name);
      }
      await emit(tx, scope, { changed: [logChange('tag', tagID, 'update')] });
      return (await repo.findTag(scope, tx.db, tagSetUID, tagID))!;
    },
    options,
  );
}

/** Deletes a tag from its set; it stays on contacts as an orphaned tag. */
export async function deleteTag(
  db: Db,
  scope: TeamScope,
  tagSetUID: string,
  tagID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await writableSet(tx, scope, tagSetUID);
      if (!(await repo.findTag(scope, tx.db, tagSetUID, tagID))) throw tagNotFound();
      const onContacts = await repo.contactsWithTags(scope, tx.db, [tagID]);
      await repo.deleteTag(scope, tx.db, tagID);
      await emit(tx, scope, { changed: [logChange('tag', tagID, 'delete')] });
      return { onContacts };
    },
    options,
  );
}

export async function orderTags(
  db: Db,
  scope: TeamScope,
  tagSetUID: string,
  order: readonly string[],
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      await writableSet(tx, scope, tagSetUID);
      checkOrder(order, await repo.tagIDsOf(scope, tx.db, tagSetUID), 'Tag');
      await repo.reorderTags(scope, tx.db, tagSetUID, order);
      await emit(tx, scope, { changed: order.map((id) => logChange('tag', id, 'update')) });
      return (await repo.findTagSet(scope, tx.db, tagSetUID))!;
    },
    options,
  );
}

async function requireOrphan(tx: Tx, scope: TeamScope, tagID: string) {
  const [orphan] = await repo.listOrphanedTags(scope, tx.db, tagID);
  if (!orphan) throw notFound('Orphaned tag not found');
  requireRole(scope, ...MANAGERS);
  return orphan;
}

/** Marks each contact reconciliation touched as changed (realtime); answers how many. */
async function touchContacts(tx: Tx, scope: TeamScope, rows: readonly repo.ContactTagRef[]) {
  const gtids = [...new Set(rows.map((r) => r.gtid))];
  await emit(tx, scope, { changed: gtids.map((gtid) => logChange('contact', gtid, 'update')) });
  return gtids.length;
}

/**
 * Tag reconciliation, "map to a tag": the contacts carrying the orphan now carry `targetID`
 * (a contact that already had it keeps one), each with a `tags`/`mapped` activity. For the
 * outbox each row is a tag change (contact-tags' `recordTagChanges`): the target counts as
 * added (sync rows by core's tag rule with the target's remoteID and tagSetUID, a `tagAdded`
 * trigger); where the contact already had the target, the orphan counts as removed.
 */
export async function mapOrphanedTag(
  db: Db,
  scope: TeamScope,
  orphanID: string,
  targetID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const orphan = await requireOrphan(tx, scope, orphanID);
      const target = await repo.findAnyTag(scope, tx.db, targetID);
      if (!target) throw new DomainError('not-found', 'The tag to map to was not found', 'tagID');
      const rows = await repo.mapOrphan(scope, tx.db, orphanID, target);
      const activity = {
        action: 'mapped' as const,
        data: {
          from: { tagID: orphan.tagID, name: orphan.name },
          to: { tagID: target.tagID, tagSetUID: target.tagSetUID, name: target.name },
        },
      };
      await recordTagChanges(
        tx,
        scope,
        rows.map((r) =>
          r.merged
            ? {
                gtid: r.gtid,
                pipelineUID: r.pipelineUID,
                action: 'removed' as const,
                tag: {
                  tagID: orphan.tagID,
                  tagSetUID: r.tagSetUID,
                  name: orphan.name,
                  remoteID: null,
                },
                activity,
              }
            : {
                gtid: r.gtid,
                pipelineUID: r.pipelineUID,
                action: 'added' as const,
                tag: target,
                activity,
              },
        ),
      );
      // The rewritten rows' orphan keys are gone too (recordTagChanges logged the target's).
      await emit(tx, scope, {
        changed: rows
          .filter((x) => !x.merged)
          .map((r) =>
            logChange(
              'contactTag',
              resourceKey.contactTag(r.gtid, r.pipelineUID, orphan.tagID),
              'delete',
            ),
          ),
      });
      return { updated: await touchContacts(tx, scope, rows) };
    },
    options,
  );
}

/**
 * Tag reconciliation, "remove": takes the orphan off every contact, each a tag change (a
 * `tags`/`removed` activity, sync rows by core's tag rule — the orphan is in no set, so it has
 * no remoteID — and a `tagRemoved` trigger).
 */
export async function removeOrphanedTag(
  db: Db,
  scope: TeamScope,
  orphanID: string,
  options: WriteOptions,
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const orphan = await requireOrphan(tx, scope, orphanID);
      const rows = await repo.removeOrphan(scope, tx.db, orphanID);
      const data = { tagID: orphan.tagID, name: orphan.name };
      await recordTagChanges(
        tx,
        scope,
        rows.map((r) => ({
          gtid: r.gtid,
          pipelineUID: r.pipelineUID,
          action: 'removed' as const,
          tag: { tagID: orphan.tagID, tagSetUID: r.tagSetUID, name: orphan.name, remoteID: null },
          activity: { action: 'removed', data },
        })),
      );
      return { removed: await touchContacts(tx, scope, rows) };
    },
    options,
  );
}
