import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { contact, contactPipeline } from './contacts';
import { pipeline } from './pipelines';
import { team } from './teams';

/**
 * SPEC §3 Tag set. `pipelineUID` null = a global tag set (SPEC "global tag sets"), else the
 * pipeline's own. `connectionUID` ties a set to the outside system its tags come from.
 */
export const tagSet = pgTable(
  'tag_set',
  {
    teamUID: textC('team_uid').notNull(),
    tagSetUID: textC('tag_set_uid').notNull(),
    pipelineUID: textC('pipeline_uid'),
    name: text('name').notNull(),
    /** SPEC §9 default #1C7EBB (core DEFAULT_TAG_SET_COLOR). */
    color: text('color').notNull(),
    connectionUID: textC('connection_uid'),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.tagSetUID] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.pipelineUID],
      foreignColumns: [pipeline.teamUID, pipeline.pipelineUID],
    }).onDelete('cascade'),
    index('tag_set_order_idx').on(t.teamUID, t.pipelineUID, t.order),
  ],
);

/** SPEC §3 tag: name, value, color, remoteID, tagID. */
export const tag = pgTable(
  'tag',
  {
    teamUID: textC('team_uid').notNull(),
    tagID: textC('tag_id').notNull(),
    tagSetUID: textC('tag_set_uid').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    /** Null = the tag set's colour. */
    color: text('color'),
    /** The id of the mapped tag in an outside system (gates tag sync, SPEC §5). */
    remoteID: text('remote_id'),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.tagID] }),
    foreignKey({
      columns: [t.teamUID, t.tagSetUID],
      foreignColumns: [tagSet.teamUID, tagSet.tagSetUID],
    }).onDelete('cascade'),
    index('tag_set_tags_idx').on(t.teamUID, t.tagSetUID, t.order),
  ],
);

/**
 * A tag on a contact: globally (`pipelineUID` null) or within one pipeline. There is no foreign
 * key to `tag` on purpose: deleting a tag from its set leaves these rows as the team's orphaned
 * tags (SPEC §3 Team `orphanedTags`) until tag reconciliation maps or removes them. `name`
 * keeps the tag's name at the time so an orphan can still be shown.
 */
export const contactTag = pgTable(
  'contact_tag',
  {
    teamUID: textC('team_uid').notNull(),
    gtid: textC('gtid').notNull(),
    pipelineUID: textC('pipeline_uid'),
    tagSetUID: textC('tag_set_uid').notNull(),
    tagID: textC('tag_id').notNull(),
    name: text('name').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('contact_tag_key').on(t.teamUID, t.gtid, t.pipelineUID, t.tagID).nullsNotDistinct(),
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
    }).onDelete('cascade'),
    // A pipeline tag goes when the contact leaves the pipeline (no check for global tags).
    foreignKey({
      // PostgreSQL cuts names to 63 bytes: the name the database has.
      name: 'contact_tag_team_uid_gtid_pipeline_uid_contact_pipeline_team_ui',
      columns: [t.teamUID, t.gtid, t.pipelineUID],
      foreignColumns: [contactPipeline.teamUID, contactPipeline.gtid, contactPipeline.pipelineUID],
    }).onDelete('cascade'),
    // Tag filters (search) and orphan detection go tag → contacts.
    index('contact_tag_tag_idx').on(t.teamUID, t.tagID, t.gtid),
  ],
);

/** SPEC §3 Status label ("message status options", sorted by order). */
export const statusLabel = pgTable(
  'status_label',
  {
    teamUID: textC('team_uid').notNull(),
    labelUID: textC('label_uid').notNull(),
    display: text('display').notNull(),
    color: text('color').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.labelUID] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
  ],
);
