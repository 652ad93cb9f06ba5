import { z } from 'zod';
import { isEmail } from '../validators';
import { httpUrlSchema } from '../web-address';
import { answerSchema } from './contact-parts';
import { contactDealSchema } from './deals';

/** Contacts (docs/api.md "Contacts"): requests and answers; a bad field is a 400 naming it. */

const id = z.string().trim().min(1).max(200);
const name = z.string().trim().max(200);

/** Blank = none (clears the field on an edit). */
const email = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || isEmail(v), {
    message: 'Enter a valid e-mail address, like name@example.com.',
  })
  .nullable();

const phone = z
  .string()
  .trim()
  .max(50)
  .refine((v) => v === '' || /^[+()\d\s.\-/]*\d[+()\d\s.\-/]*$/.test(v), {
    message: 'Enter a phone number with digits (spaces, +, -, ., / and brackets are fine).',
  })
  .nullable();

const photoURL = httpUrlSchema('Photo URL', { allowBlank: true }).nullable();

const sources = z.array(z.string().trim().min(1).max(100)).max(50);

/** Profile link per platform (facebook, instagram, linkedin, ...). */
const profiles = z.record(
  z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, {
    message: 'A platform is a lower-case name like facebook.',
  }),
  httpUrlSchema('Profile link', { max: 2000, allowBlank: true }),
);

const contactFields = {
  firstName: name.optional(),
  lastName: name.optional(),
  fullName: name.optional(),
  emailAddress: email.optional(),
  phoneNumber: phone.optional(),
  photoURL: photoURL.optional(),
  sources: sources.optional(),
  profiles: profiles.optional(),
};

/** POST …/contacts: the contact, optionally placed in a pipeline's stage. */
export const createContactBody = z.strictObject({
  ...contactFields,
  pipelineUID: id.optional(),
  stageUID: id.optional(),
});
export type CreateContactBody = z.infer<typeof createContactBody>;

/** PATCH …/contacts/{GTID}: any contact field. */
export const patchContactBody = z.strictObject(contactFields);
export type PatchContactBody = z.infer<typeof patchContactBody>;

/** POST …/contacts/{GTID}/pipelines: the pipeline and stage (default: the placeholder). */
export const addToPipelineBody = z.strictObject({ pipelineUID: id, stageUID: id.optional() });
export type AddToPipelineBody = z.infer<typeof addToPipelineBody>;

/** PUT …/contacts/{GTID}/pipelines/{groupUID}/stage: the stage and the card's neighbours there. */
export const stageChangeBody = z.strictObject({
  stageUID: id,
  afterGtid: id.nullable().optional(),
  beforeGtid: id.nullable().optional(),
});
export type StageChangeBody = z.infer<typeof stageChangeBody>;

/** A contact's own fields as its answer carries them. */
export const contactRecordSchema = z.object({
  GTID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoURL: z.string().nullable(),
  sources: z.array(z.string()),
  profiles: z.record(z.string(), z.string()),
  statusLabelUID: z.string().nullable(),
  syncedTo: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastActivityAt: z.string().nullable(),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;

/** A tag on the contact, global or on one of its pipelines' cards. */
export const contactTagEntrySchema = z.object({
  tagID: z.string(),
  tagSetUID: z.string(),
  name: z.string(),
  /** The tag's colour, else its set's; null for an orphaned tag. */
  color: z.string().nullable(),
  /** On the contact but in no tag set any more (SPEC §3 Team orphanedTags). */
  orphaned: z.boolean(),
});
export type ContactTagEntry = z.infer<typeof contactTagEntrySchema>;

export const stageHistoryEntrySchema = z.object({
  id: z.string(),
  stageUID: z.string(),
  /** Null when the stage has since been deleted. */
  name: z.string().nullable(),
  at: z.string(),
});
export type StageHistoryEntry = z.infer<typeof stageHistoryEntrySchema>;

/** The contact's card in a pipeline the caller sees, with what belongs to it there. */
export const contactPipelineSchema = z.object({
  groupUID: z.string(),
  nickName: z.string(),
  stageUID: z.string(),
  stage: z.object({
    name: z.string(),
    color: z.string(),
    fontColor: z.string(),
    idx: z.number().int(),
  }),
  addedAt: z.string(),
  stageChangedAt: z.string(),
  /** Oldest first. */
  stagesHistory: z.array(stageHistoryEntrySchema),
  deals: z.array(contactDealSchema),
  answers: z.array(answerSchema),
  tags: z.array(contactTagEntrySchema),
});
export type ContactPipelineEntry = z.infer<typeof contactPipelineSchema>;

/** GET, POST and PATCH …/contacts: the contact with its visible pipelines and global tags. */
export const contactAnswer = z.object({
  contact: contactRecordSchema,
  pipelines: z.array(contactPipelineSchema),
  globalTags: z.array(contactTagEntrySchema),
});
export type ContactWithPipelines = z.infer<typeof contactAnswer>;

export const contactDeletedAnswer = z.object({ deleted: z.string() });
export const contactPipelineAnswer = z.object({ pipeline: contactPipelineSchema });
export const contactPipelineRemovedAnswer = z.object({ removed: z.literal(true) });
export const stageHistoryDeletedAnswer = z.object({ deleted: z.literal(true) });

/** Where the card is after a stage change, and what the change wrote (null: nothing). */
export const stageChangeAnswer = z.object({
  stageUID: z.string(),
  position: z.string(),
  historyId: z.string().nullable(),
  activityUID: z.string().nullable(),
});
export type StageChangeAnswer = z.infer<typeof stageChangeAnswer>;
