import { z } from 'zod';
import { TRIGGER_NAMES, type TriggerName } from '../events/triggers';
import { searchFilterSchema } from '../search';
import { WORKFLOW_ACTION_KINDS, WORKFLOW_ACTIONS, type WorkflowActionKind } from './actions';

/**
 * A workflow's definition (SPEC §3 Workflow): steps keyed by id, `rootStepId` naming the first,
 * which is the one Trigger step. Each step that does not end the run names its next step(s);
 * `null` ends the run there, as a Stop step does.
 *
 * A draft may be unfinished (a trigger not chosen yet, an action without its template): this
 * schema checks only shapes, and `validateForPublish` (rules.ts) says what is missing before a
 * workflow may go live.
 */

/** Most steps a workflow may have. */
export const WORKFLOW_MAX_STEPS = 200;

export const workflowStepIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'A step id is 1–64 letters, digits, _ or -.' });

/** The step that follows; `null` ends the run. */
const next = workflowStepIdSchema.nullable();

const id = z.string().trim().min(1).max(200);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'A time is HH:MM.' });

/**
 * What a trigger is narrowed to. Which keys apply, and which a trigger needs, is
 * TRIGGER_RESOURCE_KEYS; a key left out matches any value (`{}` on contactCreated: every new
 * contact).
 */
export const triggerResourceSchema = z
  .object({
    pipelineUID: id.optional(),
    /** The stage a contact is created in or added to a pipeline in. */
    stageUID: id.optional(),
    /** stageChanged: from this stage, to this stage. */
    fromStageUID: id.optional(),
    toStageUID: id.optional(),
    /** tagAdded, tagRemoved. */
    tagID: id.optional(),
    /** statusLabelChanged: to this label. */
    labelUID: id.optional(),
    /** messageSent: from this template, on this platform. */
    templateId: id.optional(),
    platform: z.string().max(40).optional(),
    /** dateReached: which date; the trigger fires `offsetMinutes` after it (negative: before). */
    dateField: z.enum(['taskDue']).optional(),
    offsetMinutes: z
      .number()
      .int()
      .min(-60 * 24 * 366)
      .max(60 * 24 * 366)
      .optional(),
    /** schedule: daily at this time of day, in the team's time zone. */
    time: hhmm.optional(),
  })
  .strict();
export type TriggerResource = z.infer<typeof triggerResourceSchema>;
type ResourceKey = keyof TriggerResource;

/** Per trigger: the resource keys it needs, and those it may also be narrowed by. */
export const TRIGGER_RESOURCE_KEYS: Readonly<
  Record<TriggerName, { required: readonly ResourceKey[]; optional: readonly ResourceKey[] }>
> = {
  contactCreated: { required: [], optional: ['pipelineUID', 'stageUID'] },
  addedToPipeline: { required: ['pipelineUID'], optional: ['stageUID'] },
  stageChanged: { required: ['pipelineUID'], optional: ['fromStageUID', 'toStageUID'] },
  tagAdded: { required: ['tagID'], optional: ['pipelineUID'] },
  tagRemoved: { required: ['tagID'], optional: ['pipelineUID'] },
  statusLabelChanged: { required: [], optional: ['labelUID'] },
  taskCompleted: { required: [], optional: ['pipelineUID'] },
  messageSent: { required: [], optional: ['templateId', 'platform'] },
  replyReceived: { required: [], optional: ['platform'] },
  noteAdded: { required: [], optional: ['pipelineUID'] },
  dateReached: { required: ['dateField', 'offsetMinutes'], optional: ['pipelineUID'] },
  schedule: { required: ['time'], optional: ['pipelineUID', 'stageUID'] },
  manual: { required: [], optional: [] },
};

/** Events a wait may wait for: a reply (a `message` activity coming in), or any trigger. */
export const WORKFLOW_WAIT_EVENTS = TRIGGER_NAMES as [TriggerName, ...TriggerName[]];
export type WorkflowWaitEvent = (typeof WORKFLOW_WAIT_EVENTS)[number];

export const WORKFLOW_DURATION_UNITS = ['minutes', 'hours', 'days'] as const;
export const workflowDurationSchema = z
  .object({
    amount: z.number().int().min(1).max(100_000),
    unit: z.enum(WORKFLOW_DURATION_UNITS),
  })
  .strict();
export type WorkflowDuration = z.infer<typeof workflowDurationSchema>;

const MINUTES_PER: Record<WorkflowDuration['unit'], number> = {
  minutes: 1,
  hours: 60,
  days: 60 * 24,
};
/** A duration in milliseconds. */
export const durationMs = (d: WorkflowDuration) => d.amount * MINUTES_PER[d.unit] * 60_000;

/** Where the builder draws a step; the engine ignores it. */
const position = z.object({ x: z.number().finite(), y: z.number().finite() }).strict();
const common = {
  /** A person's name for the step, shown on its card. */
  label: z.string().max(200).optional(),
  position: position.optional(),
};

