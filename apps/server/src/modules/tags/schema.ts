import { colorSchema } from '@leadloom/core';
import { z } from 'zod';

/** Request shapes of the tags routes (docs/api.md "Tags, status labels, tag reconciliation"). */

const id = z.string().trim().min(1).max(128);
const name = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(200, 'Keep the name under 200 characters');
const value = z.string().trim().max(500, 'Keep the value under 500 characters');
const remoteID = z.string().trim().max(200, 'Keep the remote ID under 200 characters').nullable();
const color = colorSchema.transform((c) => c.trim());

export const tagBody = z.object({
  name,
  value: value.optional(),
  /** null or absent = the tag set's colour. */
  color: color.nullable().optional(),
  remoteID: remoteID.optional(),
});

export const tagPatch = z
  .object({
    name: name.optional(),
    value: value.optional(),
    color: color.nullable().optional(),
    remoteID: remoteID.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, value, color or remoteID',
  });

export const tagSetBody = z.object({
  name,
  color: color.optional(),
  pipelineUID: id.nullable().optional(),
  connectionUID: id.nullable().optional(),
  tags: z.array(tagBody).max(500, 'Add at most 500 tags at once').optional(),
});

export const tagSetPatch = z
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
export const mapBody = z.object({ tagID: id });

export const tagSetsQuery = z.object({ pipelineUID: id.optional() });
export const idParam = id;
