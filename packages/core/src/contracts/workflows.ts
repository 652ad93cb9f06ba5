import { z } from 'zod';
import { TRIGGER_NAMES, type TriggerName } from '../events/triggers';
import { workflowDefinitionSchema } from '../workflows/definition';
import { WORKFLOW_STATUSES } from '../workflows/rules';

/** Workflows (docs/api.md "Workflows"): the requests and the answers. */

const name = z.string().trim().min(1).max(200);

/** POST …/workflows: a new draft; without a definition, one with a trigger still to choose. */
export const createWorkflowBody = z.strictObject({
  name,
  definition: workflowDefinitionSchema.optional(),
});
export type CreateWorkflowBody = z.infer<typeof createWorkflowBody>;

/**
 * PATCH …/workflows/{workflowId}: the name, the definition, or both. A draft's definition is
 * edited in place; a published workflow's becomes a new version (runs under way keep theirs).
 */
export const updateWorkflowBody = z
  .strictObject({ name: name.optional(), definition: workflowDefinitionSchema.optional() })
  .refine((b) => b.name !== undefined || b.definition !== undefined, {
    message: 'Send a name or a definition.',
  });
export type UpdateWorkflowBody = z.infer<typeof updateWorkflowBody>;

const statusSchema = z.enum(WORKFLOW_STATUSES);

/** One workflow with the definition of its latest version. */
export const workflowSchema = z.object({
  workflowId: z.string(),
  name: z.string(),
  status: statusSchema,
  /** The latest version (the one edited and shown). */
  version: z.number().int(),
  /** The version new runs start on; null until first published. */
  liveVersion: z.number().int().nullable(),
  definition: workflowDefinitionSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type WorkflowRecord = z.infer<typeof workflowSchema>;

/** A line of the workflow list. */
export const workflowSummarySchema = z.object({
  workflowId: z.string(),
  name: z.string(),
  status: statusSchema,
  version: z.number().int(),
  liveVersion: z.number().int().nullable(),
  /** What starts it (null: not chosen yet). */
  triggerType: z.enum(TRIGGER_NAMES as [TriggerName, ...TriggerName[]]).nullable(),
  /** Runs started since midnight UTC. */
  runsToday: z.number().int(),
  /** The error of its latest failed run, if any. */
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;

export const workflowsAnswer = z.object({ workflows: z.array(workflowSummarySchema) });
export const workflowAnswer = z.object({ workflow: workflowSchema });
export const workflowDeletedAnswer = z.object({ deleted: z.literal(true) });

/** How a run stands: moving, waiting, or ended (completed, stopped at a Stop step, failed). */
export const WORKFLOW_RUN_STATES = [
  'running',
  'waiting',
  'completed',
  'stopped',
  'failed',
] as const;

/** GET …/workflows/{workflowId}/runs: newest first, optionally one state; a page at a time. */
export const workflowRunsQuery = z.object({
  state: z.enum(WORKFLOW_RUN_STATES).optional(),
  /** The `next` of the page before. */
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One run of a workflow, for the run log. */
export const workflowRunSchema = z.object({
  runId: z.string(),
  GTID: z.string(),
  /** The contact's name (empty when it has none). */
  contactName: z.string(),
  version: z.number().int(),
  state: z.enum(WORKFLOW_RUN_STATES),
  /** The step it is at (waiting, or where it failed); null when it ended elsewhere. */
  stepId: z.string().nullable(),
  /** While waiting: until when (ISO). */
  waitUntil: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why it failed, in words. */
  lastError: z.string().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

export const workflowRunsAnswer = z.object({
  runs: z.array(workflowRunSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.string().nullable(),
});

/** One move a run made, as its log keeps it. */
export const workflowRunStepSchema = z.object({
  stepId: z.string(),
  /** The run's n-th move. */
  move: z.number().int(),
  outcome: z.enum(['done', 'skipped', 'failed']),
  /** What it did (an action's counts, a condition's answer, a wait's end) or why it failed. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});

export const workflowRunAnswer = z.object({
  run: workflowRunSchema,
  steps: z.array(workflowRunStepSchema),
});
