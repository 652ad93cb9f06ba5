import { boolean, foreignKey, integer, pgTable, primaryKey, text, timestamp, index } from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { team } from './teams';

/** SPEC §3 Pipeline (group). */
export const pipeline = pgTable(
  'pipeline',
  {
    teamUID: textC('team_uid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    nickName: text('nick_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    fbGroupURL: text('fb_group_url'),
    fbConnected: boolean('fb_connected').notNull().default(false),
    igConnected: boolean('ig_connected').notNull().default(false),
    /** Order among the team's pipelines (SPEC "pipelines summary ... order"). */
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.pipelineUID] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
  ],
);

/** SPEC §3 Stage; idx 0 is the placeholder "Set Stage...". */
export const stage = pgTable(
  'stage',
  {
    teamUID: textC('team_uid').notNull(),
    stageUID: textC('stage_uid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    fontColor: text('font_color').notNull(),
    description: text('description').notNull().default(''),
    phase: text('phase'),
    idx: integer('idx').notNull(),
    remoteID: text('remote_id'),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.stageUID] }),
    foreignKey({
      columns: [t.teamUID, t.pipelineUID],
      foreignColumns: [pipeline.teamUID, pipeline.pipelineUID],
    }).onDelete('cascade'),
    index('stage_pipeline_idx').on(t.teamUID, t.pipelineUID, t.idx),
  ],
);
