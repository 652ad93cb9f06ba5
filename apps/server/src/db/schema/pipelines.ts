import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  index,
  jsonb,
} from 'drizzle-orm/pg-core';
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
    /** SPEC §3 Pipeline `rules`: free-form settings later issues (workflows) read. */
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
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
    /** A pipeline_phase uid, or null; deleting the phase clears it. */
    phase: textC('phase'),
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

/**
 * SPEC §3 Team `phases`: named steps of a sales process ("Prospecting", "Closing") that stages
 * of any pipeline are grouped under, so reports can compare pipelines.
 */
export const pipelinePhase = pgTable(
  'pipeline_phase',
  {
    teamUID: textC('team_uid').notNull(),
    phaseUID: textC('phase_uid').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#868E96'),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.phaseUID] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
  ],
);

/**
 * SPEC §3 Team `questions` and `testQuestions`: the membership questions (e.g. a Facebook group's
 * join questions) whose answers are kept per contact and pipeline. `kind` 'test' marks the
 * questions used to try automations without touching the live list.
 */
export const teamQuestion = pgTable(
  'team_question',
  {
    teamUID: textC('team_uid').notNull(),
    questionUID: textC('question_uid').notNull(),
    kind: text('kind').notNull().default('live'),
    question: text('question').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.questionUID] }),
    foreignKey({ columns: [t.teamUID], foreignColumns: [team.teamUID] }).onDelete('cascade'),
  ],
);

/**
 * The team's questions a pipeline asks (shown in the team's order). The team keeps one bank of
 * questions; each pipeline picks from it, and a new pipeline asks none.
 */
export const pipelineQuestion = pgTable(
  'pipeline_question',
  {
    teamUID: textC('team_uid').notNull(),
    pipelineUID: textC('pipeline_uid').notNull(),
    questionUID: textC('question_uid').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'pipeline_question_pk',
      columns: [t.teamUID, t.pipelineUID, t.questionUID],
    }),
    foreignKey({
      name: 'pipeline_question_pipeline_fk',
      columns: [t.teamUID, t.pipelineUID],
      foreignColumns: [pipeline.teamUID, pipeline.pipelineUID],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pipeline_question_question_fk',
      columns: [t.teamUID, t.questionUID],
      foreignColumns: [teamQuestion.teamUID, teamQuestion.questionUID],
    }).onDelete('cascade'),
    index('pipeline_question_question_idx').on(t.teamUID, t.questionUID),
  ],
);
