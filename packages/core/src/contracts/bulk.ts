import { z } from 'zod';
import { bulkActionSchema, bulkRequestFields, bulkSelectionRule } from '../bulk';

/** Bulk jobs (docs/api.md "Bulk actions"); the request is core's `bulkRequestSchema`. */

export const BULK_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** `POST /v2/bulk`: the same request, its team in the body. */
export const v2BulkRequestSchema = bulkRequestFields
  .extend({ teamUID: z.string().trim().min(1).max(200) })
  .superRefine(bulkSelectionRule);

/** A job just created: its id and how many contacts it acts on. */
export const bulkJobCreatedSchema = z.object({ jobUID: z.string(), total: z.number() });
export type BulkJobCreated = z.infer<typeof bulkJobCreatedSchema>;

export const bulkJobSchema = z.object({
  jobUID: z.string(),
  createdBy: z.string(),
  action: bulkActionSchema,
  state: z.enum(BULK_JOB_STATES),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The first failures, each with its reason. */
  failures: z.array(z.object({ GTID: z.string(), error: z.string() })),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkJobAnswerSchema = z.object({ job: bulkJobSchema });
