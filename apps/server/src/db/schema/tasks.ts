import type { RepeatData, TaskStatus, TaskTemplate } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { contact } from './contacts';
import { team } from './teams';

/**
 * SPEC §3 Task: assigned to a member, optionally about a contact, due on a calendar day (and
 * maybe a time) in a zone; `actualDueDate` is that moment as a timestamp.
 */
export const task = pgTable(
  'task',
  {
    teamUID: textC('team_uid').notNull(),
    taskUID: textC('task_uid').notNull(),
    gtid: textC('gtid'),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    assigneeUID: textC('assignee_uid').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    dueTime: text('due_time'),
    timeZone: text('time_zone').notNull(),
    actualDueDate: timestamp('actual_due_date', { withTimezone: true }).notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    repeatData: jsonb('repeat_data').$type<RepeatData>(),
    createdBy: textC('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: textC('completed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.taskUID], name: 'task_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'task_team_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
      name: 'task_contact_fk',
    }).onDelete('cascade'),
    check('task_status_check', sql`"status" IN ('open', 'done', 'skipped')`),
    // A member's open tasks by due day, their finished ones newest first, a contact's tasks.
    index('task_open_due_idx')
      .on(t.teamUID, t.assigneeUID, t.dueDate, t.actualDueDate, t.taskUID)
      .where(sql`"status" = 'open'`),
    index('task_done_idx')
      .on(t.teamUID, t.assigneeUID, t.completedAt.desc(), t.taskUID)
      .where(sql`"status" <> 'open'`),
    index('task_contact_idx')
      .on(t.teamUID, t.gtid, t.dueDate)
      .where(sql`"gtid" IS NOT NULL`),
  ],
);

/** A task template: what a task created from it gets (due in N days, assignee rule, ...). */
export const taskTemplate = pgTable(
  'task_template',
  {
    teamUID: textC('team_uid').notNull(),
    templateUID: textC('template_uid').notNull(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    category: text('category').notNull().default(''),
    type: text('type').notNull().default(''),
    dueInDays: integer('due_in_days').notNull().default(0),
    dueTime: text('due_time'),
    repeatData: jsonb('repeat_data').$type<RepeatData>(),
    assignee: jsonb('assignee')
      .$type<TaskTemplate['assignee']>()
      .notNull()
      .default({ kind: 'applier' }),
    createdBy: textC('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.templateUID], name: 'task_template_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'task_template_team_fk',
    }).onDelete('cascade'),
  ],
);
