import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { team } from './teams';

/**
 * SPEC §3 Connection (an outside system the team syncs to). Field meanings and the eligibility
 * rules that read them are core's `sync.ts`; the delivery engine is a later issue, actions here
 * only write the outbox rows those rules select.
 */
export const connection = pgTable(
  'connection',
  {
    teamUID: textC('team_uid').notNull(),
    connectionUID: textC('connection_uid').notNull(),
    /** System key: gohighlevel, webhooks, gsheet, activecampaign, ... */
    system: text('system').notNull(),
    name: text('name').notNull().default(''),
    /** 'active' or 'inactive' (inactive is skipped). */
    status: text('status').notNull().default('active'),
    testMode: boolean('test_mode').notNull().default(false),
    /** Minutes to hold a change before delivery; 0 = at once (SPEC §9). */
    syncPeriod: integer('sync_period').notNull().default(0),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    optionsArr: jsonb('options_arr').$type<unknown[]>(),
    syncEmailOnly: boolean('sync_email_only').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    selectedPipeline: textC('selected_pipeline'),
    usedInPipelines: jsonb('used_in_pipelines').$type<string[]>().notNull().default([]),
    usedInTagSets: jsonb('used_in_tag_sets').$type<string[]>().notNull().default([]),
    /** Credentials and endpoint (API key, webhook URL); never sent to the browser in full. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.connectionUID] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
  ],
);
