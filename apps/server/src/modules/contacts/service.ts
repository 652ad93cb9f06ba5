import {
  activityTimestamp,
  newGtid,
  newPushId,
  stageEntryPlace,
  DomainError,
  notFound,
  resourceKey,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { assertContactQuota } from '../plans/service';
import { loadSyncConnections, syncConnectionsColumn, type QueuedChange } from '../sync/outbox';
import type { SyncConnectionRow } from '../sync/types';
import { MANAGERS, requireRole } from '../../scope/roles';
import { leadDataOf, lockVisibleContacts, requireContact, type ContactHead } from './access';
import { keyBetween, keysAtEnd } from './position';
import * as repo from './repo';
import type {
  AddToPipelineBody,
  CreateContactBody,
  PatchContactBody,
  StageChangeBody,
} from '@leadloom/core';
import { emit, logChange, type NewActivity } from '../../events/emit';

/**
 * Contacts (docs/api.md "Contacts"; SPEC §3, §4; DESIGN §5). Every write is one transaction with
 * its activities, outbox rows (sync by core's rules, workflow triggers) and change-log records.
 * Change-log resources: `contact` (GTID), `contactPipeline` and `stageHistory`
 * (`GTID/pipelineUID`, `GTID/historyId`), and `activity` (written by the activities module).
 */

// ---------------------------------------------------------------------------------------------
// reading

export type PipelineEntry = repo.PipelineEntryRow & {
  stagesHistory: repo.HistoryEntry[];
  deals: repo.DealEntry[];
  answers: repo.AnswerEntry[];
  tags: repo.TagEntry[];
};

async function pipelineEntries(
  scope: TeamScope,
  db: AppDb,
  gtid: string,
  only?: string,
): Promise<{ pipelines: PipelineEntry[]; globalTags: repo.TagEntry[] }> {
  const placements = await repo.readPlacements(scope, db, gtid, only);
  const uids = placements.map((p) => p.groupUID);
  const history = await repo.readHistory(scope, db, gtid, uids);
  const deals = await repo.readDeals(scope, db, gtid, uids);
  const answers = await repo.readAnswers(scope, db, gtid, uids);
  const tags = await repo.readTags(scope, db, gtid, uids);
  return {
    pipelines: placements.map((p) => ({
      ...p,
      stagesHistory: history.get(p.groupUID) ?? [],
      deals: deals.get(p.groupUID) ?? [],
      answers: answers.get(p.groupUID) ?? [],
      tags: tags.get(p.groupUID) ?? [],
    })),
    globalTags: tags.get(null) ?? [],
  };
}

/**
 * GET /contacts/:GTID: the contact with its visible pipelines' data (stage, history, deals,
 * answers, tags) and its global tags. A contact the scope may not see answers 404.
 */
export async function getContact(database: Db, scope: TeamScope, gtid: string) {
  const db = database.db;
  await requireContact(scope, db, gtid);
  const contact = await repo.readContact(scope, db, gtid);
  if (!contact) throw notFound('Contact not found');
  return { contact, ...(await pipelineEntries(scope, db, gtid)) };
}

// ---------------------------------------------------------------------------------------------
// contact fields

/** "First Last" when both or either is given (the SPEC's fullName or memberName). */
const derivedFullName = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

const blankToNull = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

const cleanProfiles = (p: Record<string, string>) =>
  Object.fromEntries(Object.entries(p).filter(([, url]) => url !== ''));

const cleanSources = (s: string[]) => [...new Set(s)];

/** SPEC: a contact needs something to know it by. */
function assertIdentifiable(f: repo.ContactFields) {
  const has =
    f.firstName !== '' ||
    f.lastName !== '' ||
    f.fullName !== '' ||
    f.emailAddress !== null ||
    f.phoneNumber !== null ||
    Object.keys(f.profiles).length > 0;
  if (!has) {
    throw new DomainError(
      'invalid-argument',
      'Give the contact a name, an e-mail address, a phone number or a profile link.',
      'firstName',
    );
  }
}

// ---------------------------------------------------------------------------------------------
// create

export interface CreateOptions extends WriteOptions {
  /** GTID generator (core's `newGtid` by default); tests inject collisions with it. */
  newGtid?: (nowMs: number) => string;
}

/** How many GTIDs to draw before giving up (a collision needs the same second and words). */
const GTID_ATTEMPTS = 25;

/** POST /contacts (SPEC §3 Contact; §9 activity timestamps; plan quota). */
export async function createContact(
  db: Db,
  scope: TeamScope,
  body: CreateContactBody,
  opts: CreateOptions = {},
) {
  if (body.stageUID !== undefined && body.pipelineUID === undefined) {
    throw new DomainError(
      'invalid-argument',
      'pipelineUID: choose the pipeline the stage belongs to.',
      'pipelineUID',
    );
  }
  const firstName = body.firstName ?? '';
  const lastName = body.lastName ?? '';
  const fields: repo.ContactFields = {
    firstName,
    lastName,
    fullName: body.fullName || derivedFullName(firstName, lastName),
    emailAddress: blankToNull(body.emailAddress),
    phoneNumber: blankToNull(body.phoneNumber),
    photoURL: blankToNull(body.photoURL),
    sources: cleanSources(body.sources ?? []),
    profiles: cleanProfiles(body.profiles ?? {}),
  };
  assertIdentifiable(fields);
  const draw = opts.newGtid ?? ((now: number) => newGtid(now));

  const gtid = await inTx(
    db,
    scope,
    async (tx) => {
      let target: { pipeline: repo.PipelineRef; stage: repo.StageRef } | null = null;
      if (body.pipelineUID !== undefined) {
        const pipeline = await repo.findPipeline(scope, tx.db, body.pipelineUID);
        if (!pipeline) throw notFound('Pipeline not found');
        const stage = await repo.findStage(scope, tx.db, pipeline.groupUID, body.stageUID ?? null);
        if (!stage) throw notFound('Stage not found in this pipeline');
        target = { pipeline, stage };
      }
      // Locks the team row: concurrent creates queue here, so the quota holds exactly.
      await assertContactQuota(tx, scope, 1);

      const now = tx.clock.now();
      let gtid: string | null = null;
      for (let i = 0; i < GTID_ATTEMPTS && gtid === null; i++) {
        const candidate = draw(now);
        if (await repo.tryInsertContact(scope, tx.db, candidate, fields, new Date(now)))
          gtid = candidate;
      }
      if (gtid === null) throw new Error(`No free GTID after ${GTID_ATTEMPTS} attempts`);
      await emit(tx, scope, { changed: [logChange('contact', gtid, 'insert')] });

      const head: ContactHead = { gtid, ...fields, statusLabelUID: null };
      const activities: NewActivity[] = [
        { gtid, type: 'initial', action: 'created', at: activityTimestamp('initial', now) },
      ];
      const syncs: QueuedChange[] = [
        {
          change: { kind: 'info', contact: head, pipelineUID: target?.pipeline.groupUID ?? null },
          lead: leadDataOf(head),
          changeData: { action: 'created' },
          pipelineData: target ? pipelineData(target.pipeline) : null,
        },
      ];
      if (target) {
        const placed = await placeNewCards(tx, scope, [head], target.pipeline, target.stage, now);
        activities.push(
          ...placed.activities.map((a) => ({ ...a, at: activityTimestamp('pipelineAdd', now) })),
        );
        syncs.push(...placed.syncs);
      }
      await emit(tx, scope, {
        activities: activities,
        syncs: syncs,
        triggers: [
          {
            trigger: 'contactCreated',
            gtid,
            pipelineUID: target?.pipeline.groupUID ?? null,
            data: target ? { stageUID: target.stage.stageUID } : {},
          },
        ],
      });
      return gtid;
    },
    { changeId: opts.changeId ?? null },
  );
  return getContact(db, scope, gtid);
}

const pipelineData = (p: repo.PipelineRef) => ({ groupUID: p.groupUID, nickName: p.nickName });
const stageData = (s: repo.StageRef | null) =>
  s ? { stageUID: s.stageUID, name: s.name, remoteID: s.remoteID } : null;

/**
 * The one way cards join a pipeline: places contacts (none of them in the pipeline yet) in a
 * stage where core's `stageEntryPlace('new-to-pipeline')` says (first), in the order given, each
 * with its first history entry and change-log records; answers each one's `pipeline`/`added`
 * activity and `groups` sync change for the caller to write. Whatever makes a card (a new
 * contact, an add to a pipeline, a bulk add, an import, a capture) goes through here. A bounded
 * number of statements for any number of contacts (a new contact is N = 1).
 */
export async function placeNewCards(
  tx: Tx,
  scope: TeamScope,
  contacts: readonly ContactHead[],
  pipeline: repo.PipelineRef,
  stage: repo.StageRef,
  now: number,
): Promise<{ activities: NewActivity[]; syncs: QueuedChange[] }> {
  if (contacts.length === 0) return { activities: [], syncs: [] };
  const gtids = contacts.map((c) => c.gtid);
  const end = stageEntryPlace('new-to-pipeline');
  const edge = await repo.edgePositionExcept(
    scope,
    tx.db,
    pipeline.groupUID,
    stage.stageUID,
    end,
    gtids,
  );
  const keys = keysAtEnd(end, edge, contacts.length);
  const at = new Date(now);
  const historyIds = contacts.map(() => newPushId('sh', now));
  for (let i = 0; i < contacts.length; i += MOVE_CHUNK) {
    const part = contacts.slice(i, i + MOVE_CHUNK);
    repo.insertPlacements(
      scope,
      tx,
      pipeline.groupUID,
      stage.stageUID,
      part.map((c, k) => ({ gtid: c.gtid, position: keys[i + k]! })),
      at,
    );
    repo.insertHistories(
      scope,
      tx,
      pipeline.groupUID,
      stage.stageUID,
      part.map((c, k) => ({ id: historyIds[i + k]!, gtid: c.gtid })),
      at,
    );
  }
  await emit(tx, scope, {
    changed: contacts.flatMap((c, k) => [
      logChange('contactPipeline', resourceKey.placement(c.gtid, pipeline.groupUID), 'insert'),
      logChange('stageHistory', resourceKey.part(c.gtid, historyIds[k]!), 'insert'),
    ]),
  });
  return {
    activities: contacts.map((c) => ({
      gtid: c.gtid,
      type: 'pipeline',
      action: 'added',
      pipelineUID: pipeline.groupUID,
      stageUID: stage.stageUID,
      data: { pipelineName: pipeline.nickName, stageName: stage.name },
    })),
    syncs: contacts.map((c) => ({
      change: { kind: 'groups', contact: c, pipelineUID: pipeline.groupUID },
      lead: leadDataOf(c),
      changeData: { action: 'added', stage: stageData(stage) },
      pipelineData: pipelineData(pipeline),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// edit, delete

/** PATCH /contacts/:GTID: any contact field; `syncInfo` rows for the connections. */
export async function updateContact(
  db: Db,
  scope: TeamScope,
  gtid: string,
  body: PatchContactBody,
  opts: WriteOptions = {},
) {
  await inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      const old = await repo.readContact(scope, tx.db, gtid);
      if (!old) throw notFound('Contact not found');
      const firstName = body.firstName ?? old.firstName;
      const lastName = body.lastName ?? old.lastName;
      // A full name that was derived from the parts follows them; one typed in stays.
      const wasDerived =
        old.fullName === '' || old.fullName === derivedFullName(old.firstName, old.lastName);
      const fullName =
        body.fullName !== undefined
          ? body.fullName || derivedFullName(firstName, lastName)
          : wasDerived
            ? derivedFullName(firstName, lastName)
            : old.fullName;
      const next: repo.ContactFields = {
        firstName,
        lastName,
        fullName,
        emailAddress:
          body.emailAddress !== undefined ? blankToNull(body.emailAddress) : old.emailAddress,
        phoneNumber:
          body.phoneNumber !== undefined ? blankToNull(body.phoneNumber) : old.phoneNumber,
        photoURL: body.photoURL !== undefined ? blankToNull(body.photoURL) : old.photoURL,
        sources: body.sources !== undefined ? cleanSources(body.sources) : old.sources,
        profiles: body.profiles !== undefined ? cleanProfiles(body.profiles) : old.profiles,
      };
      assertIdentifiable(next);
      const changed = (Object.keys(next) as (keyof repo.ContactFields)[]).filter(
        (k) => JSON.stringify(next[k]) !== JSON.stringify(old[k]),
      );
      if (changed.length === 0) return;
      await repo.updateContact(scope, tx.db, gtid, next);
      await emit(tx, scope, { changed: [logChange('contact', gtid, 'update')] });
      const head: ContactHead = { gtid, ...next, statusLabelUID: old.statusLabelUID };
      await emit(tx, scope, {
        syncs: [
          {
            change: { kind: 'info', contact: head, pipelineUID: null },
            lead: leadDataOf(head),
            changeData: {
              action: 'updated',
              fields: changed,
              from: Object.fromEntries(changed.map((k) => [k, old[k]])),
              to: Object.fromEntries(changed.map((k) => [k, next[k]])),
            },
          },
        ],
      });
    },
    { changeId: opts.changeId ?? null },
  );
  return getContact(db, scope, gtid);
}

/**
 * Deletes a set of contacts in the caller's transaction (owners and admins only, else 403),
 * one statement for any number: everything of theirs goes with them (foreign keys cascade),
 * each with a `contact` delete change record after one `contactPipeline` delete per placement. Answers the GTIDs the scope may not see (nothing
 * is done to them). DELETE /contacts/:GTID is N = 1.
 */
export async function deleteContacts(
  tx: Tx,
  scope: TeamScope,
  gtids: readonly string[],
): Promise<{ deleted: string[]; notVisible: string[] }> {
  requireRole(scope, ...MANAGERS);
  const unique = [...new Set(gtids)];
  const heads = await lockVisibleContacts(scope, tx.db, unique);
  const deleted = await repo.deleteContacts(
    scope,
    tx.db,
    unique.filter((g) => heads.has(g)),
  );
  // A placement delete per pipeline first: a member with limited pipelines cannot be sent the
  // `contact` delete (a gone contact cannot be placed), but is sent these, by pipeline, so their
  // board and table drop the card too.
  await emit(tx, scope, {
    changed: deleted.flatMap(({ gtid, pipelineUIDs }) => [
      ...pipelineUIDs.map((p) =>
        logChange('contactPipeline', resourceKey.placement(gtid, p), 'delete'),
      ),
      logChange('contact', gtid, 'delete'),
    ]),
  });
  return {
    deleted: deleted.map((d) => d.gtid),
    notVisible: unique.filter((g) => !heads.has(g)),
  };
}

/**
 * DELETE /contacts/:GTID: owners and admins (docs/api.md lets members create, edit and move).
 * Everything of the contact goes with it (foreign keys cascade).
 */
export async function deleteContact(
  db: Db,
  scope: TeamScope,
  gtid: string,
  opts: WriteOptions = {},
) {
  await inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      await deleteContacts(tx, scope, [gtid]);
    },
    { changeId: opts.changeId ?? null },
  );
  return { deleted: gtid };
}

// ---------------------------------------------------------------------------------------------
// pipelines of a contact

export interface AddToPipelineResult {
  /** Contacts placed in the pipeline (they were not in it). */
  added: string[];
  /** Contacts that were in it already and were moved to the stage (or were in it). */
  moved: string[];
  /** GTIDs of contacts the scope may not see: nothing is written for them. */
  notVisible: string[];
}

/**
 * Adds a set of contacts to a stage of a pipeline in the caller's transaction, with a bounded
 * number of statements for any number of them: the ones not in it are placed first in the
 * stage in the order given ({@link placeNewCards}), each with its history entry, `pipeline`/`added` activity, `groups`
 * sync rows, `addedToPipeline` trigger and change-log records; the ones in it already are moved
 * to the stage by {@link moveToStage} (as a drag would). The contacts are locked in GTID order.
 * The pipeline and stage must be ones the scope may see (else 404). POST
 * /contacts/:GTID/pipelines is N = 1 (it refuses a contact already in the pipeline first).
 */
export async function addContactsToPipeline(
  tx: Tx,
  scope: TeamScope,
  input: { pipelineUID: string; stageUID: string; gtids: readonly string[] },
): Promise<AddToPipelineResult> {
  const found = await repo.findPipelineWithStages(scope, tx.db, input.pipelineUID);
  if (!found) throw notFound('Pipeline not found');
  const stage = found.stages.find((st) => st.stageUID === input.stageUID);
  if (!stage) throw notFound('Stage not found in this pipeline');
  const unique = [...new Set(input.gtids)];
  const heads = await lockVisibleContacts(scope, tx.db, unique);
  const visible = unique.filter((g) => heads.has(g));
  const placements = await repo.lockPlacements(scope, tx.db, input.pipelineUID, visible);
  const fresh = visible.filter((g) => !placements.has(g)).map((g) => heads.get(g)!);
  const now = tx.clock.now();
  const placed = await placeNewCards(tx, scope, fresh, found.pipeline, stage, now);
  for (let i = 0; i < fresh.length; i += MOVE_CHUNK) {
    await emit(tx, scope, {
      activities: placed.activities.slice(i, i + MOVE_CHUNK),
      syncs: placed.syncs.slice(i, i + MOVE_CHUNK),
      triggers: fresh.slice(i, i + MOVE_CHUNK).map((c) => ({
        trigger: 'addedToPipeline',
        gtid: c.gtid,
        pipelineUID: found.pipeline.groupUID,
        data: { stageUID: stage.stageUID },
      })),
    });
  }
  const inIt = visible.filter((g) => placements.has(g));
  if (inIt.length > 0) {
    await moveToStage(
      tx,
      scope,
      {
        pipelineUID: input.pipelineUID,
        toStageUID: stage.stageUID,
        moves: inIt.map((gtid) => ({ gtid })),
      },
      { ...found, placements },
    );
  }
  return {
    added: fresh.map((c) => c.gtid),
    moved: inIt,
    notVisible: unique.filter((g) => !heads.has(g)),
  };
}

/** POST /contacts/:GTID/pipelines: placed first in the stage (default: the placeholder). */
export async function addToPipeline(
  db: Db,
  scope: TeamScope,
  gtid: string,
  body: AddToPipelineBody,
  opts: WriteOptions = {},
) {
  await inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      const pipeline = await repo.findPipeline(scope, tx.db, body.pipelineUID);
      if (!pipeline) throw notFound('Pipeline not found');
      const stage = await repo.findStage(scope, tx.db, pipeline.groupUID, body.stageUID ?? null);
      if (!stage) throw notFound('Stage not found in this pipeline');
      if (await repo.findPlacement(scope, tx.db, gtid, pipeline.groupUID)) {
        throw new DomainError(
          'already-exists',
          `The contact is already in the pipeline ${pipeline.nickName}.`,
          'pipelineUID',
        );
      }
      await addContactsToPipeline(tx, scope, {
        pipelineUID: pipeline.groupUID,
        stageUID: stage.stageUID,
        gtids: [gtid],
      });
    },
    { changeId: opts.changeId ?? null },
  );
  const { pipelines } = await pipelineEntries(scope, db.db, gtid, body.pipelineUID);
  return { pipeline: pipelines[0]! };
}

