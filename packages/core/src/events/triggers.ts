import { z } from 'zod';

/**
 * The events workflows may start on (SPEC §4 "Workflow triggers"), each with the shape of the
 * `data` its outbox row carries. Every action that fires one writes a `workflow-trigger` outbox
 * row in its own transaction; the workflow engine reads them back through
 * `workflowTriggerPayloadSchema`, so writer and reader agree on one definition.
 */
const tagData = z.object({ tagID: z.string(), name: z.string(), tagSetUID: z.string() });

export const WORKFLOW_TRIGGERS = {
  /** A contact was created (in a pipeline's stage, or in none). */
  contactCreated: z.object({ stageUID: z.string().optional() }),
  /** An existing contact joined a pipeline, in this stage. */
  addedToPipeline: z.object({ stageUID: z.string() }),
  /** A contact moved from one stage to another of its pipeline. */
  stageChanged: z.object({ from: z.string(), to: z.string() }),
  /** A tag was put on a contact (`pipelineUID` null for a tag of a global set). */
  tagAdded: tagData,
  /** A tag was taken off a contact. */
  tagRemoved: tagData,
  /** A contact's status label changed (`null`: no label). */
  statusLabelChanged: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  /** A task on a contact was completed. */
  taskCompleted: z.object({ taskUID: z.string(), name: z.string() }),
  /** The outreach queue sent a message to a contact. */
  messageSent: z.object({
    itemUID: z.string(),
    platform: z.string(),
    templateId: z.string().nullable(),
  }),
  /**
   * The contact replied: a `message` activity coming in (a person logs it until the inbox
   * exists). Workflows wait for it ("until they reply") and may start on it.
   */
  replyReceived: z.object({ activityUID: z.string(), platform: z.string().nullable() }),
  /** A note was added to a contact. */
  noteAdded: z.object({ noteUID: z.string() }),
  /**
   * A date field of the contact's (e.g. a task's due date), moved by the trigger's offset, was
   * reached: `field` names it, `at` is the instant it came due (ISO), `ref` the record it is on.
   */
  dateReached: z.object({ field: z.string(), at: z.string(), ref: z.string().nullable() }),
  /** A daily schedule came round (`at`: the instant, ISO; the time is in the team's zone). */
  schedule: z.object({ at: z.string() }),
  /** A person ran the workflow on chosen contacts (through bulk). */
  manual: z.object({ workflowId: z.string(), bulkJobId: z.string().nullable() }),
} as const satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type TriggerName = keyof typeof WORKFLOW_TRIGGERS;
export type TriggerData<T extends TriggerName> = z.infer<(typeof WORKFLOW_TRIGGERS)[T]>;

export const TRIGGER_NAMES = Object.keys(WORKFLOW_TRIGGERS) as TriggerName[];

/** One trigger event as an action fires it. */
export type TriggerEvent = {
  [T in TriggerName]: {
    trigger: T;
    gtid: string;
    pipelineUID?: string | null;
    data: TriggerData<T>;
  };
}[TriggerName];

const payloadOf = <T extends TriggerName>(trigger: T) =>
  z.object({
    trigger: z.literal(trigger),
    GTID: z.string(),
    pipelineUID: z.string().nullable(),
    byUID: z.string(),
    data: WORKFLOW_TRIGGERS[trigger],
    /** Set when a workflow's step caused it: the depth of the run (the chain it is part of). */
    depth: z.number().int().min(1).optional(),
  });

/** What a `workflow-trigger` outbox row holds: the event, and who caused it. */
export const workflowTriggerPayloadSchema = z.discriminatedUnion('trigger', [
  payloadOf('contactCreated'),
  payloadOf('addedToPipeline'),
  payloadOf('stageChanged'),
  payloadOf('tagAdded'),
  payloadOf('tagRemoved'),
  payloadOf('statusLabelChanged'),
  payloadOf('taskCompleted'),
  payloadOf('messageSent'),
  payloadOf('replyReceived'),
  payloadOf('noteAdded'),
  payloadOf('dateReached'),
  payloadOf('schedule'),
  payloadOf('manual'),
]);

/**
 * The kinds of outbox rows (DESIGN §5): `sync`, one change for one connection (SPEC §3 Sync
 * queue entry); `workflow-trigger`, an event workflows may start on.
 */
export const OUTBOX_KINDS = ['sync', 'workflow-trigger'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
