import { z } from 'zod';
import { colorSchema } from '../form-schemas';

/** Status labels (SPEC §3 "message status options"): members read, owners and admins write. */

/** A label's id in a path or an order list. */
export const labelUID = z.string().trim().min(1).max(128);

const labelDisplay = z
  .string()
  .trim()
  .min(1, 'Enter the label text')
  .max(100, 'Keep the label under 100 characters');
const labelColor = colorSchema.transform((c) => c.trim());

export const createStatusLabelBody = z.object({ display: labelDisplay, color: labelColor });
export const patchStatusLabelBody = z
  .object({ display: labelDisplay.optional(), color: labelColor.optional() })
  .refine((b) => b.display !== undefined || b.color !== undefined, {
    message: 'Send display or color',
  });
export const orderStatusLabelsBody = z.object({
  order: z
    .array(labelUID)
    .max(1000)
    .refine((l) => new Set(l).size === l.length, 'List each label once'),
});

export const statusLabelSchema = z.object({
  labelUID: z.string(),
  display: z.string(),
  color: z.string(),
  order: z.number(),
});
export type StatusLabelView = z.infer<typeof statusLabelSchema>;

export const labelsAnswer = z.object({ statusLabels: z.array(statusLabelSchema) });
export const labelAnswer = z.object({ statusLabel: statusLabelSchema });
/** DELETE: the label is gone, and this many contacts lost it. */
export const labelDeletedAnswer = z.object({
  deleted: z.literal(true),
  contacts: z.number(),
});
