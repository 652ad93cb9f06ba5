import type {
  PauseReason,
  QueueItemStatus,
  QueueLimits,
  QueuePlatform,
  SendResultCode,
} from '@leadloom/core';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { contact } from './contacts';
import { team } from './teams';

const PLATFORM_CHECK = sql`"platform" IN ('facebook', 'instagram', 'linkedin')`;

/**
 * SPEC §3 Message queue item: one message to one contact on one platform, sent from the account
 * of `queuedToUID`. Its life is core's (outreach/queue-items.ts); the lease makes one browser
 * its only sender for a while, and `idempotencyKey` makes queueing it twice a no-op.
 */
export const messageQueueItem = pgTable(
  'message_queue_item',
  {
    teamUID: textC('team_uid').notNull(),
    itemUID: textC('item_uid').notNull(),
    gtid: textC('gtid').notNull(),
    platform: text('platform').$type<QueuePlatform>().notNull(),
    /** The contact's profile link on the platform when it was queued. */
    recipient: text('recipient').notNull(),
    /** The text as it will be sent (template variables already filled). */
    body: text('body').notNull(),
    status: text('status').$type<QueueItemStatus>().notNull(),
    queuedToUID: textC('queued_to_uid').notNull(),
    createdByUID: textC('created_by_uid').notNull(),
    templateId: textC('template_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    leaseId: textC('lease_id'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** A lease of it expired unreported: the next sender checks the thread before sending. */
    leasedBefore: boolean('leased_before').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** A retry waits until then. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    resultCode: text('result_code').$type<SendResultCode>(),
    resultDetail: text('result_detail'),
    /** The `message` activity its sending wrote (SPEC §3 activityUID). */
    activityUID: textC('activity_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.itemUID], name: 'message_queue_item_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'message_queue_item_team_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
      name: 'message_queue_item_contact_fk',
    }).onDelete('cascade'),
    check('message_queue_item_platform_check', PLATFORM_CHECK),
    check(
      'message_queue_item_status_check',
      sql`"status" IN ('pending', 'approved', 'leased', 'sent', 'failed', 'skipped', 'rejected', 'cancelled')`,
    ),
    uniqueIndex('message_queue_item_idempotency_idx').on(t.teamUID, t.idempotencyKey),
    // A sender's queue in order, across their teams: what the lease reads.
    index('message_queue_item_send_idx')
      .on(t.queuedToUID, t.platform, t.createdAt, t.itemUID)
      .where(sql`"status" IN ('approved', 'leased')`),
    // A live lease of the account (at most one per platform): checked before every lease.
    index('message_queue_item_leased_idx')
      .on(t.queuedToUID, t.platform)
      .where(sql`"status" = 'leased'`),
    // A member's review queue.
    index('message_queue_item_review_idx')
      .on(t.teamUID, t.queuedToUID, t.createdAt)
      .where(sql`"status" = 'pending'`),
    index('message_queue_item_contact_idx').on(t.teamUID, t.gtid, t.createdAt),
  ],
);

/**
 * A sender's pacing on one platform: their limits and what the pacing remembers between sends
 * (core's SenderState). One row per account and platform, whatever the team: it is one account.
 * Leases lock this row, so two browsers of the same user take turns.
 */
export const senderPacing = pgTable(
  'sender_pacing',
  {
    uid: textC('uid').notNull(),
    platform: text('platform').$type<QueuePlatform>().notNull(),
    /** Null: the platform's defaults. */
    limits: jsonb('limits').$type<QueueLimits>(),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    sendsSinceBreak: integer('sends_since_break').notNull().default(0),
    onBreak: boolean('on_break').notNull().default(false),
    breakAfter: integer('break_after').notNull(),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    pauseReason: text('pause_reason').$type<PauseReason>(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    accountStartedAt: timestamp('account_started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.platform], name: 'sender_pacing_pk' }),
    check('sender_pacing_platform_check', PLATFORM_CHECK),
  ],
);

/**
 * Every message an account sent, by the queue or by hand (seen by the extension): the caps
 * count these, and "a first message to this person" is one with no earlier row to them.
 */
export const outreachSend = pgTable(
  'outreach_send',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: textC('uid').notNull(),
    platform: text('platform').$type<QueuePlatform>().notNull(),
    /** The profile link or thread the message went to, as the sender normalised it. */
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    newConversation: boolean('new_conversation').notNull(),
    manual: boolean('manual').notNull().default(false),
    teamUID: textC('team_uid'),
    itemUID: textC('item_uid'),
  },
  (t) => [
    check('outreach_send_platform_check', PLATFORM_CHECK),
    index('outreach_send_recent_idx').on(t.uid, t.platform, t.sentAt),
    index('outreach_send_recipient_idx').on(t.uid, t.platform, t.recipient),
  ],
);
