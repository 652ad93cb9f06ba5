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

const cardFields = {
  GTID: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** ISO timestamp. */
  lastActivityAt: z.string().nullable(),
  statusLabel: cardLabelSchema.nullable(),
};

/**
 * A card as the board and a stage page send it: its tags by id. Each tag is described once per
 * answer (the answer's `tags`), not once per card that carries it: building and sending a tag
 * object per card was most of the board read's database time.
 */
export const boardCardAnswerSchema = z.object({
  ...cardFields,
  /** Ids of its global tags and this pipeline's, in no order; see the answer's `tags`. */
  tagIDs: z.array(z.string()),
});
export type BoardCardAnswer = z.infer<typeof boardCardAnswerSchema>;

/** A card as the web keeps and shows it: its tags resolved and in order. */
export const boardCardSchema = z.object({
  ...cardFields,
  /** Global tags then this pipeline's, in tag-set then tag order; orphaned tags are left out. */
  tags: z.array(cardTagSchema),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** Sums of a stage's open and won deals in one currency (exact decimal strings). */
export const dealTotalSchema = z.object({
  currency: z.string(),
  open: z.string(),
  won: z.string(),
});
export type DealTotal = z.infer<typeof dealTotalSchema>;

/**
 * The tags an answer's cards carry, each once, in display order: global tag sets before the
 * pipeline's, then the sets' order, then the tags' order. An id a card carries that is not here is
 * an orphaned tag (its tag set is gone), which the board does not show.
 */
const answerTags = z.array(cardTagSchema);

const pageFields = {
  /** Opaque; null when the stage has no more contacts. */
  nextCursor: z.string().nullable(),
};

export const contactPageAnswerSchema = z.object({
  contacts: z.array(boardCardAnswerSchema),
  ...pageFields,
  tags: answerTags,
});
export type ContactPageAnswer = z.infer<typeof contactPageAnswerSchema>;

export const contactPageSchema = z.object({ contacts: z.array(boardCardSchema), ...pageFields });
export type ContactPage = z.infer<typeof contactPageSchema>;

const stageFields = {
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
  ...pageFields,
};

const pipelineRef = z.object({
  groupUID: z.string(),
  nickName: z.string(),
  isDefault: z.boolean(),
});

export const boardAnswerSchema = z.object({
  pipeline: pipelineRef,
  stages: z.array(z.object({ ...stageFields, contacts: z.array(boardCardAnswerSchema) })),
  tags: answerTags,
});
export type BoardAnswer = z.infer<typeof boardAnswerSchema>;

export const boardStageSchema = z.object({ ...stageFields, contacts: z.array(boardCardSchema) });
export type BoardStage = z.infer<typeof boardStageSchema>;

export const boardSchema = z.object({ pipeline: pipelineRef, stages: z.array(boardStageSchema) });
export type Board = z.infer<typeof boardSchema>;

/** Puts each card's tags in place of its ids, in the answer's order, leaving out unknown ids. */
function resolveCards(cards: readonly BoardCardAnswer[], tags: readonly CardTag[]): BoardCard[] {
  const rank = new Map(tags.map((t, i) => [t.tagID, i]));
  return cards.map(({ tagIDs, ...card }) => ({
    ...card,
    tags: [...new Set(tagIDs)]
      .map((id) => rank.get(id))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b)
      .map((i) => tags[i]!),
  }));
}

/** The board as the web keeps it, from the board's answer. */
export function resolveBoard(answer: BoardAnswer): Board {
  return {
    pipeline: answer.pipeline,
    stages: answer.stages.map((stage) => ({
      ...stage,
      contacts: resolveCards(stage.contacts, answer.tags),
    })),
  };
}

/** A stage page as the web keeps it, from the page's answer. */
export function resolveContactPage(answer: ContactPageAnswer): ContactPage {
  return {
    contacts: resolveCards(answer.contacts, answer.tags),
    nextCursor: answer.nextCursor,
  };
}

export const pipelineSummariesAnswer = z.object({ pipelines: z.array(pipelineSummarySchema) });

/** Cards per stage the board and a stage page send unless asked, and at most. */
export const BOARD_DEFAULT_PAGE = 50;
export const BOARD_MAX_PAGE = 200;

/** The board's and a stage page's query: the page size, and where a stage page goes on. */
export const boardPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(BOARD_MAX_PAGE).default(BOARD_DEFAULT_PAGE),
  cursor: z.string().max(2000).optional(),
});
