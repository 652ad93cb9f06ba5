import { z } from 'zod';

/** Message templates, their categories and types, and "message sent" (docs/api.md "Message templates"). */

export const messageTemplateSchema = z.object({
  templateUID: z.string(),
  name: z.string(),
  body: z.string(),
  categoryID: z.string().nullable(),
  typeID: z.string().nullable(),
  tags: z.array(z.string()),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** A category or a type: both are ordered, named team lists. */
export const templateGroupRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
});
export type TemplateGroup = z.infer<typeof templateGroupRowSchema>;

export const messageTemplateListAnswer = z.object({
  templates: z.array(messageTemplateSchema),
  categories: z.array(templateGroupRowSchema),
  types: z.array(templateGroupRowSchema),
});
export type MessageTemplateList = z.infer<typeof messageTemplateListAnswer>;

export const messageTemplateAnswer = z.object({ template: messageTemplateSchema });
export const messageTemplateDeletedAnswer = z.object({ deleted: z.literal(true) });
export const templateCategoryAnswer = z.object({ category: templateGroupRowSchema });
export const templateTypeAnswer = z.object({ type: templateGroupRowSchema });
/** A deleted category or type; `templates`: how many templates it was cleared from. */
export const templateGroupDeletedAnswer = z.object({
  deleted: z.literal(true),
  templates: z.number().int(),
});

/**
 * POST …/contacts/{GTID}/messages: a message logged as a `message` activity: one the user sent
 * (`out`, the default), or the contact's reply (`in`), which workflows waiting for a reply hear.
 */
export const messageSentBody = z
  .object({
    text: z
      .string()
      .max(20_000, 'Keep the message under 20,000 characters.')
      .refine((t) => t.trim() !== '', 'Write the message.'),
    direction: z.enum(['out', 'in']).optional(),
    templateUID: z.string().trim().min(1).max(128).nullable().optional(),
    platform: z.enum(['facebook', 'instagram', 'linkedin', 'other']).nullable().optional(),
  })
  .strict();
export const messageSentAnswer = z.object({ activityUID: z.string() });
