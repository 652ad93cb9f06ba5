import {
  DEFAULT_QUEUE_LIMITS,
  DEFAULT_TIME_ZONE,
  afterManualSend,
  DomainError,
  PLATFORM_NAMES,
  QUEUE_LEASE_MS,
  QUEUE_PLATFORMS,
  applySendResult,
  effectiveCaps,
  fillTemplate,
  initialQueueStatus,
  initialSenderState,
  isPaused,
  missingProfileMessage,
  newPushId,
  nextSendTime,
  normalizeRecipient,
  notFound,
  pauseMessage,
  pauseSending,
  queueGate,
  recipientLink,
  resumeSending,
  templateContextOf,
  templateSeed,
  zonedParts,
  type QueueLimits,
  type QueueMessageRequest,
  type QueuePlatform,
  type ReviewRequest,
  type SendResultCode,
  type WaitReason,
  withLimits,
} from '@leadloom/core';
import type { Database } from '../../db/database';
import { systemScope, teamSystemScope, type TeamScope } from '../../db/scope';
import { inTx, withTx, type Db, type Tx, type WriteOptions } from '../../db/tx';
import { emit, logChange } from '../../events/emit';
import { requireContact } from '../contact-parts/access';
import { planAndFlags } from '../plans/service';
import { timeZoneOf } from '../account/service';
import * as repo from './repo';

/**
 * The outreach engine's server side: queueing (with SPEC §6 gating), review, and the lease the
 * extension sends by. The rules are core's (outreach/); this module reads and writes the rows
 * and keeps the sender's pacing row locked while it decides, so two browsers take turns.
 */

const random = () => Math.random();
/** The sends a decision looks at: the local day and the hour, in any zone. */
const RECENT_MS = 49 * 3_600_000;

const itemChanged = (gtid: string) => logChange('messageQueueItem', gtid, 'update');

// ---- queueing ----

export interface QueueResult {
  /** The items queued (or found queued by an earlier request with the same key). */
  items: repo.QueueItemView[];
  /** Contacts that got no item, and why ("Dana has no Facebook profile link"). */
  skipped: { GTID: string; reason: string }[];
}

/** The text a contact gets: the template's variables filled, the same text on every preview. */
function render(text: string, contact: repo.QueueContact, senderName: string): string {
  const filled = fillTemplate(
    text,
    templateContextOf(contact, senderName, contact.answers),
    templateSeed(text, contact.gtid),
  );
  return filled.text.trim();
}

const displayName = (c: repo.QueueContact) =>
  c.fullName.trim() || `${c.firstName} ${c.lastName}`.trim();

async function assertGate(db: Db, scope: TeamScope, platform: QueuePlatform, recipients: number) {
  const { subscription, flags } = await planAndFlags(db, scope);
  const gate = queueGate({ subscription, flags, platform, recipients });
  if (!gate.ok) throw new DomainError('permission-denied', gate.message);
}

/**
 * Whether the scope may queue this message to `recipients` contacts (SPEC §6 gating, and a sender
 * who is a member): a bulk job checks it once for its whole selection.
 */
export async function checkQueueing(
  db: Db,
  scope: TeamScope,
  message: Pick<QueueMessageRequest, 'platform' | 'queuedToUID'>,
  recipients: number,
) {
  await assertGate(db, scope, message.platform, recipients);
  await senderFor(db, scope, message.queuedToUID ?? scope.uid);
}

/** What each contact would get, before anything is queued (the composer's preview). */
export async function previewMessages(
  db: Db,
  scope: TeamScope,
  input: Pick<QueueMessageRequest, 'platform' | 'GTIDs' | 'text' | 'queuedToUID'>,
) {
  const sender = await senderFor(db, scope, input.queuedToUID ?? scope.uid);
  const contacts = await repo.contactsForQueue(scope, db.db, input.GTIDs);
  const byId = new Map(contacts.map((c) => [c.gtid, c]));
  return {
    previews: input.GTIDs.flatMap((gtid) => {
      const c = byId.get(gtid);
      if (!c) return [];
      const recipient = recipientLink(c.profiles, input.platform);
      return [
        {
          GTID: gtid,
          name: displayName(c),
          recipient,
          text: render(input.text, c, sender.name),
          problem: recipient ? null : missingProfileMessage(displayName(c), input.platform),
        },
      ];
    }),
  };
}

