import { z } from 'zod';
import { colorSchema } from '../form-schemas';
import { httpUrlSchema } from '../web-address';

/** Pipelines, stages, phases and team questions (docs/api.md "Pipelines, stages, phases, questions"). */

const name = (what: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, `Enter a ${what}`)
    .max(max, `Keep the ${what} under ${max + 1} characters`);
const uid = z.string().min(1).max(200);
const url = httpUrlSchema('Facebook group URL', { max: 2000, allowBlank: true }).transform((v) =>
  v === '' ? null : v,
);
const remoteID = z
  .union([z.string().trim().max(200), z.number()])
  .nullable()
  .transform((v) => (v === null || v === '' ? null : String(v)));

export const pipelineCreateBody = z.strictObject({
  nickName: name('pipeline name'),
  isDefault: z.boolean().optional(),
  fbGroupURL: url.nullable().optional(),
  fbConnected: z.boolean().optional(),
  igConnected: z.boolean().optional(),
  stages: z
    .array(
      z.strictObject({
        name: name('stage name'),
        color: colorSchema.optional(),
        fontColor: colorSchema.optional(),
      }),
    )
    .max(100)
    .optional(),
});

export const pipelinePatchBody = z.strictObject({
  nickName: name('pipeline name').optional(),
  isDefault: z.boolean().optional(),
  fbGroupURL: url.nullable().optional(),
  fbConnected: z.boolean().optional(),
  igConnected: z.boolean().optional(),
  connections: z.array(uid).max(200).optional(),
  questions: z.array(uid).max(1000).optional(),
});

export const stageCreateBody = z.strictObject({
  name: name('stage name'),
  color: colorSchema.optional(),
  fontColor: colorSchema.optional(),
  description: z.string().max(2000).optional(),
  phase: uid.nullable().optional(),
  remoteID: remoteID.optional(),
});

export const stagePatchBody = stageCreateBody.partial();

/** The whole list of pipelines, stages or phases in their new order. */
export const setupOrderBody = z.strictObject({ order: z.array(uid).max(1000) });
/** Where a deleted stage's contacts go (default: the placeholder stage). */
export const stageDeleteQuery = z.object({ moveTo: uid.optional() });

export const phaseCreateBody = z.strictObject({
  name: name('phase name'),
  color: colorSchema.optional(),
});
export const phasePatchBody = phaseCreateBody.partial();

export const QUESTION_KINDS = ['live', 'test'] as const;
const questionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const questionCreateBody = z.strictObject({
  question: name('question', 1000),
  kind: questionKind.default('live'),
});
export const questionPatchBody = z.strictObject({
  question: name('question', 1000).optional(),
  kind: questionKind.optional(),
});
export const questionsOrderBody = z.strictObject({
  kind: questionKind,
  order: z.array(uid).max(1000),
});

/** A pipeline as its setup answers it. */
export const setupPipelineSchema = z.object({
  groupUID: z.string(),
  nickName: z.string(),
  isDefault: z.boolean(),
  fbGroupURL: z.string().nullable(),
  fbConnected: z.boolean(),
  igConnected: z.boolean(),
  order: z.number().int(),
  rules: z.record(z.string(), z.unknown()),
  /** Connections that sync this pipeline. */
  connections: z.array(z.string()),
  /** The team's questions this pipeline asks, in the team's order (a new pipeline asks none). */
  questions: z.array(z.string()),
});
export type SetupPipeline = z.infer<typeof setupPipelineSchema>;

/** A stage as the pipeline setup answers it. */
export const setupStageSchema = z.object({
  stageUID: z.string(),
  name: z.string(),
  color: z.string(),
  fontColor: z.string(),
  description: z.string(),
  phase: z.string().nullable(),
  idx: z.number().int(),
  remoteID: z.string().nullable(),
  /** Contacts in the stage. */
  count: z.number().int(),
  /** The "Set Stage..." stage every pipeline has at idx 0: locked, first. */
  placeholder: z.boolean(),
});
export type SetupStage = z.infer<typeof setupStageSchema>;

export const pipelineDetailAnswer = z.object({
  pipeline: setupPipelineSchema,
  stages: z.array(setupStageSchema),
});
export type PipelineDetail = z.infer<typeof pipelineDetailAnswer>;

/** What deleting a pipeline removes (the placeholder stage is not counted). */
export const deleteImpactSchema = z.object({
  stages: z.number().int(),
  contacts: z.number().int(),
  tagSets: z.number().int(),
  deals: z.number().int(),
});
export type DeleteImpact = z.infer<typeof deleteImpactSchema>;
export const pipelineDeletedAnswer = z.object({ deleted: deleteImpactSchema });

export const stageAnswer = z.object({ stage: setupStageSchema });
export const stagesAnswer = z.object({ stages: z.array(setupStageSchema) });
/** How many contacts moved out of the deleted stage. */
export const stageDeletedAnswer = z.object({ moved: z.number().int() });

export const phaseSchema = z.object({
  phaseUID: z.string(),
  name: z.string(),
  color: z.string(),
  order: z.number().int(),
});
export type Phase = z.infer<typeof phaseSchema>;
export const phaseAnswer = z.object({ phase: phaseSchema });
export const phasesAnswer = z.object({ phases: z.array(phaseSchema) });

export const questionSchema = z.object({
  questionUID: z.string(),
  question: z.string(),
  order: z.number().int(),
  kind: questionKind,
});
export type Question = z.infer<typeof questionSchema>;
export const questionAnswer = z.object({ question: questionSchema });
export const questionListsAnswer = z.object({
  questions: z.array(questionSchema),
  testQuestions: z.array(questionSchema),
});
export type QuestionLists = z.infer<typeof questionListsAnswer>;

/** A deleted phase or question. */
export const setupDeletedAnswer = z.object({ deleted: z.literal(true) });
