import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