/** DELETE /contacts/:GTID/pipelines/:groupUID: its placement, history, deals, answers, tags go. */
export async function removeFromPipeline(
  db: Db,
  scope: TeamScope,
  gtid: string,
  pipelineUID: string,
  opts: WriteOptions = {},
) {
  await inTx(
    db,
    scope,
    async (tx) => {
      const contact = await requireContact(scope, tx.db, gtid, { lock: true });
      const pipeline = await repo.findPipeline(scope, tx.db, pipelineUID);
      const placement = pipeline && (await repo.findPlacement(scope, tx.db, gtid, pipelineUID));
      if (!pipeline || !placement) throw notFound('The contact is not in this pipeline');
      const stage = await repo.findStage(scope, tx.db, pipelineUID, placement.stageUID);
      await repo.deletePlacement(scope, tx.db, gtid, pipelineUID);
      await emit(tx, scope, {
        changed: [logChange('contactPipeline', resourceKey.placement(gtid, pipelineUID), 'delete')],
        activities: [
          {
            gtid,
            type: 'pipeline',
            action: 'removed',
            pipelineUID,
            stageUID: placement.stageUID,
            data: { pipelineName: pipeline.nickName, stageName: stage?.name ?? null },
          },
        ],
        syncs: [
          {
            change: { kind: 'groups', contact, pipelineUID },
            lead: leadDataOf(contact),
            changeData: { action: 'removed', stage: stageData(stage) },
            pipelineData: pipelineData(pipeline),
          },
        ],
      });
    },
    { changeId: opts.changeId ?? null },
  );
  return { removed: true };
}

