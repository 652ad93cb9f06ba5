import { z } from 'zod';

/**
 * The board's API shapes (GET /api/teams/{teamUID}/pipelines, .../board and its stage pages):
 * what the server's board module answers and the web app's board reads, in one place.
 */

export const pipelineSummarySchema = z.object({
  groupUID: z.string(),
  nickName: z.string(),
  isDefault: z.boolean(),
  order: z.number().int(),
  contactCount: z.number().int(),
});
export type PipelineSummary = z.infer<typeof pipelineSummarySchema>;

export const cardTagSchema = z.object({
  tagID: z.string(),
  name: z.string(),
  /** The tag's colour, else its tag set's. */
  color: z.string(),
});
export type CardTag = z.infer<typeof cardTagSchema>;

export const cardLabelSchema = z.object({
  labelUID: z.string(),
  display: z.string(),
  color: z.string(),
});
export type CardLabel = z.infer<typeof cardLabelSchema>;

export const boardCardSchema = z.object({
  GTID: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** ISO timestamp. */
  lastActivityAt: z.string().nullable(),
  /** Global tags then this pipeline's, in tag-set then tag order; orphaned tags are left out. */
  tags: z.array(cardTagSchema),
  statusLabel: cardLabelSchema.nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** Sums of a stage's open and won deals in one currency (exact decimal strings). */
export const dealTotalSchema = z.object({
  currency: z.string(),
  open: z.string(),
  won: z.string(),
});
export type DealTotal = z.infer<typeof dealTotalSchema>;

export const contactPageSchema = z.object({
  contacts: z.array(boardCardSchema),
  /** Opaque; null when the stage has no more contacts. */
  nextCursor: z.string().nullable(),
});
export type ContactPage = z.infer<typeof contactPageSchema>;

export const boardStageSchema = contactPageSchema.extend({
  stageUID: z.string(),
  name: z.string(),
  color: z.string(),
  fontColor: z.string(),
  /** 0 is the placeholder stage "Set Stage...". */
  idx: z.number().int(),
  /** Contacts in the stage, of which `contacts` is the loaded part. */
  count: z.number().int(),
  /** Per currency; lost deals are left out. Empty when the stage has no open or won deals. */
  dealTotals: z.array(dealTotalSchema),
});
export type BoardStage = z.infer<typeof boardStageSchema>;

export const boardSchema = z.object({
  pipeline: z.object({ groupUID: z.string(), nickName: z.string(), isDefault: z.boolean() }),
  stages: z.array(boardStageSchema),
});
export type Board = z.infer<typeof boardSchema>;

export const pipelineSummariesAnswer = z.object({ pipelines: z.array(pipelineSummarySchema) });

/** Cards per stage the board and a stage page send unless asked, and at most. */
export const BOARD_DEFAULT_PAGE = 50;
export const BOARD_MAX_PAGE = 200;

/** The board's and a stage page's query: the page size, and where a stage page goes on. */
export const boardPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(BOARD_MAX_PAGE).default(BOARD_DEFAULT_PAGE),
  cursor: z.string().max(2000).optional(),
});
