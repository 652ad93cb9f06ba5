import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';

/** The spec's team data (SPEC §3 Team), 1:1 with a better-auth organisation. */
export const team = pgTable('team', {
  teamUID: textC('team_uid').primaryKey(),
  name: text('name').notNull(),
  ownerUID: textC('owner_uid').notNull(),
  /** SPEC §3 Subscription; read through core's subscription rules. */
  subscription: jsonb('subscription').$type<Record<string, unknown>>(),
  aiContext: jsonb('ai_context').$type<Record<string, unknown>>(),
  /** Per-team feature flags (SPEC §6); they apply on top of plan gating. */
  // Bulk messaging is on unless a super admin switches it off (SPEC §6 flags).
  featureFlags: jsonb('feature_flags')
    .$type<Record<string, boolean>>()
    .notNull()
    .default({ facebook_bulk_messaging_access: true, instagram_bulk_messaging_access: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pipelines a member may see (SPEC §3 groupAccess). Owners and admins see all pipelines and
 * have no rows; a member with no rows sees none.
 */
export const pipelineAccess = pgTable(
  'pipeline_access',
  {
    teamUID: textC('team_uid').notNull(),
    uid: textC('uid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamUID, t.uid, t.pipelineUID] })],
);

/**
 * Per-team change counter (DESIGN §5): bumped as a transaction's last statement, so its row lock
 * is held until commit and `seq` follows commit order.
 */
export const teamCounter = pgTable('team_counter', {
  teamUID: textC('team_uid').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
});

/** What changed, in commit order per team: the realtime stream reads from here. */
export const changeLog = pgTable(
  'change_log',
  {
    teamUID: textC('team_uid').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    resource: text('resource').notNull(),
    id: textC('id').notNull(),
    op: text('op').notNull(),
    changeId: textC('change_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamUID, t.seq] })],
);

/**
 * Work for the sync engine, workflow triggers and webhooks, written in the action's
 * transaction so nothing is lost or doubled by a crash (DESIGN §5). The dispatcher
 * (modules/outbox) hands each row to the consumer of its `kind`, claiming rows by `state`:
 * pending → claimed (until `lease_until`) → done, or back to pending with a later
 * `deliver_after` after a failure; `failed` is a consumer's permanent no, `skipped` a row
 * written before its kind's consumer first started. Finished rows stay until `finished_at` is
 * older than the retention. All times are the app clock's (clock.ts), stored.
 */
export const outbox = pgTable(
  'outbox',
  {
    teamUID: textC('team_uid').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').notNull().default('pending'),
    /** Deliveries tried so far (a claim whose consumer failed or whose lease ran out). */
    attempts: integer('attempts').notNull().default(0),
    /** The claim's own mark: its completion changes only rows still carrying it. */
    claimToken: textC('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.id] }),
    check(
      'outbox_state_check',
      sql`${t.state} IN ('pending', 'claimed', 'done', 'failed', 'skipped')`,
    ),
    // The open rows only, so a claim's walk over teams and rows never reads finished ones.
    index('outbox_open_idx')
      .on(t.kind, t.teamUID, t.id)
      .where(sql`${t.state} IN ('pending', 'claimed')`),
    index('outbox_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} IN ('done', 'failed', 'skipped')`),
  ],
);

/**
 * Per outbox kind, when its consumer first started (modules/outbox): rows of the kind that were
 * committed before that are marked skipped in the same transaction, never delivered.
 */
export const outboxConsumer = pgTable('outbox_consumer', {
  kind: text('kind').primaryKey(),
  firstStartedAt: timestamp('first_started_at', { withTimezone: true }).notNull(),
  skippedRows: integer('skipped_rows').notNull().default(0),
});

/**
 * Invitations to a team by e-mail, with the pipelines the new member may see. Pending ones
 * count against the seat quota. The invite code is the secret in the e-mailed link.
 */
export const teamInvitation = pgTable(
  'team_invitation',
  {
    teamUID: textC('team_uid').notNull(),
    inviteCode: textC('invite_code').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('member'),
    /** Pipelines the member will see (groupAccess); ignored for admins. */
    pipelines: jsonb('pipelines').$type<string[]>().notNull().default([]),
    /** 'pending', 'accepted' or 'revoked'. Expired = pending past expiresAt. */
    status: text('status').notNull().default('pending'),
    invitedByUID: textC('invited_by_uid').notNull(),
    acceptedByUID: textC('accepted_by_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.inviteCode] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
    index('team_invitation_code_idx').on(t.inviteCode),
    index('team_invitation_email_idx').on(t.email),
  ],
);