async function senderFor(db: Db, scope: TeamScope, uid: string) {
  const sender = await repo.teamMember(scope, db.db, uid);
  if (!sender) {
    throw new DomainError(
      'invalid-argument',
      'Choose a member of this team to send from.',
      'queuedToUID',
    );
  }
  return sender;
}

/**
 * Queues one message to each contact: straight to the sender's queue when they queue it
 * themself, to their review queue when a teammate does (SPEC §4). Contacts without a profile
 * link on the platform get none, and are reported. The same idempotency key queues nothing twice.
 */
export async function queueMessages(
  db: Db,
  scope: TeamScope,
  input: QueueMessageRequest & {
    /** False when the caller gated the whole selection already (a bulk job's batches). */
    gate?: boolean;
    /** Queued by an automation: every item waits for its sender's review. */
    automated?: boolean;
  },
  options: WriteOptions = {},
): Promise<QueueResult> {
  const gtids = [...new Set(input.GTIDs)];
  return inTx(
    db,
    scope,
    async (tx) => {
      if (input.gate !== false) await assertGate(tx, scope, input.platform, gtids.length);
      const queuedToUID = input.queuedToUID ?? scope.uid;
      const sender = await senderFor(tx, scope, queuedToUID);
      const contacts = await repo.contactsForQueue(scope, tx.db, gtids);
      const byId = new Map(contacts.map((c) => [c.gtid, c]));
      const skipped: QueueResult['skipped'] = [];
      const status = initialQueueStatus(scope.uid, queuedToUID, input.automated === true);
      const batchKey = input.idempotencyKey ?? newPushId('q');
      const rows: repo.NewQueueItem[] = [];
      const now = tx.clock.now();
      for (const gtid of gtids) {
        const c = byId.get(gtid);
        if (!c) {
          skipped.push({ GTID: gtid, reason: 'Contact not found' });
          continue;
        }
        const link = recipientLink(c.profiles, input.platform);
        if (!link) {
          skipped.push({
            GTID: gtid,
            reason: missingProfileMessage(displayName(c), input.platform),
          });
          continue;
        }
        rows.push({
          // One millisecond apart, so the batch goes out in the order it was given.
          itemUID: newPushId('msg', now + rows.length),
          gtid,
          platform: input.platform,
          recipient: normalizeRecipient(link),
          body: render(input.text, c, sender.name),
          status,
          queuedToUID,
          createdByUID: scope.uid,
          templateId: input.templateId ?? null,
          idempotencyKey: `${batchKey}:${gtid}`,
        });
      }
      const keys = rows.map((r) => r.idempotencyKey);
      const fresh = await repo.insertItems(scope, tx.db, rows, tx.clock.at());
      if (fresh.size > 0) {
        await emit(tx, scope, {
          changed: rows.filter((r) => fresh.has(r.idempotencyKey)).map((r) => itemChanged(r.gtid)),
        });
      }
      return { items: await repo.itemsByKeys(scope, tx.db, keys), skipped };
    },
    options,
  );
}

// ---- the queue screens ----

export type QueueBox = 'review' | 'sending' | 'history';

const BOX_STATUSES = {
  review: ['pending'],
  sending: ['approved', 'leased'],
  history: ['sent', 'failed', 'skipped', 'rejected', 'cancelled'],
} as const;

/** The signed-in member's review queue, send queue or history in this team. */
export async function listQueue(
  db: Db,
  scope: TeamScope,
  q: { box: QueueBox; platform?: QueuePlatform | undefined; limit: number },
) {
  const items = await repo.listItems(scope, db.db, {
    queuedToUID: scope.uid,
    statuses: BOX_STATUSES[q.box],
    platform: q.platform,
    limit: q.limit,
    newestFirst: q.box === 'history',
  });
  return { items };
}

/** A contact's messages, queued and sent, newest first. */
export async function contactQueue(db: Db, scope: TeamScope, gtid: string) {
  await requireContact(scope, db.db, gtid);
  const items = await repo.listItems(scope, db.db, {
    gtid,
    statuses: [...BOX_STATUSES.review, ...BOX_STATUSES.sending, ...BOX_STATUSES.history],
    limit: 100,
    newestFirst: true,
  });
  return { items };
}

