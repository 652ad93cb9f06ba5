import type { TriggerName, TriggerResource, WorkflowDefinition } from '@leadloom/core';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { contact } from './contacts';
import { team } from './teams';

/**
 * SPEC §3 Workflow: a team's workflow. Its definitions are versions (`workflow_version`);
 * `version` is the latest (the one edited), `live_version` the one new runs start on (null until
 * first published). Core's `workflows/` holds the rules.
 */
export const workflow = pgTable(
  'workflow',
  {
    teamUID: textC('team_uid').notNull(),
    workflowId: textC('workflow_id').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<'draft' | 'active' | 'paused'>().notNull(),
    version: integer('version').notNull(),
    liveVersion: integer('live_version'),
    createdByUID: textC('created_by_uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedByUID: textC('updated_by_uid').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.workflowId], name: 'workflow_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'workflow_team_fk',
    }).onDelete('cascade'),
    check('workflow_status_check', sql`"status" IN ('draft', 'active', 'paused')`),
    // The active-workflow cap counts these.
    index('workflow_team_status_idx').on(t.teamUID, t.status),
  ],
);

/**
 * One version of a workflow's definition. A published version is never changed: editing a live
 * workflow writes the next version, and runs under way keep the one they started on.
 */
export const workflowVersion = pgTable(
  'workflow_version',
  {
    teamUID: textC('team_uid').notNull(),
    workflowId: textC('workflow_id').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<WorkflowDefinition>().notNull(),
    createdByUID: textC('created_by_uid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.workflowId, t.version], name: 'workflow_version_pk' }),
    foreignKey({
      columns: [t.teamUID, t.workflowId],
      foreignColumns: [workflow.teamUID, workflow.workflowId],
      name: 'workflow_version_workflow_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * SPEC §4 the triggers index: the mirror of an active workflow's trigger (core's
 * `triggerMirror`), one per workflow. An event is looked up by team, trigger type and the
 * columns copied out of the resource (null: any value).
 */
export const workflowTrigger = pgTable(
  'workflow_trigger',
  {
    teamUID: textC('team_uid').notNull(),
    workflowId: textC('workflow_id').notNull(),
    triggerType: text('trigger_type').$type<TriggerName>().notNull(),
    resource: jsonb('resource').$type<TriggerResource>().notNull(),
    pipelineUID: textC('pipeline_uid'),
    stageUID: textC('stage_uid'),
    tagID: textC('tag_id'),
    labelUID: textC('label_uid'),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.workflowId], name: 'workflow_trigger_pk' }),
    foreignKey({
      columns: [t.teamUID, t.workflowId],
      foreignColumns: [workflow.teamUID, workflow.workflowId],
      name: 'workflow_trigger_workflow_fk',
    }).onDelete('cascade'),
    index('workflow_trigger_lookup_idx').on(t.teamUID, t.triggerType, t.pipelineUID),
  ],
);

/**
 * One run of a workflow's version for one contact: where it is (`cursor_step_id`), in what
 * state, until when it waits, and how deep in a chain of workflows starting workflows it is.
 */
export const workflowRun = pgTable(
  'workflow_run',
  {
    teamUID: textC('team_uid').notNull(),
    runId: textC('run_id').notNull(),
    workflowId: textC('workflow_id').notNull(),
    version: integer('version').notNull(),
    gtid: textC('gtid').notNull(),
    state: text('state')
      .$type<'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'cancelled'>()
      .notNull(),
    cursorStepId: text('cursor_step_id'),
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    depth: integer('depth').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Moves the run has made (core's RunState.moves): each is logged under (run, move), so a
     * retried job cannot apply one twice.
     */
    moves: integer('moves').notNull().default(0),
    /** While waiting for an event about the contact: which (else null). */
    waitEvent: text('wait_event'),
    /** What started the run (the outbox row of its event): one run per workflow, event and contact. */
    source: text('source'),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.runId], name: 'workflow_run_pk' }),
    foreignKey({
      columns: [t.teamUID, t.workflowId, t.version],
      foreignColumns: [
        workflowVersion.teamUID,
        workflowVersion.workflowId,
        workflowVersion.version,
      ],
      name: 'workflow_run_version_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.teamUID, t.gtid],
      foreignColumns: [contact.teamUID, contact.gtid],
      name: 'workflow_run_contact_fk',
    }).onDelete('cascade'),
    check(
      'workflow_run_state_check',
      sql`"state" IN ('running', 'waiting', 'completed', 'failed', 'stopped', 'cancelled')`,
    ),
    // The run log of a workflow, newest first; runs today and the last error.
    index('workflow_run_workflow_idx').on(t.teamUID, t.workflowId, t.startedAt),
    index('workflow_run_contact_idx').on(t.teamUID, t.gtid),
    uniqueIndex('workflow_run_source_idx').on(t.teamUID, t.workflowId, t.source, t.gtid),
    index('workflow_run_ready_idx')
      .on(t.teamUID)
      .where(sql`"state" = 'running'`),
    // Waits come due: the scheduled job reads the waiting runs by time.
    index('workflow_run_due_idx')
      .on(t.waitUntil)
      .where(sql`"state" = 'waiting'`),
  ],
);

/**
 * A step a run took, once per attempt: `idempotency_key` (run, step, attempt) is unique, so a
 * retried job that finds its key written does not apply the step again.
 */
export const workflowRunStep = pgTable(
  'workflow_run_step',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamUID: textC('team_uid').notNull(),
    runId: textC('run_id').notNull(),
    stepId: text('step_id').notNull(),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    outcome: text('outcome').$type<'done' | 'skipped' | 'failed'>().notNull(),
    /** What the step did or why it failed, for the run log. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.teamUID, t.runId],
      foreignColumns: [workflowRun.teamUID, workflowRun.runId],
      name: 'workflow_run_step_run_fk',
    }).onDelete('cascade'),
    uniqueIndex('workflow_run_step_key_idx').on(t.idempotencyKey),
    index('workflow_run_step_run_idx').on(t.teamUID, t.runId),
    check('workflow_run_step_outcome_check', sql`"outcome" IN ('done', 'skipped', 'failed')`),
  ],
);
