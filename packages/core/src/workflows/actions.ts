import { z } from 'zod';
import { QUEUE_PLATFORMS } from '../message-queue';

/**
 * The one registry of what a workflow's action step may do, each kind with the schema of its
 * `params` and the words the builder and the publish check use. The engine runs each kind with
 * the service a person's own action calls, so an action and a click write the same things.
 */

const id = z.string().trim().min(1).max(200);
const idList = z.array(id).min(1).max(50);

/** Who a task or a notification is for: one member, or the contact's owner when it runs. */
export const workflowMemberSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), uid: id }).strict(),
  z.object({ kind: z.literal('contactOwner') }).strict(),
]);
export type WorkflowMember = z.infer<typeof workflowMemberSchema>;

/** Contact fields an `updateField` action may set (the names of the contact's own fields). */
export const WORKFLOW_UPDATABLE_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'emailAddress',
  'phoneNumber',
] as const;

export const WORKFLOW_ACTIONS = {
  moveToStage: {
    label: 'Move to stage',
    params: z.object({ pipelineUID: id, stageUID: id }).strict(),
  },
  addTags: { label: 'Add tags', params: z.object({ tagIDs: idList }).strict() },
  removeTags: { label: 'Remove tags', params: z.object({ tagIDs: idList }).strict() },
  setStatusLabel: {
    label: 'Set status label',
    /** `null` takes the label off. */
    params: z.object({ labelUID: id.nullable() }).strict(),
  },
  createTask: {
    label: 'Create a task',
    params: z
      .object({
        name: z.string().trim().min(1).max(500),
        notes: z.string().max(5000).optional(),
        assignee: workflowMemberSchema,
        /** Days after the day the step runs (in the assignee's zone): 0 = that day. */
        dueInDays: z.number().int().min(0).max(3650),
        dueTime: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
          .optional(),
      })
      .strict(),
  },
  applyTaskTemplate: {
    label: 'Apply a task template',
    params: z.object({ templateUID: id, assignee: workflowMemberSchema.optional() }).strict(),
  },
  addNote: {
    label: 'Add a note',
    params: z.object({ text: z.string().trim().min(1).max(10_000) }).strict(),
  },
  queueMessage: {
    label: 'Queue a message',
    /** Queued through the outreach queue, with its review and safety rules. */
    params: z.object({ templateId: id, platform: z.enum(QUEUE_PLATFORMS) }).strict(),
  },
  sendWebhook: {
    label: 'Send a webhook',
    /** `secretRef` names a stored signing secret, never the secret itself. */
    params: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000), secretRef: id }).strict(),
  },
  notifyMember: {
    label: 'Notify a member',
    params: z
      .object({ to: workflowMemberSchema, message: z.string().trim().min(1).max(1000) })
      .strict(),
  },
  updateField: {
    label: 'Update a field',
    params: z
      .object({
        field: z.enum(WORKFLOW_UPDATABLE_FIELDS),
        /** `null` clears it. */
        value: z.string().max(1000).nullable(),
      })
      .strict(),
  },
  addToPipeline: {
    label: 'Add to a pipeline',
    params: z.object({ pipelineUID: id, stageUID: id }).strict(),
  },
  removeFromPipeline: {
    label: 'Remove from a pipeline',
    params: z.object({ pipelineUID: id }).strict(),
  },
} as const satisfies Record<string, { label: string; params: z.ZodObject }>;

export type WorkflowActionKind = keyof typeof WORKFLOW_ACTIONS;
export const WORKFLOW_ACTION_KINDS = Object.keys(WORKFLOW_ACTIONS) as [
  WorkflowActionKind,
  ...WorkflowActionKind[],
];
export type WorkflowActionParams<K extends WorkflowActionKind> = z.infer<
  (typeof WORKFLOW_ACTIONS)[K]['params']
>;

/**
 * Actions the runner cannot apply yet, with why: publish refuses a workflow that uses one (the
 * builder shows the same words), rather than let its runs fail. A member's own notifications
 * need their inbox; a webhook's signing secret needs the team's credential store.
 */
export const WORKFLOW_ACTIONS_NOT_YET: Partial<Record<WorkflowActionKind, string>> = {
  notifyMember: '“Notify a member” is not available yet: members have no inbox of their own.',
  sendWebhook:
    '“Send a webhook” is not available yet: signing secrets are kept with connections, which are not built yet.',
};

/** How a missing or wrong parameter reads to a person building the workflow. */
export const WORKFLOW_PARAM_WORDS: Record<string, string> = {
  pipelineUID: 'a pipeline',
  stageUID: 'a stage',
  tagIDs: 'at least one tag',
  labelUID: 'a status label',
  name: 'a task name',
  notes: 'notes',
  assignee: 'who the task is for',
  dueInDays: 'when the task is due',
  dueTime: 'a due time (HH:MM)',
  templateUID: 'a task template',
  text: 'the note’s text',
  templateId: 'a message template',
  platform: 'a platform',
  url: 'a web address (http or https)',
  secretRef: 'a signing secret',
  to: 'who to notify',
  message: 'a message',
  field: 'a field',
  value: 'a value',
};
