import type {
  PauseReason,
  QueueItemStatus,
  QueueLimits,
  QueuePlatform,
  SendResultCode,
  SenderState,
  SentMessage,
} from '@leadloom/core';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import type { TeamScope } from '../../db/scope';
import type { Tx } from '../../db/tx';
import { visibleContacts } from '../../db/visibility';

// Raw SQL here where it earns its keep: the lease (a row lock on the sender's pacing, then the
// next due item with SKIP LOCKED across the sender's teams) and set-based review updates.

const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export interface QueueContact {
  gtid: string;
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  profiles: Record<string, string>;
  /** Answers in question order, for {{answer.N}}. */
  answers: string[];
}

/** The contacts among `gtids` the scope sees, with what a message to them is filled with. */
export async function contactsForQueue(
  scope: TeamScope,
  db: AppDb,
  gtids: readonly string[],
): Promise<QueueContact[]> {
  const r = await db.execute<{
    gtid: string;
    first_name: string;
    last_name: string;
    full_name: string;
    email_address: string | null;
    phone_number: string | null;
    profiles: Record<string, string> | null;
    answers: string[] | null;
  }>(sql`
    SELECT c.gtid, c.first_name, c.last_name, c.full_name, c.email_address, c.phone_number,
      c.profiles,
      -- {{answer.N}}: the answers of the pipeline the contact last answered in, in question order.
      (SELECT json_agg(a.answer ORDER BY a."order") FROM answer a
        WHERE a.team_uid = c.team_uid AND a.gtid = c.gtid AND a.pipeline_uid = (
          SELECT l.pipeline_uid FROM answer l WHERE l.team_uid = c.team_uid AND l.gtid = c.gtid
          ORDER BY l.updated_at DESC LIMIT 1)) AS answers
    FROM contact c
    WHERE c.team_uid = ${scope.teamUID} AND c.gtid = ANY(${sql.param([...gtids])}::text[])
      AND ${visibleContacts(scope, 'c')}`);
  return r.rows.map((row) => ({
    gtid: row.gtid,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    emailAddress: row.email_address,
    phoneNumber: row.phone_number,
    profiles: row.profiles ?? {},
    answers: row.answers ?? [],
  }));
}

/** A member of the team by uid, with their name; null when they are not a member. */
export async function teamMember(
  scope: TeamScope,
  db: AppDb,
  uid: string,
): Promise<{ uid: string; name: string } | null> {
  const r = await db.execute<{ uid: string; name: string | null }>(sql`
    SELECT u.id AS uid, u.name FROM "member" m JOIN "user" u ON u.id = m."userId"
    WHERE m."organizationId" = ${scope.teamUID} AND m."userId" = ${uid}`);
  const row = r.rows[0];
  return row ? { uid: row.uid, name: row.name ?? '' } : null;
}

export interface NewQueueItem {
  itemUID: string;
  gtid: string;
  platform: QueuePlatform;
  recipient: string;
  body: string;
  status: QueueItemStatus;
  queuedToUID: string;
  createdByUID: string;
  templateId: string | null;
  idempotencyKey: string;
}

/**
 * Inserts the items in one statement; an item whose idempotency key the team has already used
 * is left as it is. Answers the keys that were new.
 */
