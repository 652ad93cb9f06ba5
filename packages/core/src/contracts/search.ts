import { z } from 'zod';
import type { SearchAnswer } from '../search';
import { sameType } from './type-equal';

/** The search service (`POST /v2`, SPEC §7): its answer; the request is `searchRequestSchema`. */

export const searchHitSchema = z.object({
  GTID: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoURL: z.string().nullable(),
  sources: z.array(z.string()),
  profiles: z.record(z.string(), z.string()),
  statusLabelUID: z.string().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string().nullable(),
  pipelines: z.array(z.object({ pipelineUID: z.string(), stageUID: z.string() })),
  tagIDs: z.array(z.string()),
  dealValue: z.string(),
  answers: z.array(
    z.object({ questionUID: z.string().nullable(), question: z.string(), answer: z.string() }),
  ),
});

export const searchAnswerSchema = z.object({
  hits: z.array(searchHitSchema),
  total: z.object({ value: z.number(), relation: z.enum(['eq', 'gte']) }),
  searchAfter: z.string().nullable(),
  from: z.number(),
  size: z.number(),
  pipelineUID: z.string().nullable(),
});
sameType<z.infer<typeof searchAnswerSchema>, SearchAnswer>(true);

/** `POST /v2` answers `{data: SearchAnswer}`. */
export const searchResponseSchema = z.object({ data: searchAnswerSchema });
