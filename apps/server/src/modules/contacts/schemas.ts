import { httpUrlSchema, isEmail } from '@leadloom/core';
import { z } from 'zod';

/** Request bodies of the contact routes (docs/api.md "Contacts"); a bad field is a 400 naming it. */

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

export const createContactBody = z.strictObject({
  ...contactFields,
  pipelineUID: id.optional(),
  stageUID: id.optional(),
});
export type CreateContactBody = z.infer<typeof createContactBody>;

export const patchContactBody = z.strictObject(contactFields);
export type PatchContactBody = z.infer<typeof patchContactBody>;

export const addToPipelineBody = z.strictObject({ pipelineUID: id, stageUID: id.optional() });
export type AddToPipelineBody = z.infer<typeof addToPipelineBody>;

export const stageChangeBody = z.strictObject({
  stageUID: id,
  afterGtid: id.nullable().optional(),
  beforeGtid: id.nullable().optional(),
});
export type StageChangeBody = z.infer<typeof stageChangeBody>;