/** Approve or reject items of the reviewer's own review queue: some, or all. */
export async function reviewQueue(
  db: Db,
  scope: TeamScope,
  input: ReviewRequest,
  options: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const moved = await repo.reviewItems(scope, tx.db, {
        itemUIDs: input.itemUIDs ?? null,
        platform: input.platform ?? null,
        to: input.decision === 'approve' ? 'approved' : 'rejected',
        now: tx.clock.at(),
      });
      if (moved.length > 0) {
        await emit(tx, scope, { changed: moved.map((m) => itemChanged(m.gtid)) });
      }
      return { changed: moved.length };
    },
    options,
  );
}

const WAITING = new Set(['pending', 'approved']);

/** An item as members see it: the lease is the sending browser's alone. */
function viewOf(item: repo.ItemWithLease): repo.QueueItemView {
  const { leaseId: _lease, leaseExpiresAt: _expires, ...view } = item;
  return view;
}

/** An item the member may change: queued to them or by them, and not gone out. */
async function waitingItem(tx: Tx, scope: TeamScope, itemUID: string) {
  const item = await repo.itemByUID(scope, tx.db, itemUID, { lock: true });
  if (!item || (item.queuedToUID !== scope.uid && item.createdByUID !== scope.uid)) {
    throw notFound('Message not found');
  }
  if (!WAITING.has(item.status)) {
    throw new DomainError(
      'conflict',
      item.status === 'leased'
        ? 'This message is being sent right now and can no longer be changed.'
        : 'This message is no longer waiting to be sent.',
    );
  }
  return item;
}

export async function editQueueItem(
  db: Db,
  scope: TeamScope,
  itemUID: string,
  text: string,
  options: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const item = await waitingItem(tx, scope, itemUID);
      await repo.setItemText(scope, tx.db, itemUID, text, tx.clock.at());
      // The sender confirms what their account sends (SPEC §4): a teammate's change to an
      // approved message sends it back to the sender's review queue.
      if (item.queuedToUID !== scope.uid && item.status === 'approved') {
        await repo.setItemStatus(scope, tx.db, itemUID, 'pending', tx.clock.at());
      }
      await emit(tx, scope, { changed: [itemChanged(item.GTID)] });
      return viewOf((await repo.itemByUID(scope, tx.db, itemUID))!);
    },
    options,
  );
}

export async function cancelQueueItem(
  db: Db,
  scope: TeamScope,
  itemUID: string,
  options: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      const item = await waitingItem(tx, scope, itemUID);
      await repo.setItemStatus(scope, tx.db, itemUID, 'cancelled', tx.clock.at());
      await emit(tx, scope, { changed: [itemChanged(item.GTID)] });
      return viewOf((await repo.itemByUID(scope, tx.db, itemUID))!);
    },
    options,
  );
}

// ---- the sender: pacing, lease and results ----

const limitsOf = (row: repo.PacingRow, platform: QueuePlatform): QueueLimits =>
  row.limits ?? DEFAULT_QUEUE_LIMITS[platform];

/**
 * The sender's pacing row on a platform, locked (two browsers of one account take turns); made
 * on the account's first use of the platform. What the decision reads besides runs as its own
 * statement after this one (see repo.senderReads).
 */
async function lockedPacing(tx: Tx, uid: string, platform: QueuePlatform): Promise<repo.PacingRow> {
  const found = await repo.pacingRow(tx.db, uid, platform, { lock: true });
  if (found) return found;
  await repo.createPacing(tx.db, uid, platform, initialPacing(platform, tx.clock.now()));
  return (await repo.pacingRow(tx.db, uid, platform, { lock: true }))!;
}

const initialPacing = (platform: QueuePlatform, now: number) =>
  initialSenderState(DEFAULT_QUEUE_LIMITS[platform], now, random);

export interface LeasedItem {
  teamUID: string;
  itemUID: string;
  GTID: string;
  platform: QueuePlatform;
  recipient: string;
  text: string;
  idempotencyKey: string;
  leaseId: string;
  leaseExpiresAt: string;
  /** An earlier lease of it ran out unreported: look in the thread before sending again. */
  resumed: boolean;
}

