import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { team } from './teams';

/**
 * Saved filter sets of the table view (issue 7, migration 0008): a name, a search filter (core
 * `searchFilterSchema`), a sort and the columns shown; personal to `created_by` unless `shared`
 * with the whole team.
 */
export const filterSet = pgTable(
  'filter_set',
  {
    teamUID: textC('team_uid').notNull(),
    filterSetUID: textC('filter_set_uid').notNull(),
    createdBy: textC('created_by').notNull(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    sort: jsonb('sort').$type<{ field: string; direction: 'asc' | 'desc' }>(),
    columns: jsonb('columns').$type<string[]>(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.filterSetUID], name: 'filter_set_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'filter_set_team_fk',
    }).onDelete('cascade'),
    index('filter_set_author_idx').on(t.teamUID, t.createdBy),
  ],
);