export async function insertItems(
  scope: TeamScope,
  db: AppDb,
  items: readonly NewQueueItem[],
  now: Date,
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const col = <K extends keyof NewQueueItem>(k: K) => sql.param(items.map((i) => i[k]));
  const r = await db.execute<{ idempotency_key: string }>(sql`
    INSERT INTO message_queue_item (team_uid, item_uid, gtid, platform, recipient, body, status,
      queued_to_uid, created_by_uid, template_id, idempotency_key, created_at, updated_at)
    SELECT ${scope.teamUID}, x.item_uid, x.gtid, x.platform, x.recipient, x.body, x.status,
      x.queued_to_uid, x.created_by_uid, x.template_id, x.idempotency_key, ${now}, ${now}
    FROM unnest(${col('itemUID')}::text[], ${col('gtid')}::text[], ${col('platform')}::text[],
      ${col('recipient')}::text[], ${col('body')}::text[], ${col('status')}::text[],
      ${col('queuedToUID')}::text[], ${col('createdByUID')}::text[], ${col('templateId')}::text[],
      ${col('idempotencyKey')}::text[])
      AS x(item_uid, gtid, platform, recipient, body, status, queued_to_uid, created_by_uid,
        template_id, idempotency_key)
    ON CONFLICT (team_uid, idempotency_key) DO NOTHING
    RETURNING idempotency_key`);
  return new Set(r.rows.map((row) => row.idempotency_key));
}