/**
 * `now` is the app clock's at the decision: the extension waits `until - now`, never `until` by
 * its own clock, which may be off (a PC's clock, a test's moved app clock).
 */
export type LeaseAnswer = { now: string } & (
  | { item: LeasedItem; wait: null }
  /** Nothing to send now: why, and the earliest time to ask again (null: nothing is coming). */
  | {
      item: null;
      wait: {
        reason: WaitReason | 'busy' | 'empty';
        until: string | null;
        /** Why the platform is paused, in words (a paused wait only): the extension shows it. */
        message?: string;
      };
    }
);

const waitAnswer = (
  now: number,
  reason: WaitReason | 'busy' | 'empty',
  until: number | null,
  message?: string,
): LeaseAnswer => ({
  now: new Date(now).toISOString(),
  item: null,
  wait: {
    reason,
    until: until === null ? null : new Date(until).toISOString(),
    ...(message === undefined ? {} : { message }),
  },
});

/**
 * The extension asks for the next message to send from this account on a platform. The
 * server decides: at most one live lease per account and platform, and only when core's pacing
 * allows a send now; otherwise it answers why and when to ask again.
 */
export async function leaseNext(
  database: Database,
  uid: string,
  platform: QueuePlatform,
): Promise<LeaseAnswer> {
  return withTx(database, systemScope('outreach lease'), async (tx) => {
    const now = tx.clock.now();
    const at = new Date(now);
    const row = await lockedPacing(tx, uid, platform);
    const sender = await repo.leaseCandidate(tx.db, uid, platform, {
      now: at,
      recentSince: new Date(now - RECENT_MS),
    });
    if (sender.liveLeaseUntil !== null) return waitAnswer(now, 'busy', sender.liveLeaseUntil);
    const limits = limitsOf(row, platform);
    const timeZone = sender.timeZone || DEFAULT_TIME_ZONE;
    const recent = sender.recent;
    const decide = (newConversation: boolean) =>
      nextSendTime({ now, limits, timeZone, state: row.state, recent, newConversation });

    let item = sender.item;
    if (!item) return waitAnswer(now, 'empty', await repo.earliestRetry(tx.db, uid, platform, at));
    let decision = decide(item.newConversation);
    if (!decision.ok && item.newConversation) {
      // The daily cap holds first messages only: a follow-up may still go out.
      const followUp = decide(false);
      if (followUp.ok) {
        const next = await repo.nextDueItem(tx.db, uid, platform, at, true);
        if (next) {
          item = next;
          decision = followUp;
        }
      }
    }
    if (!decision.ok) {
      const { pauseReason } = row.state;
      const paused = decision.reason === 'paused' && pauseReason !== null;
      return waitAnswer(
        now,
        decision.reason,
        decision.until,
        paused ? pauseMessage(pauseReason, PLATFORM_NAMES[platform]) : undefined,
      );
    }

    const leaseId = newPushId('lease', now);
    const expiresAt = new Date(now + QUEUE_LEASE_MS);
    repo.leaseItem(tx, item, { leaseId, expiresAt, now: at });
    await emit(tx, teamSystemScope('outreach lease', item.teamUID), {
      changed: [itemChanged(item.gtid)],
    });
    return {
      now: at.toISOString(),
      item: {
        teamUID: item.teamUID,
        itemUID: item.itemUID,
        GTID: item.gtid,
        platform,
        recipient: item.recipient,
        text: item.body,
        idempotencyKey: item.idempotencyKey,
        leaseId,
        leaseExpiresAt: expiresAt.toISOString(),
        resumed: item.leasedBefore,
      },
      wait: null,
    };
  });
}

/**
 * The extension's result for a leased item. A result under a lease that ran out is refused,
 * except "sent": the message went out, and that is recorded whoever holds the item now. A second
 * report of a sent item changes nothing.
 */
