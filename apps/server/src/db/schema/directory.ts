import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';

/**
 * Global tables (DESIGN §3): they live on the directory database, not on a team's shard, so the
 * team-first key rule does not apply. Until sharding, every team is on S1.
 */
export const teamDirectory = pgTable('team_directory', {
  teamUID: textC('team_uid').primaryKey(),
  shard: text('shard').notNull().default('S1'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The spec's user data (SPEC §3) beyond what better-auth keeps. */
export const userProfile = pgTable('user_profile', {
  uid: textC('uid').primaryKey(),
  currentTeamUID: textC('current_team_uid'),
  passwordSet: boolean('password_set').notNull().default(true),
  termsVersion: text('terms_version'),
  defaultContactView: text('default_contact_view').notNull().default('pipeline'),
  /** IANA time zone for "today" and due dates; null = the browser's. */
  timeZone: text('time_zone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Outgoing mail (reset links, invitations). Always stored, so super admins can read it in
 * /admin; also sent over SMTP when SMTP_URL is set.
 */
export const mailMessage = pgTable('mail_message', {
  id: textC('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** What the mail is for: 'password-reset', 'invitation', ... */
  kind: text('kind').notNull(),
  /** 'stored' (no SMTP configured), 'sent' or 'failed'. */
  status: text('status').notNull().default('stored'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Sign-in and reset throttling state, per key ('signin:ip:<ip>', 'signin:account:<email>',
 * 'reset:...'). In the database so it survives a restart and holds across processes.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  /** Failures (or requests) counted in the current window. */
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * In-app notifications published by super admins (SPEC §3 Notification): toast, banner or
 * modal, for the web app, the extension or both, optionally restricted to a page.
 */
export const appNotification = pgTable('app_notification', {
  notificationId: textC('notification_id').primaryKey(),
  published: boolean('published').notNull().default(false),
  /** 'web', 'extension' or 'any'. */
  platform: text('platform').notNull().default('any'),
  /** 'toast', 'banner' or 'modal'. */
  type: text('type').notNull().default('banner'),
  title: text('title').notNull().default(''),
  text: text('text').notNull().default(''),
  link: text('link'),
  linkText: text('link_text'),
  page: text('page'),
  position: text('position'),
  backgroundColor: text('background_color'),
  fontColor: text('font_color'),
  backgroundIcon: text('background_icon'),
  createdByUID: textC('created_by_uid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's snooze / dismissal stamp per notification (SPEC §3 User `notifications` map). */
export const notificationStamp = pgTable(
  'notification_stamp',
  {
    uid: textC('uid').notNull(),
    notificationId: textC('notification_id').notNull(),
    /** core's snoozeStamp / permanentStamp (epoch ms; a permanent one ends in 0). */
    stamp: bigint('stamp', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.notificationId] })],
);

/**
 * Service-wide settings super admins edit (SPEC §7 public data): the web app version, training
 * video links, the home dashboard's announcements, old host names.
 */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Product analytics kept on our own server (SPEC §7 landing event and identify call). */
export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: textC('id').primaryKey(),
    uid: textC('uid'),
    teamUID: textC('team_uid'),
    /** 'landing', 'identify', ... */
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_event_time_idx').on(t.createdAt)],
);

/**
 * One-time tokens the web app hands the extension at `log_in` (DESIGN §4): the extension
 * exchanges one for a session of its own. Only a hash is stored.
 */
export const extensionLoginToken = pgTable('extension_login_token', {
  tokenHash: text('token_hash').primaryKey(),
  uid: textC('uid').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A sign-up waiting for its confirmation mail (SMTP_URL set): the form's details, the password as
 * better-auth's hash, the link's token only as its SHA-256. Used once; expires.
 */
export const pendingSignup = pgTable(
  'pending_signup',
  {
    tokenHash: textC('token_hash').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    teamName: text('team_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_signup_expires_idx').on(t.expiresAt)],
);
