import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { textC } from '../columns';

/**
 * Each stage's contact count and open and won deal totals as deltas (migration 0019): the
 * triggers on contact_pipeline and deal that write them are hand-written (see index.ts), and
 * modules/board/tally.ts folds a pipeline's rows into their sums. No key: rows are only ever
 * inserted, so concurrent moves never wait on a shared row.
 */
export const stageTally = pgTable(
  'stage_tally',
  {
    teamUID: textC('team_uid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    stageUID: textC('stage_uid').notNull(),
    /** Null on a contact-count row; a deal row has its currency and its amounts' scale. */
    currency: text('currency'),
    scale: smallint('scale').notNull().default(0),
    contacts: integer('contacts').notNull().default(0),
    openDeals: integer('open_deals').notNull().default(0),
    openValue: numeric('open_value').notNull().default('0'),
    wonDeals: integer('won_deals').notNull().default(0),
    wonValue: numeric('won_value').notNull().default('0'),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('stage_tally_pipeline_idx').on(t.teamUID, t.pipelineUID),
    index('stage_tally_unfolded_idx')
      .on(t.teamUID, t.pipelineUID)
      .where(sql`NOT "folded"`),
  ],
);
