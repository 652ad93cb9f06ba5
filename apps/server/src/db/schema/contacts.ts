import {
  bigint,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { pipeline, stage } from './pipelines';
import { team } from './teams';

/** SPEC §3 Contact; per-pipeline data lives in contact_pipeline and its child tables. */
export const contact = pgTable(
  'contact',
  {
    teamUID: textC('team_uid').notNull(),
    gtid: textC('gtid').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    emailAddress: text('email_address'),
    phoneNumber: text('phone_number'),
    photoURL: text('photo_url'),
    sources: jsonb('sources').$type<string[]>().notNull().default([]),
    profiles: jsonb('profiles').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.gtid] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
  ],
);

/** A contact's place in one pipeline (SPEC groupData): stage and card position. */
export const contactPipeline = pgTable(
  'contact_pipeline',
  {
    teamUID: textC('team_uid').notNull(),
    gtid: textC('gtid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    stageUID: textC('stage_uid').notNull(),
    /** Fractional-index key of the card within its stage (DESIGN §5). */
    position: textC('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.gtid, t.pipelineUID] }),
    foreignKey({ columns: [t.teamUID, t.gtid], foreignColumns: [contact.teamUID, contact.gtid] }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.pipelineUID],
      foreignColumns: [pipeline.teamUID, pipeline.pipelineUID],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.teamUID, t.stageUID], foreignColumns: [stage.teamUID, stage.stageUID] }),
    // Keyset pages of one stage in card order, and its count, come from this index.
    index('contact_pipeline_stage_order_idx').on(t.teamUID, t.pipelineUID, t.stageUID, t.position, t.gtid),
  ],
);

/** SPEC stagesHistory: every stage a contact entered in a pipeline, with its time. */
export const stageHistory = pgTable(
  'stage_history',
  {
    teamUID: textC('team_uid').notNull(),
    id: textC('id').notNull(),
    gtid: textC('gtid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    stageUID: textC('stage_uid').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.id] }),
    foreignKey({ columns: [t.teamUID, t.gtid], foreignColumns: [contact.teamUID, contact.gtid] }).onDelete('cascade'),
    index('stage_history_contact_idx').on(t.teamUID, t.gtid, t.pipelineUID, t.at),
  ],
);

/**
 * SPEC §3 Activity. Typed columns hold what dashboards count; the rest is in `data`.
 */
export const activity = pgTable(
  'activity',
  {
    teamUID: textC('team_uid').notNull(),
    activityUID: textC('activity_uid').notNull(),
    gtid: textC('gtid').notNull(),
    type: text('type').notNull(),
    action: text('action').notNull(),
    pipelineUID: textC('pipeline_uid'),
    stageUID: textC('stage_uid'),
    createdByUID: textC('created_by_uid'),
    createdBy: text('created_by'),
    value: numeric('value'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdAtUnix: bigint('created_at_unix', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.activityUID] }),
    foreignKey({ columns: [t.teamUID, t.gtid], foreignColumns: [contact.teamUID, contact.gtid] }).onDelete('cascade'),
    index('activity_contact_idx').on(t.teamUID, t.gtid, t.createdAt),
    index('activity_team_time_idx').on(t.teamUID, t.createdAt),
  ],
);