/** DELETE /contacts/:GTID/pipelines/:groupUID/history/:id (SPEC §4): logs `stage`/`historyDeleted`. */
export async function deleteHistoryEntry(
  db: Db,
  scope: TeamScope,
  gtid: string,
  pipelineUID: string,
  id: string,
  opts: WriteOptions = {},
) {
  await inTx(
    db,
    scope,
    async (tx) => {
      await requireContact(scope, tx.db, gtid, { lock: true });
      const pipeline = await repo.findPipeline(scope, tx.db, pipelineUID);
      const gone = pipeline && (await repo.deleteHistory(scope, tx.db, gtid, pipelineUID, id));
      if (!gone) throw notFound('History entry not found');
      await emit(tx, scope, {
        changed: [logChange('stageHistory', resourceKey.part(gtid, id), 'delete')],
        activities: [
          {
            gtid,
            type: 'stage',
            action: 'historyDeleted',
            pipelineUID,
            stageUID: gone.stageUID,
            data: { historyId: id, stageUID: gone.stageUID, stageName: gone.name, at: gone.at },
          },
        ],
      });
    },
    { changeId: opts.changeId ?? null },
  );
  return { deleted: true };
}

// ---------------------------------------------------------------------------------------------
// stage change (SPEC §4)

export interface StageChangeOptions extends WriteOptions {
  /**
   * Runs inside the transaction right after the placement is written (tests force a failure
   * half-way with it; nothing of the change may remain).
   */
  afterStageWrite?: (tx: Tx) => Promise<void>;
}