export async function reportResult(
  db: Db,
  scope: TeamScope,
  itemUID: string,
  input: { leaseId: string; code: SendResultCode; detail?: string | null | undefined },
  options: WriteOptions = {},
) {
  return inTx(
    db,
    scope,
    async (tx) => {
      // One statement locks the item and its sender's pacing; the pacing row is made first only
      // for an account that reports without ever having leased (a late "sent" after a reset).
      const found = await repo.itemAndPacing(scope, tx.db, itemUID);
      const item = found?.item ?? (await repo.itemByUID(scope, tx.db, itemUID, { lock: true }));
      if (!item || item.queuedToUID !== scope.uid) throw notFound('Message not found');
      if (item.status === 'sent') return { item, duplicate: true };
      const ownLease = item.status === 'leased' && item.leaseId === input.leaseId;
      const lateSend =
        input.code === 'sent' && (item.status === 'leased' || item.status === 'approved');
      if (!ownLease && !lateSend) {
        throw new DomainError(
          'conflict',
          'This lease has ended and the message went back to the queue. Ask for the next one.',
        );
      }
      const now = tx.clock.now();
      const at = new Date(now);
      const row = found?.pacing ?? (await lockedPacing(tx, scope.uid, item.platform));
      const limits = limitsOf(row, item.platform);
      const effect = applySendResult(input.code, {
        state: row.state,
        limits,
        now,
        attempts: item.attempts,
        random,
      });
      let activityUID: string | null = null;
      if (effect.item.status === 'sent') {
        repo.insertSend(tx, {
          uid: scope.uid,
          platform: item.platform,
          recipient: normalizeRecipient(item.recipient),
          at,
          manual: false,
          teamUID: scope.teamUID,
          itemUID,
        });
        const emitted = await emit(tx, scope, {
          activities: [
            {
              gtid: item.GTID,
              type: 'message',
              action: 'sent',
              refUID: itemUID,
              note: item.text,
              data: { platform: item.platform, recipient: item.recipient, itemUID },
              at: now,
            },
          ],
          triggers: [
            {
              trigger: 'messageSent',
              gtid: item.GTID,
              pipelineUID: null,
              data: { itemUID, platform: item.platform, templateId: item.templateId },
            },
          ],
        });
        activityUID = emitted.activityUIDs[0] ?? null;
      }
      const outcome = effect.item;
      const finished = {
        status: outcome.status,
        notBefore:
          outcome.status === 'approved' && outcome.notBefore !== null
            ? new Date(outcome.notBefore)
            : null,
        attempts: item.attempts + (outcome.status === 'approved' && !outcome.attempt ? 0 : 1),
        code: input.code,
        detail: input.detail?.slice(0, 500) ?? null,
        activityUID,
        sentAt: outcome.status === 'sent' ? at : null,
        now: at,
      };
      repo.finishItem(scope, tx, itemUID, finished);
      // A late "sent" for an item another browser has since leased: it went out, so the other
      // lease ends here; the pacing counts it once.
      repo.savePacing(tx, scope.uid, item.platform, effect.state, at);
      await emit(tx, scope, { changed: [itemChanged(item.GTID)] });
      const answer: repo.QueueItemView = {
        ...viewOf(item),
        status: finished.status,
        notBefore: finished.notBefore?.toISOString() ?? null,
        attempts: finished.attempts,
        resultCode: finished.code,
        resultDetail: finished.detail,
        activityUID: activityUID ?? item.activityUID,
        sentAt: finished.sentAt?.toISOString() ?? item.sentAt,
        updatedAt: at.toISOString(),
      };
      return { item: answer, duplicate: false };
    },
    options,
  );
}

/** A message the user sent by hand on the platform (the extension saw it): it counts. */
export async function recordManualSend(
  database: Database,
  uid: string,
  platform: QueuePlatform,
  recipientInput: string,
) {
  return withTx(database, systemScope('outreach manual send'), async (tx) => {
    const now = tx.clock.now();
    const recipient = normalizeRecipient(recipientInput);
    const pacing = await lockedPacing(tx, uid, platform);
    const { messagedBefore } = await repo.senderReads(tx.db, uid, platform, {
      now: new Date(now),
      recipient,
    });
    repo.insertSend(tx, {
      uid,
      platform,
      recipient,
      at: new Date(now),
      manual: true,
      teamUID: null,
      itemUID: null,
    });
    const limits = limitsOf(pacing, platform);
    const state = afterManualSend(pacing.state, limits, now);
    repo.savePacing(tx, uid, platform, state, new Date(now));
    return { newConversation: !messagedBefore };
  });
}

// ---- the sender's settings and status ----