/** An item as the queue screens show it. */
export interface QueueItemView {
  itemUID: string;
  teamUID: string;
  GTID: string;
  contactName: string;
  platform: QueuePlatform;
  recipient: string;
  text: string;
  status: QueueItemStatus;
  queuedToUID: string;
  createdByUID: string;
  templateId: string | null;
  attempts: number;
  notBefore: string | null;
  resultCode: SendResultCode | null;
  resultDetail: string | null;
  activityUID: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

type ItemRow = {
  item_uid: string;
  team_uid: string;
  gtid: string;
  contact_name: string | null;
  platform: QueuePlatform;
  recipient: string;
  body: string;
  status: QueueItemStatus;
  queued_to_uid: string;
  created_by_uid: string;
  template_id: string | null;
  attempts: number;
  not_before: Date | string | null;
  result_code: SendResultCode | null;
  result_detail: string | null;
  activity_uid: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sent_at: Date | string | null;
};

const toView = (row: ItemRow): QueueItemView => ({
  itemUID: row.item_uid,
  teamUID: row.team_uid,
  GTID: row.gtid,
  contactName: row.contact_name ?? '',
  platform: row.platform,
  recipient: row.recipient,
  text: row.body,
  status: row.status,
  queuedToUID: row.queued_to_uid,
  createdByUID: row.created_by_uid,
  templateId: row.template_id,
  attempts: row.attempts,
  notBefore: iso(row.not_before),
  resultCode: row.result_code,
  resultDetail: row.result_detail,
  activityUID: row.activity_uid,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
  sentAt: iso(row.sent_at),
});

const itemColumns = sql`i.item_uid, i.team_uid, i.gtid,
  COALESCE(NULLIF(c.full_name, ''), trim(c.first_name || ' ' || c.last_name)) AS contact_name,
  i.platform, i.recipient, i.body, i.status, i.queued_to_uid, i.created_by_uid, i.template_id,
  i.attempts, i.not_before, i.result_code, i.result_detail, i.activity_uid, i.created_at,
  i.updated_at, i.sent_at`;

export interface ItemFilter {
  /** Items sent from this member's account. */
  queuedToUID?: string;
  /** Items of this contact. */
  gtid?: string;
  statuses: readonly QueueItemStatus[];
  platform?: QueuePlatform;
  limit: number;
  /** Newest first (history) or oldest first (what goes out next). */
  newestFirst: boolean;
}

export async function listItems(
  scope: TeamScope,
  db: AppDb,
  f: ItemFilter,
): Promise<QueueItemView[]> {
  const r = await db.execute<ItemRow>(sql`
    SELECT ${itemColumns}
    FROM message_queue_item i
    JOIN contact c ON c.team_uid = i.team_uid AND c.gtid = i.gtid
    WHERE i.team_uid = ${scope.teamUID} AND i.status = ANY(${sql.param([...f.statuses])}::text[])
      ${f.queuedToUID ? sql`AND i.queued_to_uid = ${f.queuedToUID}` : sql``}
      ${f.gtid ? sql`AND i.gtid = ${f.gtid}` : sql``}
      ${f.platform ? sql`AND i.platform = ${f.platform}` : sql``}
      AND ${visibleContacts(scope, 'c')}
    ORDER BY ${f.newestFirst ? sql`i.updated_at DESC, i.item_uid DESC` : sql`i.created_at, i.item_uid`}
    LIMIT ${f.limit}`);
  return r.rows.map(toView);
}

export async function itemsByKeys(
  scope: TeamScope,
  db: AppDb,
  keys: readonly string[],
): Promise<QueueItemView[]> {
  if (keys.length === 0) return [];
  const r = await db.execute<ItemRow>(sql`
    SELECT ${itemColumns}
    FROM message_queue_item i
    JOIN contact c ON c.team_uid = i.team_uid AND c.gtid = i.gtid
    WHERE i.team_uid = ${scope.teamUID} AND i.idempotency_key = ANY(${sql.param([...keys])}::text[])
    ORDER BY i.created_at, i.item_uid`);
  return r.rows.map(toView);
}

export async function itemByUID(
  scope: TeamScope,
  db: AppDb,
  itemUID: string,
  opts: { lock?: boolean } = {},
): Promise<ItemWithLease | null> {
  const r = await executePrepared<
    ItemRow & { lease_id: string | null; lease_expires_at: Date | string | null }
  >(
    db,
    sql`
    SELECT ${itemColumns}, i.lease_id, i.lease_expires_at
    FROM message_queue_item i
    JOIN contact c ON c.team_uid = i.team_uid AND c.gtid = i.gtid
    WHERE i.team_uid = ${scope.teamUID} AND i.item_uid = ${itemUID} AND ${visibleContacts(scope, 'c')}
    ${opts.lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  const row = r.rows[0];
  return row
    ? { ...toView(row), leaseId: row.lease_id, leaseExpiresAt: ms(row.lease_expires_at) }
    : null;
}

export type ItemWithLease = QueueItemView & {
  leaseId: string | null;
  leaseExpiresAt: number | null;
};

/**
 * A reported item and its sender's pacing, both locked, in one statement (a report needs both).
 * Null when either is missing: the caller then looks the item up alone.
 */
export async function itemAndPacing(
  scope: TeamScope,
  db: AppDb,
  itemUID: string,
): Promise<{ item: ItemWithLease; pacing: PacingRow } | null> {
  const r = await executePrepared<
    ItemRow & PacingDbRow & { lease_id: string | null; lease_expires_at: Date | string | null }
  >(
    db,
    sql`
    SELECT ${itemColumns}, i.lease_id, i.lease_expires_at, p.limits, p.next_send_at,
      p.sends_since_break, p.on_break, p.break_after, p.paused_until, p.pause_reason,
      p.consecutive_failures, p.account_started_at
    FROM message_queue_item i
    JOIN contact c ON c.team_uid = i.team_uid AND c.gtid = i.gtid
    JOIN sender_pacing p ON p.uid = i.queued_to_uid AND p.platform = i.platform
    WHERE i.team_uid = ${scope.teamUID} AND i.item_uid = ${itemUID} AND ${visibleContacts(scope, 'c')}
    FOR UPDATE OF i, p`,
  );
  const row = r.rows[0];
  return row
    ? {
        item: { ...toView(row), leaseId: row.lease_id, leaseExpiresAt: ms(row.lease_expires_at) },
        pacing: toPacing(row),
      }
    : null;
}

/**
 * Moves the reviewer's pending items to `to`: the given ones, or all of theirs (on a platform).
 * Answers the items moved (id and contact).
 */
export async function reviewItems(
  scope: TeamScope,
  db: AppDb,
  input: {
    itemUIDs: readonly string[] | null;
    platform: QueuePlatform | null;
    to: 'approved' | 'rejected';
    now: Date;
  },
): Promise<{ itemUID: string; gtid: string }[]> {
  const r = await db.execute<{ item_uid: string; gtid: string }>(sql`
    UPDATE message_queue_item i SET status = ${input.to}, updated_at = ${input.now}
    WHERE i.team_uid = ${scope.teamUID} AND i.queued_to_uid = ${scope.uid} AND i.status = 'pending'
      ${input.itemUIDs ? sql`AND i.item_uid = ANY(${sql.param([...input.itemUIDs])}::text[])` : sql``}
      ${input.platform ? sql`AND i.platform = ${input.platform}` : sql``}
    RETURNING i.item_uid, i.gtid`);
  return r.rows.map((row) => ({ itemUID: row.item_uid, gtid: row.gtid }));
}

export async function setItemText(
  scope: TeamScope,
  db: AppDb,
  itemUID: string,
  text: string,
  now: Date,
) {
  await db.execute(sql`
    UPDATE message_queue_item SET body = ${text}, updated_at = ${now}
    WHERE team_uid = ${scope.teamUID} AND item_uid = ${itemUID}`);
}

export async function setItemStatus(
  scope: TeamScope,
  db: AppDb,
  itemUID: string,
  status: QueueItemStatus,
  now: Date,
) {
  await db.execute(sql`
    UPDATE message_queue_item SET status = ${status}, lease_id = NULL, lease_expires_at = NULL,
      updated_at = ${now}
    WHERE team_uid = ${scope.teamUID} AND item_uid = ${itemUID}`);
}

// ---- the sender's side (one account, across its teams) ----

export interface PacingRow {
  limits: QueueLimits | null;
  state: SenderState;
}

type PacingDbRow = {
  limits: QueueLimits | null;
  next_send_at: Date | string | null;
  sends_since_break: number;
  on_break: boolean;
  break_after: number;
  paused_until: Date | string | null;
  pause_reason: PauseReason | null;
  consecutive_failures: number;
  account_started_at: Date | string;
};

const toPacing = (row: PacingDbRow): PacingRow => ({
  limits: row.limits,
  state: {
    nextSendAt: ms(row.next_send_at),
    sendsSinceBreak: row.sends_since_break,
    onBreak: row.on_break,
    breakAfter: row.break_after,
    pausedUntil: ms(row.paused_until),
    pauseReason: row.pause_reason,
    consecutiveFailures: row.consecutive_failures,
    accountStartedAt: ms(row.account_started_at)!,
  },
});

/** The sender's pacing on a platform (null: never used); locked when asked. */
export async function pacingRow(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  opts: { lock: boolean },
): Promise<PacingRow | null> {
  const r = await executePrepared<PacingDbRow>(
    db,
    sql`
    SELECT limits, next_send_at, sends_since_break, on_break, break_after, paused_until,
      pause_reason, consecutive_failures, account_started_at
    FROM sender_pacing WHERE uid = ${uid} AND platform = ${platform}
    ${opts.lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = r.rows[0];
  return row ? toPacing(row) : null;
}

export interface SenderReads {
  /** A lease of the account on the platform that has not run out: another browser is sending. */
  liveLeaseUntil: number | null;
  /** The account's own time zone setting (null: none set). */
  timeZone: string | null;
  /** The account's sends on the platform since `recentSince`, oldest first. */
  recent: SentMessage[];
  /** Whether the account messaged `recipient` on the platform before. */
  messagedBefore: boolean;
}

type SenderReadsRow = {
  live_until: Date | string | null;
  time_zone: string | null;
  recent: [number, boolean][] | null;
  messaged_before: boolean | null;
};

function senderReadsQuery(
  uid: string,
  platform: QueuePlatform,
  opts: { now: Date; liveLease?: boolean; recentSince?: Date; recipient?: string },
) {
  return sql`
    SELECT
      ${
        opts.liveLease
          ? sql`(SELECT i.lease_expires_at FROM message_queue_item i
              WHERE i.queued_to_uid = ${uid} AND i.platform = ${platform} AND i.status = 'leased'
                AND i.lease_expires_at > ${opts.now.toISOString()}::timestamptz LIMIT 1)`
          : sql`NULL::timestamptz`
      } AS live_until,
      ${
        opts.recentSince
          ? sql`(SELECT u.time_zone FROM user_profile u WHERE u.uid = ${uid})`
          : sql`NULL::text`
      } AS time_zone,
      ${
        opts.recentSince
          ? sql`(SELECT json_agg(json_build_array(
                (extract(epoch FROM s.sent_at) * 1000)::bigint, s.new_conversation) ORDER BY s.sent_at)
              FROM outreach_send s
              WHERE s.uid = ${uid} AND s.platform = ${platform}
                AND s.sent_at > ${opts.recentSince.toISOString()}::timestamptz)`
          : sql`NULL::json`
      } AS recent,
      ${
        opts.recipient === undefined
          ? sql`NULL::boolean`
          : sql`EXISTS (SELECT 1 FROM outreach_send s WHERE s.uid = ${uid}
              AND s.platform = ${platform} AND s.recipient = ${opts.recipient})`
      } AS messaged_before`;
}

const toSenderReads = (row: SenderReadsRow): SenderReads => ({
  liveLeaseUntil: ms(row.live_until),
  timeZone: row.time_zone,
  recent: (row.recent ?? []).map(([at, newConversation]) => ({
    at: Number(at),
    newConversation,
  })),
  messagedBefore: row.messaged_before ?? false,
});

/**
 * What a send decision reads besides the pacing row, in one statement: the live lease, the time
 * zone (the account module's user_profile row, read here to save a round trip), the recent sends
 * and whether a recipient was messaged before. Run after the pacing row is locked: a statement
 * sees what was committed when it began, so these must not share the locking statement, or a
 * browser that waited for the lock would miss the lease or send the other one just made.
 */
export async function senderReads(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  opts: { now: Date; liveLease?: boolean; recentSince?: Date; recipient?: string },
): Promise<SenderReads> {
  const r = await executePrepared<SenderReadsRow>(db, senderReadsQuery(uid, platform, opts));
  return toSenderReads(r.rows[0]!);
}

/** The account's first use of a platform: its pacing row, from `initial`. */
export async function createPacing(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  initial: SenderState,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO sender_pacing (uid, platform, break_after, account_started_at, updated_at)
    VALUES (${uid}, ${platform}, ${initial.breakAfter}, ${new Date(initial.accountStartedAt)},
      ${new Date(initial.accountStartedAt)})
    ON CONFLICT (uid, platform) DO NOTHING`);
}

/** Writes the pacing state with the transaction's next statement (nobody reads it back). */
export function savePacing(
  tx: Tx,
  uid: string,
  platform: QueuePlatform,
  state: SenderState,
  now: Date,
): void {
  const d = (v: number | null) => (v === null ? null : new Date(v).toISOString());
  tx.defer(
    'sender_pacing',
    sql`
    UPDATE sender_pacing SET next_send_at = ${d(state.nextSendAt)}::timestamptz,
      sends_since_break = ${state.sendsSinceBreak}, on_break = ${state.onBreak},
      break_after = ${state.breakAfter}, paused_until = ${d(state.pausedUntil)}::timestamptz,
      pause_reason = ${state.pauseReason}, consecutive_failures = ${state.consecutiveFailures},
      updated_at = ${now.toISOString()}::timestamptz
    WHERE uid = ${uid} AND platform = ${platform}`,
  );
}

export async function saveLimits(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  limits: QueueLimits | null,
  now: Date,
) {
  await db.execute(sql`
    UPDATE sender_pacing SET limits = ${limits === null ? null : JSON.stringify(limits)}::jsonb,
      updated_at = ${now}
    WHERE uid = ${uid} AND platform = ${platform}`);
}

/**
 * Records a message that went out, with the transaction's next statement. Whether it opened a
 * new conversation is decided there, from the account's earlier sends to the recipient.
 */
export function insertSend(
  tx: Tx,
  row: {
    uid: string;
    platform: QueuePlatform;
    recipient: string;
    at: Date;
    manual: boolean;
    teamUID: string | null;
    itemUID: string | null;
  },
): void {
  tx.defer(
    'outreach_send',
    sql`
    INSERT INTO outreach_send (uid, platform, recipient, sent_at, new_conversation, manual, team_uid, item_uid)
    SELECT ${row.uid}, ${row.platform}, ${row.recipient}, ${row.at.toISOString()}::timestamptz,
      NOT EXISTS (SELECT 1 FROM outreach_send s WHERE s.uid = ${row.uid}
        AND s.platform = ${row.platform} AND s.recipient = ${row.recipient}),
      ${row.manual}, ${row.teamUID}, ${row.itemUID}`,
  );
}

export interface DueItem {
  teamUID: string;
  itemUID: string;
  gtid: string;
  recipient: string;
  body: string;
  idempotencyKey: string;
  attempts: number;
  /** A lease of it ran out before: it may have gone out; the sender looks before sending. */
  leasedBefore: boolean;
  newConversation: boolean;
}

type DueItemRow = {
  team_uid: string;
  item_uid: string;
  gtid: string;
  recipient: string;
  body: string;
  idempotency_key: string;
  attempts: number;
  status: QueueItemStatus;
  leased_before: boolean;
  follow_up: boolean;
};

/**
 * The next item due from this account on the platform, in queue order, across the teams it is
 * still a member of: approved and not held back by a retry time, or leased with the lease run
 * out. Locked (SKIP LOCKED). With `followUpsOnly`, only items to people it messaged before.
 */
function dueItemQuery(uid: string, platform: QueuePlatform, now: Date, followUpsOnly: boolean) {
  const at = now.toISOString();
  return sql`
    SELECT i.team_uid, i.item_uid, i.gtid, i.recipient, i.body, i.idempotency_key, i.attempts,
      i.status, i.leased_before, x.follow_up
    FROM message_queue_item i
    JOIN "member" m ON m."organizationId" = i.team_uid AND m."userId" = i.queued_to_uid
    CROSS JOIN LATERAL (SELECT EXISTS (
      SELECT 1 FROM outreach_send s
      WHERE s.uid = ${uid} AND s.platform = ${platform} AND s.recipient = i.recipient
    ) AS follow_up) x
    WHERE i.queued_to_uid = ${uid} AND i.platform = ${platform}
      AND i.status IN ('approved', 'leased')
      AND (
        (i.status = 'approved' AND (i.not_before IS NULL OR i.not_before <= ${at}::timestamptz))
        OR (i.status = 'leased' AND i.lease_expires_at <= ${at}::timestamptz)
      )
      ${followUpsOnly ? sql`AND x.follow_up` : sql``}
    ORDER BY i.created_at, i.item_uid
    LIMIT 1
    FOR UPDATE OF i SKIP LOCKED`;
}

const toDueItem = (row: DueItemRow): DueItem => ({
  teamUID: row.team_uid,
  itemUID: row.item_uid,
  gtid: row.gtid,
  recipient: row.recipient,
  body: row.body,
  idempotencyKey: row.idempotency_key,
  attempts: row.attempts,
  leasedBefore: row.leased_before || row.status === 'leased',
  newConversation: !row.follow_up,
});

/** {@link dueItemQuery}'s item, alone (the lease's second look, for a follow-up). */
export async function nextDueItem(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  now: Date,
  followUpsOnly: boolean,
): Promise<DueItem | null> {
  const r = await executePrepared<DueItemRow>(db, dueItemQuery(uid, platform, now, followUpsOnly));
  return r.rows[0] ? toDueItem(r.rows[0]) : null;
}

/**
 * What a lease decides on, in one statement after the pacing lock: the sender's reads (see
 * {@link senderReads}: the live lease, the time zone, the recent sends) and the next due item,
 * locked. The item is locked even when the decision then waits: the lock ends with the
 * transaction, and other browsers skip it meanwhile.
 */
export async function leaseCandidate(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  opts: { now: Date; recentSince: Date },
): Promise<SenderReads & { item: DueItem | null }> {
  const r = await executePrepared<
    Partial<DueItemRow> & {
      live_until: Date | string | null;
      time_zone: string | null;
      recent: [number, boolean][] | null;
    }
  >(
    db,
    sql`
    SELECT r.live_until, r.time_zone, r.recent, n.*
    FROM (${senderReadsQuery(uid, platform, { ...opts, liveLease: true })}) r
    LEFT JOIN LATERAL (${dueItemQuery(uid, platform, opts.now, false)}) n ON true`,
  );
  const row = r.rows[0]!;
  return {
    ...toSenderReads({ ...row, messaged_before: null }),
    item: row.item_uid ? toDueItem(row as DueItemRow) : null,
  };
}

/** The earliest retry time among the account's approved items held back on the platform. */
export async function earliestRetry(
  db: AppDb,
  uid: string,
  platform: QueuePlatform,
  now: Date,
): Promise<number | null> {
  const r = await db.execute<{ at: Date | string | null }>(sql`
    SELECT min(not_before) AS at FROM message_queue_item
    WHERE queued_to_uid = ${uid} AND platform = ${platform} AND status = 'approved'
      AND not_before > ${now}`);
  return ms(r.rows[0]?.at ?? null);
}

/** Leases the item, with the transaction's next statement (the change log, at commit). */
export function leaseItem(
  tx: Tx,
  item: DueItem,
  lease: { leaseId: string; expiresAt: Date; now: Date },
): void {
  tx.defer(
    'message_queue_item',
    sql`
    UPDATE message_queue_item SET status = 'leased', lease_id = ${lease.leaseId},
      lease_expires_at = ${lease.expiresAt.toISOString()}::timestamptz,
      leased_before = ${item.leasedBefore}, updated_at = ${lease.now.toISOString()}::timestamptz
    WHERE team_uid = ${item.teamUID} AND item_uid = ${item.itemUID}`,
  );
}

/** Writes a reported result on the item, with the transaction's next statement. */
export function finishItem(
  scope: TeamScope,
  tx: Tx,
  itemUID: string,
  f: {
    status: QueueItemStatus;
    notBefore: Date | null;
    attempts: number;
    code: SendResultCode;
    detail: string | null;
    activityUID: string | null;
    sentAt: Date | null;
    now: Date;
  },
): void {
  const d = (v: Date | null) => (v === null ? null : v.toISOString());
  tx.defer(
    'message_queue_item',
    sql`
    UPDATE message_queue_item SET status = ${f.status}, not_before = ${d(f.notBefore)}::timestamptz,
      attempts = ${f.attempts}, result_code = ${f.code}, result_detail = ${f.detail},
      activity_uid = COALESCE(${f.activityUID}, activity_uid),
      sent_at = COALESCE(${d(f.sentAt)}::timestamptz, sent_at),
      lease_id = NULL, lease_expires_at = NULL, updated_at = ${f.now.toISOString()}::timestamptz
    WHERE team_uid = ${scope.teamUID} AND item_uid = ${itemUID}`,
  );
}

/** The account's waiting items per platform and status, across its teams. */
export async function queueCounts(
  db: AppDb,
  uid: string,
): Promise<{ platform: QueuePlatform; status: QueueItemStatus; count: number }[]> {
  const r = await db.execute<{ platform: QueuePlatform; status: QueueItemStatus; n: string }>(sql`
    SELECT i.platform, i.status, count(*) AS n FROM message_queue_item i
    JOIN "member" m ON m."organizationId" = i.team_uid AND m."userId" = i.queued_to_uid
    WHERE i.queued_to_uid = ${uid} AND i.status IN ('pending', 'approved', 'leased')
    GROUP BY i.platform, i.status`);
  return r.rows.map((row) => ({
    platform: row.platform,
    status: row.status,
    count: Number(row.n),
  }));
}
