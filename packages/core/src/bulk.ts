import { z } from 'zod';

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

export const bulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stage'), pipelineUID: uid, stageUID: uid }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

export const bulkRequestSchema = z.object({
  action: bulkActionSchema,
  GTIDs: z
    .array(uid)
    .min(1, 'Select at least one contact.')
    .max(BULK_MAX_CONTACTS, `A bulk action takes up to ${BULK_MAX_CONTACTS} contacts.`),
});
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

export type BulkJobState = 'queued' | 'running' | 'done' | 'failed';
