import { z } from 'zod';

/**
 * A contact's parts (docs/api.md "Contacts"): its status label, its tags and its answers per
 * pipeline. Requests and answers.
 */

const uid = z.string().trim().min(1).max(200);

/** PUT …/contacts/{GTID}/status-label: a label, or null to clear it. */
export const setStatusLabelBody = z.object({ labelUID: uid.nullable() });
export const statusLabelAnswer = z.object({ statusLabelUID: z.string().nullable() });
export type StatusLabelAnswer = z.infer<typeof statusLabelAnswer>;

/** POST …/contacts/{GTID}/tags: a tag, on the contact or on its card in one pipeline. */
export const addContactTagBody = z.object({ tagID: uid, pipelineUID: uid.nullable().optional() });

/** DELETE …/tags/{tagID}: `pipelineUID` absent, empty or "global" = the contact's global tags. */
export const removeContactTagQuery = z.object({
  pipelineUID: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (!v || v === 'global' ? null : v)),
});

export const contactTagViewSchema = z.object({
  tagID: z.string(),
  tagSetUID: z.string(),
  /** The pipeline the tag is on the contact's card in; null for a global tag. */
  pipelineUID: z.string().nullable(),
  name: z.string(),
  color: z.string().nullable(),
  orphaned: z.boolean(),
});
export const contactTagAnswer = z.object({ tag: contactTagViewSchema });
export type ContactTagAnswer = z.infer<typeof contactTagAnswer>;
export const contactTagRemovedAnswer = z.object({ removed: z.literal(true) });

export const MAX_ANSWERS = 100;

/** PUT …/contacts/{GTID}/pipelines/{groupUID}/answers: the card's whole list of answers. */
export const replaceAnswersBody = z.object({
  answers: z
    .array(
      z.object({
        questionUID: uid.nullable().optional(),
        question: z
          .string()
          .trim()
          .min(1, 'Write the question.')
          .max(2000, 'A question can hold up to 2000 characters.')
          .optional(),
        answer: z.string().trim().max(10_000, 'An answer can hold up to 10000 characters.'),
      }),
    )
    .max(MAX_ANSWERS, `A contact can keep up to ${MAX_ANSWERS} answers per pipeline.`),
});
export type AnswerInput = z.input<typeof replaceAnswersBody>['answers'][number];

export const answerSchema = z.object({
  answerUID: z.string(),
  questionUID: z.string().nullable(),
  question: z.string(),
  answer: z.string(),
});
export const answersAnswer = z.object({ answers: z.array(answerSchema) });
export type AnswersAnswer = z.infer<typeof answersAnswer>;