export const triggerStepSchema = z
  .object({
    type: z.literal('trigger'),
    /** `null` until a trigger is chosen. */
    triggerType: z.enum(TRIGGER_NAMES as [TriggerName, ...TriggerName[]]).nullable(),
    resource: triggerResourceSchema.nullable(),
    next,
    ...common,
  })
  .strict();

/** Params of a draft may be unfinished; publish checks them whole against the registry. */
export const actionStepSchema = z
  .object({
    type: z.literal('action'),
    action: z.enum(WORKFLOW_ACTION_KINDS),
    params: z.record(z.string().max(64), z.unknown()),
    next,
    ...common,
  })
  .strict()
  .superRefine((step, ctx) => {
    const partial = WORKFLOW_ACTIONS[step.action as WorkflowActionKind].params.partial();
    const parsed = partial.safeParse(step.params);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path] });
      }
    }
  });

/**
 * If/else on the contact, in the table's own filter language (the search filter, without the
 * list of contacts: the engine narrows it to the run's contact).
 */
export const workflowConditionFilterSchema = searchFilterSchema.omit({ GTIDs: true });
export const conditionStepSchema = z
  .object({
    type: z.literal('condition'),
    filter: workflowConditionFilterSchema,
    /** Next when the contact matches the filter. */
    then: next,
    /** Next when it does not. */
    else: next,
    ...common,
  })
  .strict();

export const workflowWaitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('duration'), duration: workflowDurationSchema }).strict(),
  /**
   * Until the next time of day `time` (team's zone), or that time on `date` (YYYY-MM-DD); a date
   * already past does not wait.
   */
  z
    .object({
      kind: z.literal('until'),
      time: hhmm,
      date: z.iso.date().optional(),
    })
    .strict(),
  /**
   * Until an event about the run's contact happens (`next`), or the timeout passes
   * (`timeoutNext`). The timeout may be missing in a draft; publish requires it.
   */
  z
    .object({
      kind: z.literal('event'),
      event: z.enum(WORKFLOW_WAIT_EVENTS),
      timeout: workflowDurationSchema.nullable(),
      timeoutNext: next,
    })
    .strict(),
]);
export type WorkflowWait = z.infer<typeof workflowWaitSchema>;

export const waitStepSchema = z
  .object({ type: z.literal('wait'), wait: workflowWaitSchema, next, ...common })
  .strict();

export const stopStepSchema = z.object({ type: z.literal('stop'), ...common }).strict();

export const workflowStepSchema = z.discriminatedUnion('type', [
  triggerStepSchema,
  actionStepSchema,
  conditionStepSchema,
  waitStepSchema,
  stopStepSchema,
]);
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type TriggerStep = z.infer<typeof triggerStepSchema>;
export type ActionStep = z.infer<typeof actionStepSchema>;
export type ConditionStep = z.infer<typeof conditionStepSchema>;
export type WaitStep = z.infer<typeof waitStepSchema>;
export const WORKFLOW_STEP_TYPES = ['trigger', 'action', 'condition', 'wait', 'stop'] as const;

export const workflowDefinitionSchema = z
  .object({
    rootStepId: workflowStepIdSchema,
    steps: z
      .record(workflowStepIdSchema, workflowStepSchema)
      .refine((steps) => Object.keys(steps).length <= WORKFLOW_MAX_STEPS, {
        message: `A workflow has at most ${WORKFLOW_MAX_STEPS} steps.`,
      }),
  })
  .strict()
  .superRefine((def, ctx) => {
    const root = def.steps[def.rootStepId];
    if (!root) {
      ctx.addIssue({ code: 'custom', path: ['rootStepId'], message: 'The first step is missing.' });
    } else if (root.type !== 'trigger') {
      ctx.addIssue({
        code: 'custom',
        path: ['rootStepId'],
        message: 'The first step must be the trigger.',
      });
    }
    for (const [stepId, step] of Object.entries(def.steps)) {
      if (step.type === 'trigger' && stepId !== def.rootStepId) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', stepId],
          message: 'A workflow has one trigger, its first step.',
        });
      }
    }
  });
export type WorkflowDefinition = z.infer<typeof workflowDefinitionSchema>;

/** The definition a new workflow starts with: a trigger still to choose. */
export const emptyWorkflowDefinition = (): WorkflowDefinition => ({
  rootStepId: 'trigger',
  steps: { trigger: { type: 'trigger', triggerType: null, resource: null, next: null } },
});

/** The ids a step leads to, each with the branch it takes. */
export function nextStepsOf(step: WorkflowStep): { branch: string; stepId: string | null }[] {
  switch (step.type) {
    case 'trigger':
    case 'action':
      return [{ branch: 'next', stepId: step.next }];
    case 'condition':
      return [
        { branch: 'then', stepId: step.then },
        { branch: 'else', stepId: step.else },
      ];
    case 'wait':
      return step.wait.kind === 'event'
        ? [
            { branch: 'next', stepId: step.next },
            { branch: 'timeoutNext', stepId: step.wait.timeoutNext },
          ]
        : [{ branch: 'next', stepId: step.next }];
    case 'stop':
      return [];
  }
}
