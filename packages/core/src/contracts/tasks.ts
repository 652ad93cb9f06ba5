import { z } from 'zod';
import {
  repeatDataSchema,
  TASK_STATUSES,
  TASK_TEMPLATE_APPLY_MAX,
  TASK_VIEWS,
  taskTemplateSchema,
  type Task,
} from '../tasks';
import { sameType } from './type-equal';

/** Tasks (docs/api.md "Tasks"): the answers, and the list's query. */

export const taskSchema = z.object({
  taskUID: z.string(),
  GTID: z.string().nullable(),
  contactName: z.string().nullable(),
  name: z.string(),
  notes: z.string(),
  assigneeUID: z.string(),
  dueDate: z.string(),
  dueTime: z.string().nullable(),
  timeZone: z.string(),
  actualDueDate: z.string(),
  status: z.enum(TASK_STATUSES),
  repeat: repeatDataSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
});
sameType<z.infer<typeof taskSchema>, Task>(true);

/** Largest page of a task view. */
export const TASK_PAGE_MAX = 200;

const entityId = z.string().trim().min(1).max(200);

/** GET …/tasks: one view, for the caller (`me`), `everyone` or one member (owners and admins). */
export const taskListQuery = z.object({
  view: z.enum(TASK_VIEWS).default('today'),
  /** `me`, `everyone` or a member's uid. */
  assignee: entityId.default('me'),
  limit: z.coerce.number().int().min(1).max(TASK_PAGE_MAX).optional(),
  cursor: z.string().max(500).optional(),
});

export const taskPageAnswer = z.object({
  tasks: z.array(taskSchema),
  nextCursor: z.string().nullable(),
  /** The "today" (YYYY-MM-DD) each assignee's view used, by uid. */
  today: z.record(z.string(), z.string()),
});
export type TaskPage = z.infer<typeof taskPageAnswer>;

export const tasksAnswer = z.object({ tasks: z.array(taskSchema) });
export const taskAnswer = z.object({ task: taskSchema });
/** A change; `next`: the following occurrence a completed repeating task made. */
export const taskChangeAnswer = z.object({ task: taskSchema, next: taskSchema.nullable() });
export const taskDeletedAnswer = z.object({ deleted: z.literal(true) });

/** The navigation badge: the caller's open tasks due today and overdue, on their `date`. */
export const tasksDueAnswer = z.object({
  today: z.number().int(),
  overdue: z.number().int(),
  date: z.string(),
});

export const taskAssigneesAnswer = z.object({
  members: z.array(z.object({ uid: z.string(), name: z.string(), timeZone: z.string() })),
});

/** A saved task template (docs/api.md "Task templates"). */
export const taskTemplateRowSchema = z.object({
  ...taskTemplateSchema.shape,
  templateUID: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
});
export type TaskTemplateRow = z.infer<typeof taskTemplateRowSchema>;

export const taskTemplatesAnswer = z.object({ taskTemplates: z.array(taskTemplateRowSchema) });
export const taskTemplateAnswer = z.object({ taskTemplate: taskTemplateRowSchema });
export const taskTemplateDeletedAnswer = z.object({ deleted: z.literal(true) });

/** POST …/task-templates/{templateUID}/apply: the contacts that get the template's task. */
export const applyTaskTemplateBody = z
  .object({
    GTIDs: z
      .array(entityId)
      .min(1, 'Pick at least one contact.')
      .max(
        TASK_TEMPLATE_APPLY_MAX,
        `Apply to at most ${TASK_TEMPLATE_APPLY_MAX} contacts at once.`,
      ),
  })
  .strict();
export const appliedTaskTemplateAnswer = z.object({
  created: z.number().int(),
  taskUIDs: z.array(z.string()),
});