export interface StageChangeResult {
  stageUID: string;
  position: string;
  historyId: string | null;
  activityUID: string | null;
}

function badNeighbour(field: 'afterGtid' | 'beforeGtid', message: string): DomainError {
  return new DomainError('invalid-argument', `${field}: ${message}`, field);
}

/**
 * The card's key from its neighbours in the target stage (`keys`, read with the card's lock):
 * between `afterGtid` (above) and `beforeGtid` (below); with one, next to it; with none, at the
 * end of the stage.
 */
function positionFor(gtid: string, body: StageChangeBody, keys: repo.DropKeys): string {
  const afterGtid = body.afterGtid ?? null;
  const beforeGtid = body.beforeGtid ?? null;
  for (const field of ['afterGtid', 'beforeGtid'] as const) {
    if (body[field] === gtid) throw badNeighbour(field, 'a card cannot be placed next to itself.');
  }
  const notInStage = 'that contact is not in the target stage.';
  if (afterGtid !== null && keys.after === null) throw badNeighbour('afterGtid', notInStage);
  if (beforeGtid !== null && keys.before === null) throw badNeighbour('beforeGtid', notInStage);
  const { after, before } = keys;
  let lower: string | null;
  let upper: string | null;
  if (after !== null && before !== null) {
    if (after > before) {
      throw badNeighbour('beforeGtid', 'that card is above the afterGtid card in the stage.');
    }
    lower = after;
    // Equal keys (two cards dropped at once): go right after them.
    upper = after === before ? keys.afterNext : before;
  } else if (after !== null) {
    lower = after;
    upper = keys.afterNext;
  } else if (before !== null) {
    upper = before;
    lower = keys.beforePrev;
  } else {
    lower = keys.last;
    upper = null;
  }
  return keyBetween(lower, upper);
}

