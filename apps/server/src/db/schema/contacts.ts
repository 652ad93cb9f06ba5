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
import { sql } from 'drizzle-orm';
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
    /**
     * The searchable words (core searchDocument builds the same string); the SQL function
     * `contact_search_doc` is hand-written in migration 0006 (see index.ts).
     */
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`contact_search_doc("first_name", "last_name", "full_name", "email_address", "phone_number", "profiles")`,
    ),
    /** The name words, lower case, each after a space (relevance class 0 and the word dictionary). */
    searchNames: text('search_names').generatedAlwaysAs(
      sql`' ' || lower("first_name") || ' ' || lower("last_name") || ' ' || lower("full_name")`,
    ),
    /** The name sort key. */
    sortName: textC('sort_name').generatedAlwaysAs(
      sql`lower(coalesce(nullif("full_name", ''), btrim("first_name" || ' ' || "last_name")))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.gtid] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
    // Free text: trigram indexes led by the team (btree_gin), so a search reads its own team.
    index('contact_team_search_trgm_idx').using('gin', t.teamUID, t.searchDoc.op('gin_trgm_ops')),
    index('contact_team_names_trgm_idx').using('gin', t.teamUID, t.searchNames.op('gin_trgm_ops')),
    // Sorts: each index holds its sort's exact key, so a sorted page is an index walk.
    index('contact_created_idx').on(t.teamUID, t.createdAt, t.gtid),
    index('contact_last_activity_idx').on(t.teamUID, t.lastActivityAt, t.gtid),
    index('contact_sort_name_idx').on(t.teamUID, t.sortName, t.gtid),
    index('contact_email_sort_idx').on(
      t.teamUID,
      sql`(lower(coalesce("email_address", '')) COLLATE "C")`,
      t.gtid,
    ),
    index('contact_last_activity_sort_idx').on(
      t.teamUID,
      sql`(coalesce("last_activity_at", '-infinity'::timestamptz))`,
      t.gtid,
    ),
    index('contact_phone_sort_idx').on(
      t.teamUID,
      sql`(regexp_replace(coalesce("phone_number", ''), '[^0-9]', '', 'g') COLLATE "C")`,
      t.gtid,
    ),
    index('contact_source_sort_idx').on(
      t.teamUID,
      sql`(coalesce("sources"->>0, '') COLLATE "C")`,
      t.gtid,
    ),
    // A status label's contacts in GTID order (the search's class sort).
    index('contact_status_label_idx').on(t.teamUID, t.statusLabelUID, t.gtid),
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
      // PostgreSQL cuts names to 63 bytes: the name the database has.
      name: 'contact_pipeline_team_uid_pipeline_uid_pipeline_team_uid_pipeli',
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
    // A stage's contacts in GTID order (the search's class sort by stage).
    index('contact_pipeline_stage_gtid_idx').on(t.teamUID, t.stageUID, t.gtid, t.pipelineUID),
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
      name: 'deal_team_uid_gtid_pipeline_uid_contact_pipeline_team_uid_gtid_',
      columns: [t.teamUID, t.gtid, t.pipelineUID],
      foreignColumns: [contactPipeline.teamUID, contactPipeline.gtid, contactPipeline.pipelineUID],
    }).onDelete('cascade'),
    index('deal_contact_idx').on(t.teamUID, t.gtid, t.pipelineUID),
    // deal_pipeline_sum_idx (… INCLUDE (status, value)) is hand-written: drizzle has no INCLUDE.
    // The deal-value sort's class below zero, only where the team has such a deal.
    index('deal_negative_idx')
      .on(t.teamUID)
      .where(sql`"value" < 0`),
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
      name: 'answer_team_uid_gtid_pipeline_uid_contact_pipeline_team_uid_gti',
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
