import { sql } from 'drizzle-orm';
import type { BulkJobState } from '@leadloom/core';
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

/** A bulk action over a selection of contacts, run by a worker in batches. */
export const bulkJob = pgTable(
  'bulk_job',
  {
    teamUID: textC('team_uid').notNull(),
    jobUID: textC('job_uid').notNull(),
    createdBy: textC('created_by').notNull(),
    /** The action to apply (core bulk action schema). */
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    /** core BulkJobState: 'queued', 'running', 'done' or 'failed'. */
    state: text('state').$type<BulkJobState>().notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.jobUID], name: 'bulk_job_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'bulk_job_team_fk',
    }).onDelete('cascade'),
    // Jobs to resume after a restart.
    index('bulk_job_unfinished_idx')
      .on(t.createdAt)
      .where(sql`"state" IN ('queued', 'running')`),
  ],
);

/** One contact of a bulk job, in selection order `n`. */
export const bulkJobItem = pgTable(
  'bulk_job_item',
  {
    teamUID: textC('team_uid').notNull(),
    jobUID: textC('job_uid').notNull(),
    n: integer('n').notNull(),
    gtid: textC('gtid').notNull(),
    /** 'pending', 'done' or 'failed'. */
    status: text('status').notNull().default('pending'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.jobUID, t.n], name: 'bulk_job_item_pk' }),
    foreignKey({
      columns: [t.teamUID, t.jobUID],
      foreignColumns: [bulkJob.teamUID, bulkJob.jobUID],
      name: 'bulk_job_item_job_fk',
    }).onDelete('cascade'),
    // The next batch of a job.
    index('bulk_job_item_pending_idx')
      .on(t.teamUID, t.jobUID, t.n)
      .where(sql`"status" = 'pending'`),
  ],
);