/**
 * Checks that the scope may see the pipeline and that the stage is one of its (else 404, naming
 * `fields` when given).
 */
export async function requirePipelineStage(
  scope: TeamScope,
  db: AppDb,
  pipelineUID: string,
  stageUID: string,
  fields?: { pipeline: string; stage: string },
): Promise<void> {
  const found = await repo.findPipelineWithStages(scope, db, pipelineUID);
  if (!found) throw new DomainError('not-found', 'Pipeline not found', fields?.pipeline);
  if (!found.stages.some((st) => st.stageUID === stageUID)) {
    throw new DomainError('not-found', 'Stage not found in this pipeline', fields?.stage);
  }
}

/**
 * PUT /contacts/:GTID/pipelines/:groupUID/stage (SPEC §4), one transaction: checks the contact,
 * pipeline, stage and neighbours, then writes the move with `moveToStage` (N = 1). The same
 * stage only reorders the card (no history, activity or sync); the same stage without
 * neighbours changes nothing. A drag is the app's most frequent write, so the reads are few:
 * one for the pipeline with its stages, the locked placement, the neighbours' keys and the
 * sync connections (`repo.lockDrop`).
 */
export async function changeStage(
  db: Db,
  scope: TeamScope,
  gtid: string,
  pipelineUID: string,
  body: StageChangeBody,
  opts: StageChangeOptions = {},
): Promise<StageChangeResult> {
  return inTx(
    db,
    scope,
    async (tx) => {
      // One read: the pipeline with its stages, the card locked, its drop's neighbour keys,
      // the team's sync connections.
      const connections = syncConnectionsColumn(scope);
      const found = await repo.lockDrop(
        scope,
        tx.db,
        pipelineUID,
        gtid,
        body.stageUID,
        body.afterGtid ?? null,
        body.beforeGtid ?? null,
        connections.column,
      );
      if (!found) {
        await requireContact(scope, tx.db, gtid); // 404 "Contact not found" comes first
        throw notFound('The contact is not in this pipeline');
      }
      const { placement } = found;
      const placements = new Map([[gtid, placement]]);
      const to = found.stages.find((st) => st.stageUID === body.stageUID);
      if (!to) throw notFound('Stage not found in this pipeline');
      if (to.stageUID === placement.stageUID && !body.afterGtid && !body.beforeGtid) {
        return {
          stageUID: to.stageUID,
          position: placement.position,
          historyId: null,
          activityUID: null,
        };
      }
      const position = positionFor(gtid, body, found.keys);
      const { moved } = await moveToStage(
        tx,
        scope,
        {
          pipelineUID,
          toStageUID: to.stageUID,
          moves: [{ gtid, position }],
          ...(opts.afterStageWrite ? { afterPlacementWrite: opts.afterStageWrite } : {}),
        },
        {
          pipeline: found.pipeline,
          stages: found.stages,
          placements,
          connections: connections.parse(found.extra),
        },
      );
      const result = moved[0]!;
      return {
        stageUID: result.stageUID,
        position: result.position,
        historyId: result.historyId,
        activityUID: result.activityUID,
      };
    },
    { changeId: opts.changeId ?? null },
  );
}

