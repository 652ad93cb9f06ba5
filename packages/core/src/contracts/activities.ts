import { z } from 'zod';
import { ACTIVITY_TYPES } from '../entities';

/** A contact's timeline (docs/api.md "Contacts"): GET …/contacts/{GTID}/activities. */

/** The page query, with the server's page sizes. */
export const activitiesQuery = (pageSize: { default: number; max: number }) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(pageSize.max).default(pageSize.default),
    cursor: z.string().max(2000).optional(),
    type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ACTIVITY_TYPES).optional()),
  });

export const activityItemSchema = z.object({
  activityUID: z.string(),
  type: z.string(),
  action: z.string(),
  pipelineUID: z.string().nullable(),
  stageUID: z.string().nullable(),
  /** Exact decimal (deal values). */
  value: z.string().nullable(),
  currency: z.string().nullable(),
  refUID: z.string().nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  createdAtUnix: z.number(),
  createdBy: z.string().nullable(),
  createdByUID: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({
  activities: z.array(activityItemSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
