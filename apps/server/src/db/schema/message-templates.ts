import { sql } from 'drizzle-orm';
import {
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
import { team } from './teams';

/** A team's message template categories. */
export const messageTemplateCategory = pgTable(
  'message_template_category',
  {
    teamUID: textC('team_uid').notNull(),
    categoryID: textC('category_id').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.categoryID], name: 'message_template_category_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'message_template_category_team_fk',
    }).onDelete('cascade'),
  ],
);

/** A team's message template types. */
export const messageTemplateType = pgTable(
  'message_template_type',
  {
    teamUID: textC('team_uid').notNull(),
    typeID: textC('type_id').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.typeID], name: 'message_template_type_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'message_template_type_team_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * A message template. `categoryID` and `typeID` have no foreign key: deleting a category or a
 * type clears them in the service.
 */
export const messageTemplate = pgTable(
  'message_template',
  {
    teamUID: textC('team_uid').notNull(),
    templateUID: textC('template_uid').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    categoryID: textC('category_id'),
    typeID: textC('type_id'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdBy: textC('created_by').notNull(),
    updatedBy: textC('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.templateUID], name: 'message_template_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'message_template_team_fk',
    }).onDelete('cascade'),
    // The list in name order.
    index('message_template_name_idx').on(t.teamUID, sql`lower("name")`, t.templateUID),
  ],
);
