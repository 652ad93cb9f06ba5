import { z } from 'zod';
import { colorSchema } from '../form-schemas';

/** Tag sets, tags and tag reconciliation (docs/api.md "Tags, status labels, tag reconciliation"). */

const id = z.string().trim().min(1).max(128);
const name = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(200, 'Keep the name under 200 characters');
const value = z.string().trim().max(500, 'Keep the value under 500 characters');
const remoteID = z.string().trim().max(200, 'Keep the remote ID under 200 characters').nullable();
const color = colorSchema.transform((c) => c.trim());

export const tagCreateBody = z.object({
  name,
  value: value.optional(),
  /** null or absent = the tag set's colour. */
  color: color.nullable().optional(),
  remoteID: remoteID.optional(),
});

export const tagPatchBody = z
  .object({
    name: name.optional(),
    value: value.optional(),
    color: color.nullable().optional(),
    remoteID: remoteID.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, value, color or remoteID',
  });

export const tagSetCreateBody = z.object({
  name,
  color: color.optional(),
  pipelineUID: id.nullable().optional(),
  connectionUID: id.nullable().optional(),
  tags: z.array(tagCreateBody).max(500, 'Add at most 500 tags at once').optional(),
});

export const tagSetPatchBody = z
  .object({
    name: name.optional(),
    color: color.optional(),
    connectionUID: id.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, color or connectionUID',
  });

const orderList = z
  .array(id)
  .max(2000)
  .refine((l) => new Set(l).size === l.length, 'List each item once');

export const tagSetsOrderBody = z.object({ pipelineUID: id.nullable(), order: orderList });
export const tagsOrderBody = z.object({ order: orderList });
export const orphanMapBody = z.object({ tagID: id });

export const tagSetsQuery = z.object({ pipelineUID: id.optional() });
export const tagIdParam = id;

/** A tag as the API answers it; `color` null = the tag set's colour. */
export const tagSchema = z.object({
  tagID: z.string(),
  name: z.string(),
  value: z.string(),
  color: z.string().nullable(),
  remoteID: z.string().nullable(),
  order: z.number().int(),
  /** Contacts (that the caller may see) carrying this tag. */
  contacts: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagSetSchema = z.object({
  tagSetUID: z.string(),
  /** null: a global tag set. */
  pipelineUID: z.string().nullable(),
  name: z.string(),
  color: z.string(),
  connectionUID: z.string().nullable(),
  order: z.number().int(),
  /** Contacts (that the caller may see) carrying any of its tags. */
  contacts: z.number().int(),
  tags: z.array(tagSchema),
});
export type TagSet = z.infer<typeof tagSetSchema>;

/** A tag on contacts whose tag set no longer has it. */
export const orphanedTagSchema = z.object({
  tagID: z.string(),
  name: z.string(),
  tagSetUID: z.string(),
  contacts: z.number().int(),
});
export type OrphanedTag = z.infer<typeof orphanedTagSchema>;

export const tagSetsAnswer = z.object({ tagSets: z.array(tagSetSchema) });
export const tagSetAnswer = z.object({ tagSet: tagSetSchema });
export const tagAnswer = z.object({ tag: tagSchema });
/** A deleted tag set: how many tags went with it, and on how many contacts. */
export const tagSetDeletedAnswer = z.object({
  deleted: z.object({ tags: z.number().int(), onContacts: z.number().int() }),
});
export const tagDeletedAnswer = z.object({ onContacts: z.number().int() });
export const orphanedTagsAnswer = z.object({ orphanedTags: z.array(orphanedTagSchema) });
export const orphanMappedAnswer = z.object({ updated: z.number().int() });
export const orphanRemovedAnswer = z.object({ removed: z.number().int() });
