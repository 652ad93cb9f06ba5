import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
