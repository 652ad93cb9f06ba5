import { z } from 'zod';
import { searchFilterSchema } from './search';
import { taskCreateSchema } from './tasks';
import { queueMessageRequestSchema } from './outreach/queue-items';

/**
 * Bulk actions (SPEC §7 "POST /v2/bulk", issue 7): what one job does to every selected contact,
 * as if a person had done it to each by hand. The web app and the server validate with the same
 * schema. More kinds (tags, label, pipeline, delete, tasks, messages) join this union.
 */

/** Contacts one job may hold. */
export const BULK_MAX_CONTACTS = 50_000;

/** Contacts written per transaction: a crash loses at most one batch's work, which is redone. */
export const BULK_BATCH = 1_000;

const uid = z.string().trim().min(1).max(200);

/** Most tags one bulk tag action adds or removes. */
export const BULK_MAX_TAGS = 50;

const tagIDs = z
  .array(uid)
  .min(1, 'Choose at least one tag.')
  .max(BULK_MAX_TAGS, `A bulk action takes up to ${BULK_MAX_TAGS} tags.`);

export const bulkActionSchema = z.discriminatedUnion('type', [
  /** Move into a stage of a pipeline the contact is in (contacts not in it are failures). */
  z.object({ type: z.literal('stage'), pipelineUID: uid, stageUID: uid }),
  /** Place in a pipeline at a stage (contacts already in it are moved to that stage). */
  z.object({ type: z.literal('add-to-pipeline'), pipelineUID: uid, stageUID: uid }),
  /** Tag: `pipelineUID` null/absent = the contact's global tags, else that pipeline's. */
  z.object({ type: z.literal('tags-add'), tagIDs, pipelineUID: uid.nullable().optional() }),
  z.object({ type: z.literal('tags-remove'), tagIDs, pipelineUID: uid.nullable().optional() }),
  /** Set the status label; null clears it. */
  z.object({ type: z.literal('label'), labelUID: uid.nullable() }),
  /** Delete the contacts (as the contact page's delete does). */
  z.object({ type: z.literal('delete') }),
  /** One task on each contact (issue 8): due on a day in the assignee's zone. */
  z.object({ type: z.literal('task'), task: taskCreateSchema.omit({ GTID: true }) }),
  /** A task template's task on each contact (issue 8), as "Apply template" makes it. */
  z.object({ type: z.literal('task-template'), templateUID: uid }),
  /** One message queued to each contact (the outreach queue), text filled per contact. */
  z.object({
    type: z.literal('queue-message'),
    message: queueMessageRequestSchema.pick({
      platform: true,
      text: true,
      templateId: true,
      queuedToUID: true,
    }),
  }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;
export type BulkActionType = BulkAction['type'];

/**
 * Which contacts: either the ones picked (`GTIDs`) or every contact matching a search filter
 * ("select all matching", resolved on the server when the job is created, through the same
 * search as `POST /v2`), less the ones unticked (`exceptGTIDs`).
 */
export const bulkRequestFields = z
  .object({
    action: bulkActionSchema,
    GTIDs: z
      .array(uid)
      .min(1, 'Select at least one contact.')
      .max(BULK_MAX_CONTACTS, `A bulk action takes up to ${BULK_MAX_CONTACTS} contacts.`)
      .optional(),
    filter: searchFilterSchema.optional(),
    exceptGTIDs: z.array(uid).max(BULK_MAX_CONTACTS).optional(),
  })
  .strict();

/** Exactly one of `GTIDs` and `filter` (for schemas that extend `bulkRequestFields`). */
export function bulkSelectionRule(
  body: { GTIDs?: unknown; filter?: unknown },
  ctx: z.RefinementCtx,
): void {
  if ((body.GTIDs === undefined) === (body.filter === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['GTIDs'],
      message: 'Send either GTIDs (the contacts picked) or filter (every contact matching).',
    });
  }
}

export const bulkRequestSchema = bulkRequestFields.superRefine(bulkSelectionRule);
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

export type BulkJobState = 'queued' | 'running' | 'done' | 'failed';
