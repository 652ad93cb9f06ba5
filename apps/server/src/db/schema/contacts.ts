import {
  bigint,
  foreignKey,
  index,
  integer,
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
    /** Profile link per platform (facebook, instagram, linkedin, ...). */
    profiles: jsonb('profiles').$type<Record<string, string>>().notNull().default({}),
    /** SPEC §3 status label (a status_label uid); one per contact, across pipelines. */
    statusLabelUID: textC('status_label_uid'),
    /** SPEC §3 syncedTo: per outside system, its id for the contact and per-pipeline ids. */
    syncedTo: jsonb('synced_to').$type<Record<string, unknown>>().notNull().default({}),
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
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.pipelineUID],
      foreignColumns: [pipeline.teamUID, pipeline.pipelineUID],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.stageUID],
      foreignColumns: [stage.teamUID, stage.stageUID],
    }),
    // Keyset pages of one stage in card order, and its count, come from this index.
    index('contact_pipeline_stage_order_idx').on(
      t.teamUID,
      t.pipelineUID,
      t.stageUID,
      t.position,
      t.gtid,
    ),
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
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
    }).onDelete('cascade'),
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
    /** ISO 4217 code of `value` (deals), so KPIs can sum per currency. */
    currency: text('currency'),
    /** The note, task, deal or label the activity is about, when there is one. */
    refUID: textC('ref_uid'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Epoch milliseconds (core activitySchema). */
    createdAtUnix: bigint('created_at_unix', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.activityUID] }),
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
    }).onDelete('cascade'),
    // The contact timeline pages newest first on (created_at_unix, activity_uid).
    index('activity_contact_idx').on(t.teamUID, t.gtid, t.createdAtUnix, t.activityUID),
    index('activity_team_time_idx').on(t.teamUID, t.createdAt),
  ],
);

/** SPEC §3 deals of a contact in one pipeline. */
export const deal = pgTable(
  'deal',
  {
    teamUID: textC('team_uid').notNull(),
    dealUID: textC('deal_uid').notNull(),
    gtid: textC('gtid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    name: text('name').notNull(),
    value: numeric('value').notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    /** 'open', 'won' or 'lost'. */
    status: text('status').notNull().default('open'),
    createdByUID: textC('created_by_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.dealUID] }),
    foreignKey({
      columns: [t.teamUID, t.gtid, t.pipelineUID],
      foreignColumns: [contactPipeline.teamUID, contactPipeline.gtid, contactPipeline.pipelineUID],
    }).onDelete('cascade'),
    index('deal_contact_idx').on(t.teamUID, t.gtid, t.pipelineUID),
  ],
);

/**
 * SPEC §3 groupData questions: a contact's answers to membership questions in one pipeline.
 * `question` keeps the text as asked (questions change); `questionUID` links it when known.
 */
export const answer = pgTable(
  'answer',
  {
    teamUID: textC('team_uid').notNull(),
    answerUID: textC('answer_uid').notNull(),
    gtid: textC('gtid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    questionUID: textC('question_uid'),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    order: integer('order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.answerUID] }),
    foreignKey({
      columns: [t.teamUID, t.gtid, t.pipelineUID],
      foreignColumns: [contactPipeline.teamUID, contactPipeline.gtid, contactPipeline.pipelineUID],
    }).onDelete('cascade'),
    index('answer_contact_idx').on(t.teamUID, t.gtid, t.pipelineUID, t.order),
  ],
);

/** Notes on a contact (author and time); `pipelineUID` null = not tied to a pipeline. */
export const note = pgTable(
  'note',
  {
    teamUID: textC('team_uid').notNull(),
    noteUID: textC('note_uid').notNull(),
    gtid: textC('gtid').notNull(),
    pipelineUID: textC('pipeline_uid'),
    text: text('text').notNull(),
    createdByUID: textC('created_by_uid'),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.noteUID] }),
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
    }).onDelete('cascade'),
    index('note_contact_idx').on(t.teamUID, t.gtid, t.createdAt),
  ],
);