// ---------------------------------------------------------------------------------------------
// set-based stage move (SPEC §4; DESIGN §1.3, §1.5)

/**
 * Contacts written per round of statements. A bigger set runs in rounds of this size inside the
 * same transaction (the activity insert binds 12 parameters a row; PostgreSQL allows 65,535).
 */
export const MOVE_CHUNK = 1000;

export interface StageMove {
  gtid: string;
  /**
   * The card's new key in the target stage (the caller worked it out from its neighbours).
   * Without one the card goes to the end of the stage, after the cards already there, in the
   * order of `moves`; a card already in the target stage without a key stays where it is.
   */
  position?: string;
}

export interface MoveToStageInput {
  pipelineUID: string;
  toStageUID: string;
  moves: readonly StageMove[];
  /** Why the contacts moved when it was not a user's own move (e.g. `stageDeleted`); kept in the activity's data. */
  reason?: string;
  /** Runs right after the placements are written (tests force a failure half-way with it). */
  afterPlacementWrite?: (tx: Tx) => Promise<void>;
}

/**
 * What a caller that already read it hands to `moveToStage`: the pipeline with its stages, and
 * the placements it locked (`repo.lockPlacements`) of every contact in `moves`.
 */
export interface LoadedMove {
  pipeline: repo.PipelineRef;
  stages: repo.StageRef[];
  placements: Map<string, repo.MovingPlacement>;
  /** The team's sync connections, when the caller read them too. */
  connections?: SyncConnectionRow[];
}

