import {
  bigint,
  date,
  foreignKey,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { team } from './teams';

/**
 * Daily KPI rollups: per team, kind of event (core kpiEventOf), pipeline, stage, currency, the
 * actor's local day and the actor, how many and (deals) how much. '' stands for "none" so the
 * key can be a primary key.
 */
export const kpiRollup = pgTable(
  'kpi_rollup',
  {
    teamUID: textC('team_uid').notNull(),
    kind: text('kind').notNull(),
    pipelineUID: textC('pipeline_uid').notNull().default(''),
    stageUID: textC('stage_uid').notNull().default(''),
    currency: text('currency').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    uid: textC('uid').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    value: numeric('value').notNull().default('0'),
  },
  (t) => [
    primaryKey({
      columns: [t.teamUID, t.kind, t.pipelineUID, t.stageUID, t.currency, t.day, t.uid],
      name: 'kpi_rollup_pk',
    }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'kpi_rollup_team_fk',
    }).onDelete('cascade'),
  ],
);

/** SPEC §3 Team.kpis: a target for an event over a period, for some or all members. */
export const kpi = pgTable(
  'kpi',
  {
    teamUID: textC('team_uid').notNull(),
    kpiUID: textC('kpi_uid').notNull(),
    name: text('name').notNull(),
    event: text('event').notNull(),
    pipelineUID: textC('pipeline_uid'),
    stageUID: textC('stage_uid'),
    currency: text('currency'),
    period: text('period').notNull(),
    rangeFrom: date('range_from', { mode: 'string' }),
    rangeTo: date('range_to', { mode: 'string' }),
    target: numeric('target').notNull().default('0'),
    members: jsonb('members').$type<string[]>(),
    createdBy: textC('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.kpiUID], name: 'kpi_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'kpi_team_fk',
    }).onDelete('cascade'),
  ],
);
