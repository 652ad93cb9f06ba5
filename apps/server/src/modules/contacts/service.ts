import { activityTimestamp, newGtid, DomainError, notFound, resourceKey } from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Tx, type WriteOptions, type Db, inTx } from '../../db/tx';
import { assertContactQuota } from '../plans/service';
import type { QueuedChange } from '../sync/outbox';
import { MANAGERS, requireRole } from '../../scope/roles';
import {
  lockCardPlacements,
  MOVE_CHUNK,
  moveToStage,
  pipelineData,
  stageData,
} from '../board/moves';
import { placeNewCards } from '../board/placement';
import {
  leadDataOf,
  lockVisibleContacts,
  requireContact,
  type ContactHead,
} from '../contact-parts/access';
import {
  findPipeline,
  findPipelineWithStages,
  requirePipelineStage,
  type PipelineRef,
  type StageRef,
} from '../pipelines/read';
import * as repo from './repo';
import type { AddToPipelineBody, CreateContactBody, PatchContactBody } from '@leadloom/core';
import { emit, logChange, type NewActivity } from '../../events/emit';

/**
 * Contacts (docs/api.md "Contacts"; SPEC §3, §4; DESIGN §5): the contact's fields and its
 * membership of pipelines; the board places and moves the cards (board/placement.ts,
 * board/moves.ts) and owns the stage change. Every write is one transaction with
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
      let target: { pipeline: PipelineRef; stage: StageRef } | null = null;
      if (body.pipelineUID !== undefined) {
        target = await requirePipelineStage(scope, tx.db, body.pipelineUID, body.stageUID);
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
          change: {
            kind: 'info',
            contact: head,
            pipelineUID: target?.pipeline.pipelineUID ?? null,
          },
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
            pipelineUID: target?.pipeline.pipelineUID ?? null,
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
  const found = await findPipelineWithStages(scope, tx.db, input.pipelineUID);
  if (!found) throw notFound('Pipeline not found');
  const stage = found.stages.find((st) => st.stageUID === input.stageUID);
  if (!stage) throw notFound('Stage not found in this pipeline');
  const unique = [...new Set(input.gtids)];
  const heads = await lockVisibleContacts(scope, tx.db, unique);
  const visible = unique.filter((g) => heads.has(g));
  const placements = await lockCardPlacements(scope, tx.db, input.pipelineUID, visible);
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
        pipelineUID: found.pipeline.pipelineUID,
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
      const { pipeline, stage } = await requirePipelineStage(
        scope,
        tx.db,
        body.pipelineUID,
        body.stageUID,
      );
      if (await repo.findPlacement(scope, tx.db, gtid, pipeline.pipelineUID)) {
        throw new DomainError(
          'already-exists',
          `The contact is already in the pipeline ${pipeline.nickName}.`,
          'pipelineUID',
        );
      }
      await addContactsToPipeline(tx, scope, {
        pipelineUID: pipeline.pipelineUID,
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
      const found = await findPipelineWithStages(scope, tx.db, pipelineUID);
      const placement = found && (await repo.findPlacement(scope, tx.db, gtid, pipelineUID));
      if (!found || !placement) throw notFound('The contact is not in this pipeline');
      const { pipeline } = found;
      const stage = found.stages.find((st) => st.stageUID === placement.stageUID) ?? null;
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
      const pipeline = await findPipeline(scope, tx.db, pipelineUID);
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