export interface PlatformStatus {
  platform: QueuePlatform;
  limits: QueueLimits;
  /** The user has changed the defaults. */
  customLimits: boolean;
  caps: { daily: number; hourly: number; warmingUp: boolean };
  usage: { newConversationsToday: number; sentToday: number; lastHour: number };
  paused: { reason: string; message: string; until: string | null } | null;
  /** When the next message may go out, and what holds it back (null: nothing queued). */
  next: { at: string | null; reason: WaitReason | 'busy' | 'empty' | 'ready' };
  queue: { pending: number; approved: number; leased: number };
  timeZone: string;
}

/** Every platform's limits, usage against the caps, pause state and next send time. */
export async function queueStatus(database: Database, uid: string) {
  return withTx(database, systemScope('outreach status'), async (tx) => {
    const now = tx.clock.now();
    const timeZone = await timeZoneOf(tx, uid);
    const counts = await repo.queueCounts(tx.db, uid);
    const platforms: PlatformStatus[] = [];
    for (const platform of QUEUE_PLATFORMS) {
      // A read: a platform never used shows its defaults without writing a row for them.
      const pacing = await repo.pacingRow(tx.db, uid, platform, { lock: false });
      const sender = await repo.senderReads(tx.db, uid, platform, {
        now: new Date(now),
        recentSince: new Date(now - RECENT_MS),
      });
      const row: repo.PacingRow = pacing ?? { limits: null, state: initialPacing(platform, now) };
      const limits = limitsOf(row, platform);
      const recent = sender.recent;
      const today = zonedParts(now, timeZone).date;
      const todays = recent.filter((s) => zonedParts(s.at, timeZone).date === today);
      const count = (status: string) =>
        counts.find((c) => c.platform === platform && c.status === status)?.count ?? 0;
      const queue = {
        pending: count('pending'),
        approved: count('approved'),
        leased: count('leased'),
      };
      const decision = nextSendTime({
        now,
        limits,
        timeZone,
        state: row.state,
        recent,
        newConversation: true,
      });
      const paused = isPaused(row.state, now) && row.state.pauseReason;
      platforms.push({
        platform,
        limits,
        customLimits: row.limits !== null,
        caps: effectiveCaps(limits, row.state.accountStartedAt, now),
        usage: {
          newConversationsToday: todays.filter((s) => s.newConversation).length,
          sentToday: todays.length,
          lastHour: recent.filter((s) => s.at > now - 3_600_000).length,
        },
        paused: paused
          ? {
              reason: paused,
              message: pauseMessage(paused, PLATFORM_NAMES[platform]),
              until:
                row.state.pausedUntil === null
                  ? null
                  : new Date(row.state.pausedUntil).toISOString(),
            }
          : null,
        next:
          queue.approved + queue.leased === 0
            ? { at: null, reason: 'empty' }
            : decision.ok
              ? { at: new Date(now).toISOString(), reason: 'ready' }
              : {
                  at: decision.until === null ? null : new Date(decision.until).toISOString(),
                  reason: decision.reason,
                },
        queue,
        timeZone,
      });
    }
    // The clock its times are on: a browser compares with this, not with its own.
    return { now: new Date(now).toISOString(), platforms };
  });
}

/** Saves the user's limits for a platform (null: back to the defaults). */
export async function saveQueueLimits(
  database: Database,
  uid: string,
  platform: QueuePlatform,
  limits: QueueLimits | null,
) {
  await withTx(database, systemScope('outreach limits'), async (tx) => {
    const row = await lockedPacing(tx, uid, platform);
    const at = tx.clock.at();
    await repo.saveLimits(tx.db, uid, platform, limits, at);
    const state = withLimits(row.state, limits ?? DEFAULT_QUEUE_LIMITS[platform], random);
    repo.savePacing(tx, uid, platform, state, at);
  });
  return queueStatus(database, uid);
}

/** The user pauses or resumes sending on a platform. */
export async function setSendingPaused(
  database: Database,
  uid: string,
  platform: QueuePlatform,
  paused: boolean,
) {
  await withTx(database, systemScope('outreach pause'), async (tx) => {
    const row = await lockedPacing(tx, uid, platform);
    const state = paused ? pauseSending(row.state) : resumeSending(row.state);
    repo.savePacing(tx, uid, platform, state, tx.clock.at());
  });
  return queueStatus(database, uid);
}