export interface StageMoveResult {
  gtid: string;
  fromStageUID: string;
  stageUID: string;
  position: string;
  /** Null when the card only changed place within its stage (or did not move at all). */
  historyId: string | null;
  activityUID: string | null;
}

export interface MoveToStageResult {
  /** One per distinct GTID placed in the pipeline, in the order of `moves`. */
  moved: StageMoveResult[];
  /** GTIDs not placed in the pipeline: nothing is written for them. */
  notPlaced: string[];
}

function chunked<T>(items: readonly T[], size = MOVE_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Moves a set of contacts of one pipeline into one stage: the stage change of SPEC §4 for N
 * contacts in the caller's transaction, with a bounded number of statements per
 * {@link MOVE_CHUNK} contacts (not a round of statements per contact). The single-contact
 * PUT stage is N = 1; a deleted stage's contacts and bulk stage changes are the same call.
 *
 * For each contact whose stage changes it writes: the placement (stage, key, stage_changed_at),
 * a stage_history entry, a `stage`/`changed` activity (data: from, to, fromName, toName and
 * `reason` when given), the `stage` sync rows core's `selectSyncTargets` picks for it, a
 * `stageChanged` workflow trigger, and the change-log records `contactPipeline`
 * (`GTID/pipelineUID`), `stageHistory` (`GTID/historyId`), `activity` and `contact`. A card
 * that stays in its stage with a new key gets only the placement and `contactPipeline`.
 *
 * The contacts are locked (contact, then placement, in GTID order). The pipeline and the
 * target stage must be ones the scope may see (else 404); authorisation beyond that (roles) is
 * the caller's. Answers what happened to each contact.
 */
export async function moveToStage(
  tx: Tx,
  scope: TeamScope,
  input: MoveToStageInput,
  loaded?: LoadedMove,
): Promise<MoveToStageResult> {
  const { pipelineUID } = input;
  const found = loaded ?? (await repo.findPipelineWithStages(scope, tx.db, pipelineUID));
  if (!found) throw notFound('Pipeline not found');
  const { pipeline } = found;
  const stages = new Map(found.stages.map((st) => [st.stageUID, st]));
  const to = stages.get(input.toStageUID);
  if (!to) throw notFound('Stage not found in this pipeline');

  const seen = new Set<string>();
  const moves = input.moves.filter((m) => !seen.has(m.gtid) && seen.add(m.gtid));
  const placements =
    loaded?.placements ??
    (await repo.lockPlacements(
      scope,
      tx.db,
      pipelineUID,
      moves.map((m) => m.gtid),
    ));
  // Read before the writes, so they all go out as one statement (db/tx.ts defer).
  const connections = loaded?.connections ?? (await loadSyncConnections(tx, scope));
  const notPlaced = moves.filter((m) => !placements.has(m.gtid)).map((m) => m.gtid);
  const placed = moves.filter((m) => placements.has(m.gtid));

  // Keys for the cards that come in from another stage without neighbours, in the order given.
  const appended = placed.filter(
    (m) => m.position === undefined && placements.get(m.gtid)!.stageUID !== to.stageUID,
  );
  const end = stageEntryPlace('moved-from-another-stage');
  const keys =
    appended.length === 0
      ? []
      : keysAtEnd(
          end,
          await repo.edgePositionExcept(
            scope,
            tx.db,
            pipelineUID,
            to.stageUID,
            end,
            placed.map((m) => m.gtid),
          ),
          appended.length,
        );
  const appendedKey = new Map(appended.map((m, i) => [m.gtid, keys[i]!]));

  const results: StageMoveResult[] = placed.map((m) => {
    const from = placements.get(m.gtid)!;
    return {
      gtid: m.gtid,
      fromStageUID: from.stageUID,
      stageUID: to.stageUID,
      position: m.position ?? appendedKey.get(m.gtid) ?? from.position,
      historyId: null,
      activityUID: null,
    };
  });
  const written = results.filter(
    (r) => r.fromStageUID !== to.stageUID || r.position !== placements.get(r.gtid)!.position,
  );
  for (const part of chunked(written)) {
    repo.movePlacements(
      scope,
      tx,
      pipelineUID,
      to.stageUID,
      part.map((r) => ({
        gtid: r.gtid,
        position: r.position,
        stageChanged: r.fromStageUID !== to.stageUID,
      })),
    );
  }
  await emit(tx, scope, {
    changed: written.map((r) =>
      logChange('contactPipeline', resourceKey.placement(r.gtid, pipelineUID), 'update'),
    ),
  });
  await input.afterPlacementWrite?.(tx);

  const changed = written.filter((r) => r.fromStageUID !== to.stageUID);
  if (changed.length === 0) return { moved: results, notPlaced };
  const now = tx.clock.now();
  for (const r of changed) r.historyId = newPushId('sh', now);
  const toData = stageData(to);
  for (const part of chunked(changed)) {
    repo.insertHistories(
      scope,
      tx,
      pipelineUID,
      to.stageUID,
      part.map((r) => ({ id: r.historyId!, gtid: r.gtid })),
      new Date(now),
    );
    const { activityUIDs } = await emit(tx, scope, {
      activities: part.map((r) => ({
        gtid: r.gtid,
        type: 'stage',
        action: 'changed',
        pipelineUID,
        stageUID: to.stageUID,
        data: {
          from: r.fromStageUID,
          to: to.stageUID,
          fromName: stages.get(r.fromStageUID)?.name ?? null,
          toName: to.name,
          ...(input.reason ? { reason: input.reason } : {}),
        },
        at: now,
      })),
      syncs: part.map((r) => {
        const contact = placements.get(r.gtid)!.contact;
        return {
          change: { kind: 'stage', contact, pipelineUID, stage: { remoteID: to.remoteID } },
          lead: leadDataOf(contact),
          changeData: { from: stageData(stages.get(r.fromStageUID) ?? null), to: toData },
          pipelineData: pipelineData(pipeline),
        };
      }),
      connections,
      triggers: part.map((r) => ({
        trigger: 'stageChanged',
        gtid: r.gtid,
        pipelineUID,
        data: { from: r.fromStageUID, to: to.stageUID },
      })),
    });
    part.forEach((r, i) => (r.activityUID = activityUIDs[i]!));
  }
  await emit(tx, scope, {
    changed: changed.flatMap((r) => [
      logChange('stageHistory', resourceKey.part(r.gtid, r.historyId!), 'insert'),
      logChange('contact', r.gtid, 'update'),
    ]),
  });
  return { moved: results, notPlaced };
}
